import type {
  CountryCode,
  CountryMerchantRow,
  Deeplink3MerchantRow,
  Deeplink3NewMerchantRow,
  Deeplink4MerchantRow,
  Deeplink4NewMerchantRow,
  Deeplink5MerchantRow,
} from '@publisher/contract';
import type { PartnerMerchantRecord } from './partner-merchant.model';

/**
 * One presenter per row shape of part 2 §3: each maps exactly the spec's fields, so internal fields (ids,
 * sources, the other sources' columns) never reach the wire.
 */

const countryOf = (record: PartnerMerchantRecord): CountryCode => record.country as CountryCode;

/** API 2 (newdashboard). */
export function presentCountryMerchantRow(record: PartnerMerchantRecord): CountryMerchantRow {
  return {
    country: countryOf(record),
    domain: record.domain,
    ave_cpa_rate: record.aveCpaRate ?? 0,
    ave_cpc: record.aveCpc ?? 0,
  };
}

/** API 3 (doneoftheownou). */
export function presentDeeplink3Row(record: PartnerMerchantRecord): Deeplink3MerchantRow {
  return {
    country: countryOf(record),
    name: record.name,
    domain: record.domain,
    is_deeplink: record.isDeeplink ?? false,
    redirect_link: record.redirectLink ?? '',
  };
}

/** API 3 New (doneoftheownou through trackier). */
export function presentDeeplink3NewRow(record: PartnerMerchantRecord): Deeplink3NewMerchantRow {
  return {
    country: countryOf(record),
    name: record.name,
    domain: record.domain,
    trackingLink: record.trackingLink ?? '',
  };
}

/** API 4 (shoppermeet). */
export function presentDeeplink4Row(record: PartnerMerchantRecord): Deeplink4MerchantRow {
  return {
    geo: countryOf(record),
    merchant_name: record.name,
    merchant_domain: record.domain,
    avg_payout_commission: record.avgPayoutCommission ?? 0,
    merchant_id: record.merchantId ?? '',
    redirect_link: record.redirectLink ?? '',
  };
}

/** API 4 New (shoppermeet through trackier). */
export function presentDeeplink4NewRow(record: PartnerMerchantRecord): Deeplink4NewMerchantRow {
  return {
    geo: countryOf(record),
    merchant_name: record.name,
    merchant_domain: record.domain,
    trackingLink: record.trackingLink ?? '',
  };
}

/** API 5 (kelkoo). */
export function presentDeeplink5Row(record: PartnerMerchantRecord): Deeplink5MerchantRow {
  return {
    country: countryOf(record),
    name: record.name,
    url: record.url ?? `https://www.${record.domain}`,
    merchantEstimatedCpc: record.estimatedCpc ?? 0,
  };
}
