import { promisify } from 'node:util';
import { deflateRawSync, inflateRaw } from 'node:zlib';
import type { StoredRow } from './report-partition.model';

/**
 * How a saved day's rows are stored: one column per field (an array of that field's values, in row order, text
 * with repeats as a dictionary), serialised as JSON and deflated, in one binary field. Why: a day of a large vendor holds thousands of rows, and
 * FerretDB v1 decodes every nested document of a read outside SQLite; one binary value per day is cheap for it to
 * return, about a tenth of the bytes of the row documents (columns of similar values deflate well), and
 * `JSON.parse` of flat arrays is the fastest decoder Node has. JSON keeps every number exactly (shortest
 * round-trip form; -0 comes back as 0) and every string as is.
 */

const inflateRawAsync = promisify(inflateRaw);

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

/** The packed form of `rows`. */
export function packRows(rows: readonly StoredRow[]): Buffer {
  const columns = {} as Record<string, Column>;
  for (const field of FIELDS) columns[field] = encodeColumn(rows.map((row) => row[field]));
  return deflateRawSync(JSON.stringify(columns), { level: 6 });
}

/** The rows `packRows` packed, in their order. */
export async function unpackRows(packed: Uint8Array): Promise<StoredRow[]> {
  const text = (await inflateRawAsync(packed)).toString('utf8');
  const stored = JSON.parse(text) as Record<(typeof FIELDS)[number], Column>;
  const column = <K extends (typeof FIELDS)[number]>(field: K): StoredRow[K][] =>
    decodeColumn(stored[field]) as StoredRow[K][];
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
