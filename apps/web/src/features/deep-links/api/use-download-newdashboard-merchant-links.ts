import { MERCHANT_LINKS_FILE_NAMES, type NewdashboardMerchantLinksQuery } from '@publisher/contract';
import { deepLinksApi } from '../../../lib/api-clients/deep-links-api';
import { useCsvDownload } from '../../../lib/csv-download';

/** GET /newdashboard/downAllMerchantLinks: the API 2 merchants with their direct links, saved as 'merchant links.csv'. */
export function useDownloadNewdashboardMerchantLinks() {
  return useCsvDownload(
    (query: NewdashboardMerchantLinksQuery) => deepLinksApi.downloadNewdashboardMerchantLinks.query({ query }),
    () => MERCHANT_LINKS_FILE_NAMES.newdashboard,
  );
}
