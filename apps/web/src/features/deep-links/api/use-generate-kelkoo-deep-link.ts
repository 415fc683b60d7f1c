import { deepLinksApi } from '../../../lib/api-clients/deep-links-api';

/** POST /kelkoo/generateDeepLinkUrl: the API 5 link of one merchant, with its logo and name. */
export function useGenerateKelkooDeepLink() {
  return deepLinksApi.generateKelkooDeepLink.useMutation();
}
