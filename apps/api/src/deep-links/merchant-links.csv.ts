import {
  DEEPLINK3_LINK_CSV_COLUMNS,
  DEEPLINK4_LINK_CSV_COLUMNS,
  NEWDASHBOARD_LINK_CSV_COLUMNS,
} from '@publisher/contract';
import { csvColumns, type CsvColumn } from '../shared/csv';
import type { MerchantLinkRow } from './deep-links.service';

/** The values of the merchant-link downloads' columns (the contract names them: part 2 §3's row fields, then the link). */
export const NEWDASHBOARD_LINK_COLUMNS: readonly CsvColumn<MerchantLinkRow>[] = csvColumns(
  NEWDASHBOARD_LINK_CSV_COLUMNS,
  {
    country: (row) => row.entry.country,
    domain: (row) => row.entry.record.domain,
    ave_cpa_rate: (row) => row.entry.record.aveCpaRate ?? 0,
    ave_cpc: (row) => row.entry.record.aveCpc ?? 0,
    link: (row) => row.link,
  },
);

export const DEEPLINK3_LINK_COLUMNS: readonly CsvColumn<MerchantLinkRow>[] = csvColumns(DEEPLINK3_LINK_CSV_COLUMNS, {
  country: (row) => row.entry.country,
  name: (row) => row.entry.record.name,
  domain: (row) => row.entry.record.domain,
  link: (row) => row.link,
});

export const DEEPLINK4_LINK_COLUMNS: readonly CsvColumn<MerchantLinkRow>[] = csvColumns(DEEPLINK4_LINK_CSV_COLUMNS, {
  geo: (row) => row.entry.country,
  merchant_name: (row) => row.entry.record.name,
  merchant_domain: (row) => row.entry.record.domain,
  link: (row) => row.link,
});
