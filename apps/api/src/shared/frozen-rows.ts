/**
 * Rows that never change, checked and serialised once.
 *
 * The in-memory read models (coupons, cashback offers, merchants) hold their wire rows for the life of a
 * snapshot, and a list answer is a page of them. Checking each row against its schema and serialising it again on
 * every request was most of a computed coupon page's cost. A read model deep-freezes its rows (`deepFreeze`);
 * then, because a deeply frozen value can never differ from what it was:
 * - the exact check remembers that such a row passed its element schema (exact-check.ts);
 * - `listJson` serialises a list answer with each such row's JSON text computed once.
 * Anything not deeply frozen is checked and serialised every time, as before.
 */

/** Freezes a value and everything reachable from it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const deeplyFrozen = new WeakSet<object>();

/** Whether nothing reachable from a value can change (remembered per object: the answer cannot change either). */
export function isDeeplyFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (deeplyFrozen.has(value)) return true;
  if (!Object.isFrozen(value)) return false;
  for (const inner of Object.values(value)) if (!isDeeplyFrozen(inner)) return false;
  deeplyFrozen.add(value);
  return true;
}

const texts = new WeakMap<object, string>();

/** JSON text of a deeply frozen row, computed on first use. */
function rowJson(row: object): string {
  let text = texts.get(row);
  if (text === undefined) {
    text = JSON.stringify(row);
    texts.set(row, text);
  }
  return text;
}

/**
 * A response body already serialised: sent as it is by the app's `res.json` (app.ts) and stored as it is by the
 * response cache. Made only by `listJson`, from a body that passed response validation.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

const isRowList = (value: unknown): value is object[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row) && isDeeplyFrozen(row));

/**
 * The JSON text of a plain-object body whose lists of deeply frozen rows are spliced in from each row's kept text
 * (the same text `JSON.stringify` gives: same keys, same order), or undefined when the body has no such list.
 */
export function listJson(body: unknown): JsonText | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const entries = Object.entries(body);
  // Decided before serialising anything: most bodies have no such list and go to JSON.stringify whole.
  const rowLists = entries.map(([, value]) => isRowList(value));
  if (!rowLists.includes(true)) return undefined;
  const parts: string[] = [];
  entries.forEach(([key, value], index) => {
    if (value === undefined || typeof value === 'function') return;
    const text = rowLists[index] ? `[${(value as object[]).map(rowJson).join(',')}]` : JSON.stringify(value);
    parts.push(`${JSON.stringify(key)}:${text}`);
  });
  return new JsonText(`{${parts.join(',')}}`);
}
