import { tsr } from '../../../lib/api-client';

/** POST /home/generateDeepLink: the Deep Links API (1) link of a connexity merchant, CPC or CPA. */
export function useGenerateDeepLink() {
  return tsr.deepLinks.generateDeepLink.useMutation();
}
