import { tsr } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-key';

/** GET /home/getAllVendors: every vendor account, oldest first as the API sends it (admin). */
export function useAllVendors() {
  return tsr.admin.getAllVendors.useQuery({ queryKey: [...ADMIN_KEY, 'vendors'] });
}
