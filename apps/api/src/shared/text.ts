/** Plain-text helpers shared by the in-memory lists. */

/** Code-unit order (the order of `<` on strings): stable and locale-free, for sorting keys and ids. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What a search box's text looks for: trimmed and lower-cased; '' for a missing or blank text. */
export function searchNeedle(searchText: string | undefined): string {
  return searchText?.trim().toLowerCase() ?? '';
}

/** A text as a regular expression that matches it literally (`.*(` and `$` stand for themselves). */
export function literalPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A case-insensitive substring matcher for a search box's text: the needle is found with `includes`, so the
 * user's text is never a pattern. A missing or blank text matches everything. Haystacks must be lower-case.
 */
export function textMatcher(searchText: string | undefined): (haystack: string) => boolean {
  const needle = searchNeedle(searchText);
  return needle === '' ? () => true : (haystack) => haystack.includes(needle);
}

/**
 * A flat copy of a string built by concatenation. V8 keeps `a + b` and template literals as trees of their parts
 * (cons strings), each part a heap object; a read model holding hundreds of thousands of them makes every full
 * garbage collection mark three objects where one would do. Meant for strings kept for the life of a snapshot.
 */
export function flatString(text: string): string {
  return text.length === 0 ? text : Buffer.from(text, 'utf8').toString('utf8');
}
