import { keepPreviousData } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api-clients/admin-api';
import { ADMIN_KEY } from './admin-key';

/**
 * GET /home/getAllVendors?order=newest: one page of vendor accounts, newest first (admin). `page` from 1; `search`
 * (name, email or vendorId) narrows it to the matches.
 */
export function useAllVendors(page: number, pageSize: number, search = '') {
  return adminApi.getAllVendors.useQuery({
    queryKey: [...ADMIN_KEY, 'vendors', page, pageSize, search],
    queryData: { query: { order: 'newest', pageNo: page, pageSize, ...(search === '' ? {} : { search }) } },
    placeholderData: keepPreviousData,
  });
}
