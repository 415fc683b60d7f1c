import type { CsvColumn } from '../shared/csv';
import type { MerchantLinkRow } from './deep-links.service';

/**
 * Columns of the merchant-link downloads: each list's own row fields (part 2 §3), then the link. Deep link 2
 * rows carry the spec's field names; deep link 4 rows its geo / merchant_* names.
 */
export const NEWDASHBOARD_LINK_COLUMNS: readonly CsvColumn<MerchantLinkRow>[] = [
  { header: 'country', value: (row) => row.entry.country },
  { header: 'domain', value: (row) => row.entry.record.domain },
  { header: 'ave_cpa_rate', value: (row) => row.entry.record.aveCpaRate ?? 0 },
  { header: 'ave_cpc', value: (row) => row.entry.record.aveCpc ?? 0 },
  { header: 'link', value: (row) => row.link },
];

export const DEEPLINK3_LINK_COLUMNS: readonly CsvColumn<MerchantLinkRow>[] = [
  { header: 'country', value: (row) => row.entry.country },
  { header: 'name', value: (row) => row.entry.record.name },
  { header: 'domain', value: (row) => row.entry.record.domain },
  { header: 'link', value: (row) => row.link },
];

export const DEEPLINK4_LINK_COLUMNS: readonly CsvColumn<MerchantLinkRow>[] = [
  { header: 'geo', value: (row) => row.entry.country },
  { header: 'merchant_name', value: (row) => row.entry.record.name },
  { header: 'merchant_domain', value: (row) => row.entry.record.domain },
  { header: 'link', value: (row) => row.link },
];
