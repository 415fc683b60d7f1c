import { describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { DAY_FORMAT, packRows, unpackRows } from './report-day-codec';
import type { StoredRow } from './report-partition.model';

const row = (index: number): StoredRow => ({
  merchantName: `Merchant ${String(index % 3)}`,
  domain: `merchant-${String(index % 3)}.example`,
  category: index % 2 === 0 ? 'Apparel' : '',
  country: 'us',
  device: index % 5 === 0 ? 'unknown' : 'mobile',
  placementId: `p${String(index % 4)}`,
  clickId: `click-${String(index)}`,
  subId: `9001_p${String(index % 4)}_click-${String(index)}`,
  isCPC: index % 3 !== 0,
  clicks: index,
  salesCount: index % 2,
  sales: index * 0.1,
  earnings: (index + 1) / 7,
  earningsEur: -(index + 1) * 1e-9,
});

describe('packed report days', () => {
  it('gives back exactly the rows it packed, in order, with repeated and unique text alike', async () => {
    const rows = Array.from({ length: 500 }, (_, index) => row(index));
    expect(await unpackRows(await packRows(rows))).toEqual(rows);
  });

  it('packs a single row and no rows', async () => {
    expect(await unpackRows(await packRows([row(1)]))).toEqual([row(1)]);
    expect(await unpackRows(await packRows([]))).toEqual([]);
  });

  it('stores a day in a fraction of the bytes of its rows as JSON', async () => {
    const rows = Array.from({ length: 2000 }, (_, index) => row(index));
    expect((await packRows(rows)).length * 5).toBeLessThan(JSON.stringify(rows).length);
  });

  it('reads a day stored before format versions existed (a bare columns object)', async () => {
    const rows = [row(1), row(2), row(3)];
    const columns = Object.fromEntries(
      Object.keys(row(0)).map((field) => [field, rows.map((one) => one[field as keyof StoredRow])]),
    );
    expect(await unpackRows(deflateRawSync(JSON.stringify(columns)))).toEqual(rows);
  });

  it('reads a day stored before a field was added with the value the field declares for old days', async () => {
    const rows = [row(1), row(2)];
    // What an older API wrote: the same format, without the column of a field added since.
    const columns = Object.fromEntries(
      Object.keys(row(0))
        .filter((field) => field !== 'earningsEur')
        .map((field) => [field, rows.map((one) => one[field as keyof StoredRow])]),
    );
    const older = deflateRawSync(JSON.stringify({ format: DAY_FORMAT, columns }));
    expect(await unpackRows(older, { earningsEur: 0 })).toEqual(rows.map((one) => ({ ...one, earningsEur: 0 })));
    // A missing column that no added field explains is damage, not age: refused.
    await expect(unpackRows(older)).rejects.toThrow('a stored report day has no earningsEur column');
  });

  it('refuses a day of a newer format than it knows instead of misreading it', async () => {
    const newer = deflateRawSync(JSON.stringify({ format: DAY_FORMAT + 1, columns: {} }));
    await expect(unpackRows(newer)).rejects.toThrow(`has format ${DAY_FORMAT + 1}; this API reads formats 0 to`);
  });
});
