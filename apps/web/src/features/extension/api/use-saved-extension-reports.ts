import type { ExtensionRange } from '@publisher/contract';
import { extensionApi } from '../../../lib/api-clients/extension-api';
import { EXTENSION_KEY } from './extension-key';

/** GET /extension/savedReports (admin): what is saved for each date of the range ("Daily Reports Info"). */
export function useSavedExtensionReports(range: ExtensionRange) {
  return extensionApi.getSavedExtensionReports.useQuery({
    queryKey: [...EXTENSION_KEY, 'saved', range],
    queryData: { query: range },
  });
}
