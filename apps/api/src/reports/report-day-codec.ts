import { promisify } from 'node:util';
import { deflateRawSync, inflateRaw } from 'node:zlib';
import type { StoredRow } from './report-partition.model';

/**
 * How a saved day's rows are stored: one column per field (an array of that field's values, in row order),
 * serialised as JSON and deflated, in one binary field. Why: a day of a large vendor holds thousands of rows, and
 * FerretDB v1 decodes every nested document of a read outside SQLite; one binary value per day is cheap for it to
 * return, about a tenth of the bytes of the row documents (columns of similar values deflate well), and
 * `JSON.parse` of flat arrays is the fastest decoder Node has. JSON keeps every number exactly (shortest
 * round-trip form) and every string as is.
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

type Columns = { [K in (typeof FIELDS)[number]]: StoredRow[K][] };

/** The packed form of `rows`. */
export function packRows(rows: readonly StoredRow[]): Buffer {
  const columns = {} as Record<string, unknown[]>;
  for (const field of FIELDS) columns[field] = rows.map((row) => row[field]);
  return deflateRawSync(JSON.stringify(columns), { level: 6 });
}

/** The rows `packRows` packed, in their order. */
export async function unpackRows(packed: Uint8Array): Promise<StoredRow[]> {
  const text = (await inflateRawAsync(packed)).toString('utf8');
  const columns = JSON.parse(text) as Columns;
  const count = columns.merchantName.length;
  const rows = new Array<StoredRow>(count);
  for (let index = 0; index < count; index += 1) {
    rows[index] = {
      merchantName: columns.merchantName[index] as string,
      domain: columns.domain[index] as string,
      category: columns.category[index] as string,
      country: columns.country[index] as string,
      device: columns.device[index] as StoredRow['device'],
      placementId: columns.placementId[index] as string,
      clickId: columns.clickId[index] as string,
      subId: columns.subId[index] as string,
      isCPC: columns.isCPC[index] as boolean,
      clicks: columns.clicks[index] as number,
      salesCount: columns.salesCount[index] as number,
      sales: columns.sales[index] as number,
      earnings: columns.earnings[index] as number,
      earningsEur: columns.earningsEur[index] as number,
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
