import { keepPreviousData } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api-clients/admin-api';
import { ADMIN_KEY } from './admin-key';

/** GET /home/getAllVendors?order=newest: one page of vendor accounts, newest first (admin). `page` from 1. */
export function useAllVendors(page: number, pageSize: number) {
  return adminApi.getAllVendors.useQuery({
    queryKey: [...ADMIN_KEY, 'vendors', page, pageSize],
    queryData: { query: { order: 'newest', pageNo: page, pageSize: pageSize } },
    placeholderData: keepPreviousData,
  });
}
