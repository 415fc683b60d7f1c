import { deepLinksApi } from '../../../lib/api-clients/deep-links-api';

/** POST /home/generateDeepLinkAll: the Deep Links API 2 link of a merchant of the country-keyed list. */
export function useGenerateDeepLinkAll() {
  return deepLinksApi.generateDeepLinkAll.useMutation();
}
