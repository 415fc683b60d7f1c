import { initServer } from '@ts-rest/express';
import { extensionContract } from '@publisher/contract';
import type { ExtensionRevenueService } from './extension-revenue-service';
import { bearerOf } from './extension-revenue-service';
import type { ExtensionService } from './extension.service';

const s = initServer();

/** Thin handlers: the mock service's calls check its own token; the portal's go through the extension service. */
export function createExtensionRouter(upstream: ExtensionRevenueService, extension: ExtensionService) {
  return s.router(extensionContract, {
    serviceLogin: async ({ body }) => ({ status: 200, body: upstream.login(body.email, body.password) }),
    serviceDaily: async ({ params, query, headers }) => ({
      status: 200,
      body: { data: upstream.daily(bearerOf(headers.authorization), params.account, query.date) },
    }),
    serviceDevice: async ({ params, query, headers }) => ({
      status: 200,
      body: { data: upstream.device(bearerOf(headers.authorization), params.account, query.date) },
    }),
    serviceMarket: async ({ params, query, headers }) => ({
      status: 200,
      body: { data: upstream.market(bearerOf(headers.authorization), params.account, query.date) },
    }),
    getExtensionRevenue: async ({ query }) => ({ status: 200, body: await extension.revenue(query.date) }),
    saveExtensionReports: async ({ body }) => ({
      status: 200,
      body: await extension.save(body.startDate, body.endDate),
    }),
    getSavedExtensionReports: async ({ query }) => ({
      status: 200,
      body: { data: await extension.saved(query.startDate, query.endDate) },
    }),
  });
}
