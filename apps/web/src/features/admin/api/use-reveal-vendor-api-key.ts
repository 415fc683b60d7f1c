import { adminApi } from '../../../lib/api-clients/admin-api';

/**
 * POST /home/vendors/:vendorId/revealApiKey: one vendor's whole apiKey (admin), which the All Vendors List shows
 * masked. The API logs every reveal; nothing is cached here, so each click is one logged call.
 */
export function useRevealVendorApiKey() {
  return adminApi.revealVendorApiKey.useMutation();
}
