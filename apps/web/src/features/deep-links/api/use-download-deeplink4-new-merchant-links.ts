import { MERCHANT_LINKS_FILE_NAMES, type PartnerMerchantLinksQuery } from '@publisher/contract';
import { deepLinksApi } from '../../../lib/api-clients/deep-links-api';
import { useCsvDownload } from '../../../lib/csv-download';

/** GET /shoppermeet/trackier/downAllMerchantLinks: the API 4 (New) merchants with their links, saved as Merchant-Links.csv. */
export function useDownloadDeeplink4NewMerchantLinks() {
  return useCsvDownload(
    (query: PartnerMerchantLinksQuery) => deepLinksApi.downloadDeeplink4NewMerchantLinks.query({ query }),
    () => MERCHANT_LINKS_FILE_NAMES.partner,
  );
}
