/**
 * Column headings for the API's field names. Report tables show a heading people read ("Report Date") and keep the
 * field name (REPORT_DATE, pub_id, y_date) on hover, since the CSV files and the spec use it.
 */

/** Fields whose words alone say too little, or say it wrongly. */
const LABELS: Readonly<Record<string, string>> = {
  pub_id: 'Publisher ID',
  publisher_id: 'Publisher ID',
  y_date: 'Date',
  rid: 'RID',
  RID: 'RID',
  commission_eur: 'Commission (EUR)',
  ctr: 'CTR (%)',
  rpc: 'Revenue per Click',
  rpm: 'Revenue per 1,000 Impressions',
  tq: 'Traffic Quality',
  tq_score: 'Traffic Quality Score',
  adtag: 'Ad Tag',
  channelName: 'Channel',
  channelName2: 'Channel 2',
  channelName3: 'Channel 3',
  estimated_revenue: 'Estimated Revenue',
  partner_rev_share: 'Partner Revenue Share',
  user_tag: 'User Tag',
  SUB_ID: 'Sub ID',
  // A row's SALES is money; the summaries' `sales` and the Total Sales card count orders.
  SALES: 'Sales Amount',
};

/** Words kept in capitals. */
const ACRONYMS: ReadonlySet<string> = new Set(['id', 'cpc', 'cpa', 'aov', 'url', 'ctr', 'rpm', 'eur', 'usd']);

/**
 * A heading for a field: fieldLabel('REPORT_DATE') === 'Report Date', fieldLabel('CAMPAIGN_ID') === 'Campaign ID',
 * fieldLabel('bidded_clicks') === 'Bidded Clicks', fieldLabel('totalClicks') === 'Total Clicks'.
 */
export function fieldLabel(field: string): string {
  const known = LABELS[field];
  if (known) return known;
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter((word) => word !== '')
    .map((word) => {
      const lower = word.toLowerCase();
      return ACRONYMS.has(lower) ? lower.toUpperCase() : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}
