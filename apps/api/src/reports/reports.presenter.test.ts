import { describe, expect, it } from 'vitest';
import { conversionRowSchema } from '@publisher/contract';
import { isDeeplyFrozen } from '../shared/frozen-rows';
import type { StoredRow } from './report-partition.model';
import { presentConversionRow, presentedOnce } from './reports.presenter';

const stored = (clickId: string, clicks: number): StoredRow => ({
  merchantName: 'Nautica',
  domain: 'nautica.com',
  category: 'Apparel',
  country: 'US',
  device: 'desktop',
  placementId: 'hp-top',
  clickId,
  subId: `5001_hp-top_${clickId}`,
  isCPC: true,
  clicks,
  salesCount: 1,
  sales: 40,
  earnings: 2.5,
  earningsEur: 2.3,
});

describe('presentedOnce', () => {
  it('presents a stored row once, frozen, equal to what the plain presenter gives', () => {
    const present = presentedOnce(presentConversionRow);
    const row = stored('r1', 10);
    const first = present({ date: '2025-03-03', vendorId: 5001, row });
    expect(first).toEqual(presentConversionRow({ date: '2025-03-03', vendorId: 5001, row }));
    expect(conversionRowSchema.parse(first)).toEqual(first);
    expect(isDeeplyFrozen(first)).toBe(true);
    // The same stored row on another page: the same object, so its check and JSON text are reused.
    expect(present({ date: '2025-03-03', vendorId: 5001, row })).toBe(first);
  });

  it('keeps rows apart: another stored row, even with equal figures, is presented from its own fields', () => {
    const present = presentedOnce(presentConversionRow);
    const a = present({ date: '2025-03-03', vendorId: 5001, row: stored('r1', 10) });
    const b = present({ date: '2025-03-04', vendorId: 5001, row: stored('r2', 20) });
    expect(b).not.toBe(a);
    expect(b).toMatchObject({ REPORT_DATE: '2025-03-04', RID: 'r2', CLICKS: 20, CPC: 0.125 });
  });
});
