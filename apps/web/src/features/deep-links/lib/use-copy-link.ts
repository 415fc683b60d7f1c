import { useCallback } from 'react';
import { useToast } from '../../../components/ui/toast-provider';
import { copyText } from '../../../lib/clipboard';
import { COPY_FAILED } from './deep-link-messages';

/** Copies a finished link and shows `successMessage` (each screen has its own, part 2 §8) in a toast. */
export function useCopyLink(successMessage: string): (link: string) => Promise<boolean> {
  const { showToast } = useToast();
  return useCallback(
    async (link: string) => {
      const isCopied = await copyText(link);
      showToast(isCopied ? successMessage : COPY_FAILED);
      return isCopied;
    },
    [showToast, successMessage],
  );
}
