import { tsr } from '../../../lib/api-client';

/** POST /kelkoo/generateDeepLinkUrl: the API 5 link of one merchant, with its logo and name. */
export function useGenerateKelkooDeepLink() {
  return tsr.deepLinks.generateKelkooDeepLink.useMutation();
}
