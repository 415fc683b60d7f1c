/**
 * The columns of the merchant-link downloads: each list's own row fields (part 2 §3), then the link. Deep link 2
 * rows carry the spec's field names; deep link 4 rows its geo / merchant_* names. Declared on each download route
 * (`metadata.csvColumns`).
 */

/** 'merchant links.csv' of deep link 2. */
export const NEWDASHBOARD_LINK_CSV_COLUMNS = ['country', 'domain', 'ave_cpa_rate', 'ave_cpc', 'link'] as const;

/** Merchant-Links.csv of deep link 3 and 3 (New). */
export const DEEPLINK3_LINK_CSV_COLUMNS = ['country', 'name', 'domain', 'link'] as const;

/** Merchant-Links.csv of deep link 4 and 4 (New). */
export const DEEPLINK4_LINK_CSV_COLUMNS = ['geo', 'merchant_name', 'merchant_domain', 'link'] as const;
