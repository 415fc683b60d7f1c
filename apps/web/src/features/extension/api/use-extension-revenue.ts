import { extensionApi } from '../../../lib/api-clients/extension-api';
import { EXTENSION_KEY } from './extension-key';

/** GET /extension/revenue: the Daily, Device and Market rows of a date (the API asks the revenue service). */
export function useExtensionRevenue(date: string) {
  return extensionApi.getExtensionRevenue.useQuery({
    queryKey: [...EXTENSION_KEY, 'revenue', date],
    queryData: { query: { date } },
  });
}
