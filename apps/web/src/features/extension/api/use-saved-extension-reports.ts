import type { ExtensionRange } from '@publisher/contract';
import { extensionApi } from '../../../lib/api-clients/extension-api';
import { EXTENSION_KEY } from './extension-key';

/**
 * GET /extension/savedReports (admin): what is saved for each date of the range ("Daily Reports Info"), read only
 * while `isEnabled` (a range the call accepts: a half-edited or too long one would only earn a 400).
 */
export function useSavedExtensionReports(range: ExtensionRange, isEnabled: boolean) {
  return extensionApi.getSavedExtensionReports.useQuery({
    queryKey: [...EXTENSION_KEY, 'saved', range],
    queryData: { query: range },
    enabled: isEnabled,
  });
}
