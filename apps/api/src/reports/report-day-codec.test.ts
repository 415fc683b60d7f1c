import { describe, expect, it } from 'vitest';
import { packRows, unpackRows } from './report-day-codec';
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
    expect(await unpackRows(packRows(rows))).toEqual(rows);
  });

  it('packs a single row and no rows', async () => {
    expect(await unpackRows(packRows([row(1)]))).toEqual([row(1)]);
    expect(await unpackRows(packRows([]))).toEqual([]);
  });

  it('stores a day in a fraction of the bytes of its rows as JSON', () => {
    const rows = Array.from({ length: 2000 }, (_, index) => row(index));
    expect(packRows(rows).length * 5).toBeLessThan(JSON.stringify(rows).length);
  });
});
