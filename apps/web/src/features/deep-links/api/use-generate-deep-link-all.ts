import { tsr } from '../../../lib/api-client';

/** POST /home/generateDeepLinkAll: the Deep Links API 2 link of a merchant of the country-keyed list. */
export function useGenerateDeepLinkAll() {
  return tsr.deepLinks.generateDeepLinkAll.useMutation();
}
