import { MERCHANT_LINKS_FILE_NAMES, type PartnerMerchantLinksQuery } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';
import { useCsvDownload } from '../../../lib/csv-download';

/** GET /doneoftheownou/trackier/downAllMerchantLinks: the API 3 (New) merchants with their links, saved as Merchant-Links.csv. */
export function useDownloadDeeplink3NewMerchantLinks() {
  return useCsvDownload(
    (query: PartnerMerchantLinksQuery) => tsr.deepLinks.downloadDeeplink3NewMerchantLinks.query({ query }),
    () => MERCHANT_LINKS_FILE_NAMES.partner,
  );
}
