import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-key';

/** GET /home/getAllVendors?order=newest: one page of vendor accounts, newest first (admin). `page` from 1. */
export function useAllVendors(page: number, pageSize: number) {
  return tsr.admin.getAllVendors.useQuery({
    queryKey: [...ADMIN_KEY, 'vendors', page, pageSize],
    queryData: { query: { order: 'newest', pageNo: String(page), pageSize: String(pageSize) } },
    placeholderData: keepPreviousData,
  });
}
