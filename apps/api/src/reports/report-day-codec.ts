import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type { StoredRow } from './report-partition.model';

/**
 * How a saved day's rows are stored: one column per field (an array of that field's values, in row order, text
 * with repeats as a dictionary), serialised as JSON and deflated, in one binary field. Why: a day of a large vendor holds thousands of rows, and
 * FerretDB v1 decodes every nested document of a read outside SQLite; one binary value per day is cheap for it to
 * return, about a tenth of the bytes of the row documents (columns of similar values deflate well), and
 * `JSON.parse` of flat arrays is the fastest decoder Node has. JSON keeps every number exactly (shortest
 * round-trip form; -0 comes back as 0) and every string as is. Deflating and inflating run on libuv's thread
 * pool, not on the thread that answers requests.
 *
 * Format versions: the JSON is `{ format, columns }`. Days stored before versions existed are a bare columns
 * object (format 0). A field added later gets an entry in `ADDED_FIELDS` with the value older days read as; a day
 * of a newer format than this code knows is refused with a clear error instead of being misread.
 */

const inflateRawAsync = promisify(inflateRaw);
const deflateRawAsync = promisify(deflateRaw);

/** The format `packRows` writes. */
export const DAY_FORMAT = 1;

/** The fields of a stored row, in column order. */
const FIELDS = [
  'merchantName',
  'domain',
  'category',
  'country',
  'device',
  'placementId',
  'clickId',
  'subId',
  'isCPC',
  'clicks',
  'salesCount',
  'sales',
  'earnings',
  'earningsEur',
] as const satisfies readonly (keyof StoredRow)[];

type Field = (typeof FIELDS)[number];

/**
 * Fields added after the first stored days, with the value a day stored before the field existed reads as.
 * Every field of format 0 is in every stored day, so the list starts empty; add `field: default` here together
 * with the field itself.
 */
export type AddedFields = Readonly<Partial<{ [K in Field]: StoredRow[K] }>>;
export const ADDED_FIELDS: AddedFields = Object.freeze({});

/**
 * A column: its values, or (for text with repeats, such as merchant names) the distinct values and each row's
 * index into them, which makes the stored form smaller and the decoded rows share their strings (a million-row
 * download then allocates far fewer strings).
 */
type Column = unknown[] | { values: unknown[]; at: number[] };

/** A column of `values`, dictionary-encoded when fewer than half of them are distinct. */
function encodeColumn(values: unknown[]): Column {
  if (values.length < 4 || typeof values[0] !== 'string') return values;
  const indexOf = new Map<unknown, number>();
  const at = new Array<number>(values.length);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    let position = indexOf.get(value);
    if (position === undefined) {
      position = indexOf.size;
      indexOf.set(value, position);
      if (indexOf.size * 2 > values.length) return values;
    }
    at[index] = position;
  }
  return { values: [...indexOf.keys()], at };
}

function decodeColumn(column: Column): unknown[] {
  if (Array.isArray(column)) return column;
  const { values, at } = column;
  const decoded = new Array<unknown>(at.length);
  for (let index = 0; index < at.length; index += 1) decoded[index] = values[at[index] as number];
  return decoded;
}

/** The packed form of `rows`, in the current format. */
export async function packRows(rows: readonly StoredRow[]): Promise<Buffer> {
  const columns = {} as Record<string, Column>;
  for (const field of FIELDS) columns[field] = encodeColumn(rows.map((row) => row[field]));
  return deflateRawAsync(JSON.stringify({ format: DAY_FORMAT, columns }), { level: 6 });
}

/** The columns of a stored day of any known format. */
function columnsOf(stored: unknown): { columns: Partial<Record<Field, Column>>; count: number } {
  const versioned = typeof stored === 'object' && stored !== null && 'format' in stored ? stored : undefined;
  const format = versioned ? Number(versioned.format) : 0;
  if (!(format >= 0 && format <= DAY_FORMAT)) {
    throw new Error(`a stored report day has format ${String(format)}; this API reads formats 0 to ${DAY_FORMAT}`);
  }
  const columns = (versioned && 'columns' in versioned ? versioned.columns : stored) as Partial<Record<Field, Column>>;
  const first = columns.merchantName;
  const count = first === undefined ? 0 : Array.isArray(first) ? first.length : first.at.length;
  return { columns, count };
}

/**
 * The rows `packRows` packed, in their order, from a day of any known format; a column the day lacks reads as its
 * entry in `addedFields` (tests name their own).
 */
export async function unpackRows(packed: Uint8Array, addedFields: AddedFields = ADDED_FIELDS): Promise<StoredRow[]> {
  const text = (await inflateRawAsync(packed)).toString('utf8');
  const { columns, count } = columnsOf(JSON.parse(text));
  const column = <K extends Field>(field: K): StoredRow[K][] => {
    const stored = columns[field];
    if (stored !== undefined) return decodeColumn(stored) as StoredRow[K][];
    if (!(field in addedFields)) throw new Error(`a stored report day has no ${field} column`);
    return new Array<StoredRow[K]>(count).fill(addedFields[field] as StoredRow[K]);
  };
  const merchantName = column('merchantName');
  const domain = column('domain');
  const category = column('category');
  const country = column('country');
  const device = column('device');
  const placementId = column('placementId');
  const clickId = column('clickId');
  const subId = column('subId');
  const isCPC = column('isCPC');
  const clicks = column('clicks');
  const salesCount = column('salesCount');
  const sales = column('sales');
  const earnings = column('earnings');
  const earningsEur = column('earningsEur');
  const rows = new Array<StoredRow>(merchantName.length);
  for (let index = 0; index < rows.length; index += 1) {
    rows[index] = {
      merchantName: merchantName[index] as string,
      domain: domain[index] as string,
      category: category[index] as string,
      country: country[index] as string,
      device: device[index] as StoredRow['device'],
      placementId: placementId[index] as string,
      clickId: clickId[index] as string,
      subId: subId[index] as string,
      isCPC: isCPC[index] as boolean,
      clicks: clicks[index] as number,
      salesCount: salesCount[index] as number,
      sales: sales[index] as number,
      earnings: earnings[index] as number,
      earningsEur: earningsEur[index] as number,
    };
  }
  return rows;
}

/** The bytes of a Buffer or a BSON Binary (what `lean()` reads back from a Buffer field). */
export function bytesOf(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  const binary = value as { buffer?: unknown; value?: (asRaw?: boolean) => unknown };
  if (binary.buffer instanceof Uint8Array) return binary.buffer;
  throw new Error('a packed report day has no binary rows');
}
