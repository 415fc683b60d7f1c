import { MERCHANT_LINKS_FILE_NAMES, type PartnerMerchantLinksQuery } from '@publisher/contract';
import { deepLinksApi } from '../../../lib/api-clients/deep-links-api';
import { useCsvDownload } from '../../../lib/csv-download';

/** GET /doneoftheownou/trackier/downAllMerchantLinks: the API 3 (New) merchants with their links, saved as Merchant-Links.csv. */
export function useDownloadDeeplink3NewMerchantLinks() {
  return useCsvDownload(
    (query: PartnerMerchantLinksQuery) => deepLinksApi.downloadDeeplink3NewMerchantLinks.query({ query }),
    () => MERCHANT_LINKS_FILE_NAMES.partner,
  );
}
