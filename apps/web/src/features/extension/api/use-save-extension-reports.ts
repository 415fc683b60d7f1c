import { useQueryClient } from '@tanstack/react-query';
import { extensionApi } from '../../../lib/api-clients/extension-api';
import { EXTENSION_KEY } from './extension-key';

/** POST /extension/saveReports (admin): saves the range; the saved list is read again afterwards. */
export function useSaveExtensionReports() {
  const queryClient = useQueryClient();
  return extensionApi.saveExtensionReports.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...EXTENSION_KEY, 'saved'] }),
  });
}
