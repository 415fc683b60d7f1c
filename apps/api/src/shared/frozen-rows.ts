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

/**
 * A presenter that keeps what it presents, deep-frozen, per key object (a stored row, a day's totals): a row built
 * from something that never changes is then built, checked and serialised once however many answers show it.
 * `keyOf` names that key, or undefined when the argument's row may change (presented afresh each time).
 */
export function keptFrozen<Arg, Row extends object>(
  keyOf: (arg: Arg) => object | undefined,
  present: (arg: Arg) => Row,
): (arg: Arg) => Row {
  const kept = new WeakMap<object, Row>();
  return (arg) => {
    const key = keyOf(arg);
    if (key === undefined) return present(arg);
    let row = kept.get(key);
    if (!row) {
      row = deepFreeze(present(arg));
      kept.set(key, row);
    }
    return row;
  };
}

const encoded = new WeakMap<object, Buffer>();

/** The UTF-8 JSON of a deeply frozen row, computed on first use. */
function rowBytes(row: object): Buffer {
  let bytes = encoded.get(row);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(row));
    encoded.set(row, bytes);
  }
  return bytes;
}

/**
 * A response body already serialised, as UTF-8 bytes: sent as it is by the app's `res.json` (app.ts) and stored as
 * it is by the response cache. Made only by `listJson`, from a body that passed response validation.
 */
export class JsonText {
  constructor(readonly bytes: Buffer) {}

  toString(): string {
    return this.bytes.toString('utf8');
  }
}

const isRowList = (value: unknown): value is object[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row) && isDeeplyFrozen(row));

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Where a body's lists of deeply frozen rows are: `true` for such a list, a map of the entries holding one for a
 * plain object that holds one at some depth, undefined for anything else (serialised by JSON.stringify whole).
 */
type RowListPlan = true | Map<string, RowListPlan> | undefined;

function planOf(value: unknown): RowListPlan {
  if (isRowList(value)) return true;
  if (!isPlainObject(value)) return undefined;
  let inner: Map<string, RowListPlan> | undefined;
  for (const [key, entry] of Object.entries(value)) {
    const plan = planOf(entry);
    if (plan !== undefined) (inner ??= new Map()).set(key, plan);
  }
  return inner;
}

const COMMA = Buffer.from(',');
const OPEN_LIST = Buffer.from('[');
const CLOSE_LIST = Buffer.from(']');
const OPEN_OBJECT = Buffer.from('{');
const CLOSE_OBJECT = Buffer.from('}');

/**
 * Appends the JSON of a value to `chunks`: a list of frozen rows as their kept bytes, a plain object holding one
 * entry by entry, anything else as JSON.stringify writes it. False when JSON.stringify would leave the value out.
 */
function writeJson(value: unknown, plan: RowListPlan, chunks: Buffer[]): boolean {
  if (plan === undefined) {
    const text = JSON.stringify(value) as string | undefined;
    if (text === undefined) return false;
    chunks.push(Buffer.from(text));
  } else if (plan === true) {
    chunks.push(OPEN_LIST);
    (value as object[]).forEach((row, index) => {
      if (index > 0) chunks.push(COMMA);
      chunks.push(rowBytes(row));
    });
    chunks.push(CLOSE_LIST);
  } else {
    chunks.push(OPEN_OBJECT);
    let first = true;
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      const at = chunks.length;
      chunks.push(first ? Buffer.from(`${JSON.stringify(key)}:`) : Buffer.from(`,${JSON.stringify(key)}:`));
      if (writeJson(entry, plan.get(key), chunks)) first = false;
      else chunks.length = at;
    }
    chunks.push(CLOSE_OBJECT);
  }
  return true;
}

/**
 * The JSON text of a plain-object body whose lists of deeply frozen rows, at any depth of plain objects, are
 * spliced in from each row's kept bytes (the same text `JSON.stringify` gives: same keys, same order), or
 * undefined when the body has no such list.
 */
export function listJson(body: unknown): JsonText | undefined {
  // Decided before serialising anything: most bodies have no such list and go to JSON.stringify whole.
  const plan = isPlainObject(body) ? planOf(body) : undefined;
  if (plan === undefined) return undefined;
  const chunks: Buffer[] = [];
  writeJson(body, plan, chunks);
  return new JsonText(Buffer.concat(chunks));
}
