/** Splits text into what a reader sees as characters: an emoji (even one of several code points) is one. */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Initials from the first two words of the full name (part 2 §2 "My Account"), each a whole character. */
export function initialsOf(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 2)
    .map((word) => (graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '').toUpperCase())
    .join('');
}
