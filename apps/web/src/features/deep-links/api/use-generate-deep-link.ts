import { deepLinksApi } from '../../../lib/api-clients/deep-links-api';

/** POST /home/generateDeepLink: the Deep Links API (1) link of a connexity merchant, CPC or CPA. */
export function useGenerateDeepLink() {
  return deepLinksApi.generateDeepLink.useMutation();
}
