import { MERCHANT_LINKS_FILE_NAMES, type PartnerMerchantLinksQuery } from '@publisher/contract';
import { deepLinksApi } from '../../../lib/api-clients/deep-links-api';
import { useCsvDownload } from '../../../lib/csv-download';

/** GET /shoppermeet/downAllMerchantLinks: the API 4 merchants with their links, saved as Merchant-Links.csv. */
export function useDownloadDeeplink4MerchantLinks() {
  return useCsvDownload(
    (query: PartnerMerchantLinksQuery) => deepLinksApi.downloadDeeplink4MerchantLinks.query({ query }),
    () => MERCHANT_LINKS_FILE_NAMES.partner,
  );
}
