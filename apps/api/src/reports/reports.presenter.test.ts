import { describe, expect, it } from 'vitest';
import { conversionRowSchema } from '@publisher/contract';
import type { StoredRow } from './report-partition.model';
import { presentConversionRow } from './reports.presenter';

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

describe('presentConversionRow', () => {
  it('maps a stored row field by field to a row of the contract', () => {
    const row = presentConversionRow({ date: '2025-03-04', vendorId: 5001, row: stored('r2', 20) });
    expect(row).toEqual({
      REPORT_DATE: '2025-03-04',
      CAMPAIGN_ID: 5001,
      PLACEMENT_ID: 'hp-top',
      RID: 'r2',
      MERCHANT_NAME: 'Nautica',
      CLICKS: 20,
      SALES_COUNT: 1,
      SALES: 40,
      EARNINGS: 2.5,
      CONVERSION_RATE: 5,
      CPC: 0.125,
    });
    expect(conversionRowSchema.parse(row)).toEqual(row);
  });

  it('answers 0 for the ratios of a row without clicks instead of dividing by 0', () => {
    const row = presentConversionRow({ date: '2025-03-04', vendorId: 5001, row: stored('r3', 0) });
    expect(row).toMatchObject({ CLICKS: 0, CONVERSION_RATE: 0, CPC: 0 });
  });
});
