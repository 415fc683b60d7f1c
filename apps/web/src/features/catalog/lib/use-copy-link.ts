import { useCallback } from 'react';
import { useToast } from '../../../components/ui/toast-provider';
import { copyText } from '../../../lib/clipboard';

/** The spec's copy toast, misspellings included (part 1 §8, part 2 §8); shown for 2 seconds. */
export const COPY_SUCCESS_MESSAGE = 'Successfullly Copied Product URL to clib board';

export const COPY_FAILURE_MESSAGE = 'Could not copy the link; please copy it by hand.';

/** Copies a finished link to the clipboard and says so in a toast. */
export function useCopyLink(): (link: string) => Promise<boolean> {
  const { showToast } = useToast();
  return useCallback(
    async (link: string) => {
      const isCopied = await copyText(link);
      showToast(isCopied ? COPY_SUCCESS_MESSAGE : COPY_FAILURE_MESSAGE);
      return isCopied;
    },
    [showToast],
  );
}
