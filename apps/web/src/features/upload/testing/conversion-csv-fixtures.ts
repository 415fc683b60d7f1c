/** A header that passes part 2 §5: FROM_DATE first, CONVERSION_RATE 10th, CPC 11th, SALES_COUNT 13th. */
export const GOOD_HEADER =
  'FROM_DATE,TO_DATE,CAMPAIGN_ID,CAMPAIGN_NAME,PLACEMENT_ID,MERCHANT_NAME,CLICKS,SALES,EARNINGS,CONVERSION_RATE,CPC,AOV,SALES_COUNT';

interface RowFields {
  from: string;
  to: string;
  campaign: string;
  placement: string;
  merchant: string;
  clicks: string;
  sales: string;
  earnings: string;
  rate: string;
  cpc: string;
  salesCount: string;
}

const defaults: RowFields = {
  from: '2026-03-01',
  to: '2026-03-01',
  campaign: 'CMP-5029',
  placement: 'CMP-5029_home',
  merchant: 'Acme',
  clicks: '120',
  sales: '240.50',
  earnings: '12.25',
  rate: '2.5',
  cpc: '0.1021',
  salesCount: '3',
};

/** One data line under GOOD_HEADER, with any cell overridden. */
export function csvLine(overrides: Partial<RowFields> = {}): string {
  const row = { ...defaults, ...overrides };
  return [
    row.from,
    row.to,
    row.campaign,
    'Spring',
    row.placement,
    row.merchant,
    row.clicks,
    row.sales,
    row.earnings,
    row.rate,
    row.cpc,
    '80.1',
    row.salesCount,
  ].join(',');
}

/** A CSV file of the given lines. */
export function csvFile(lines: readonly string[], name = 'conversions.csv'): File {
  return new File([`${lines.join('\n')}\n`], name, { type: 'text/csv' });
}
