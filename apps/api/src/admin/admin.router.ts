import { initServer } from '@ts-rest/express';
import { adminContract } from '@publisher/contract';
import { allVendors, clicksReportDays } from './admin.service';

const s = initServer();

/** The admin lists; access (admin only) is declared in the contract and enforced by the access middleware. */
export function createAdminRouter() {
  return s.router(adminContract, {
    getAllVendors: async () => ({ status: 200, body: { data: await allVendors() } }),
    getAllClicksReports: async () => ({ status: 200, body: { data: await clicksReportDays() } }),
  });
}
