import { initServer } from '@ts-rest/express';
import { adminContract } from '@publisher/contract';
import { callerOf, isAdmin, type Caller } from '../shared/auth/caller';
import { AppError } from '../shared/app-error';
import type { ActivityRecorder } from './activity-recorder';
import { accessLogs, allVendors, clicksReportDays, searchLogs, vendorApiKey, type LogScope } from './admin.service';

const s = initServer();

/** Longest a log read waits for the recorder to write what was recorded before it. */
const LOG_FLUSH_WAIT_MS = 2_000;

/** The admin reads everyone's logs (or one vendor's); a vendor only its own. */
function logScopeOf(caller: Caller, requested: number | undefined): LogScope {
  if (isAdmin(caller)) return { vendorId: requested };
  if (requested !== undefined && requested !== caller.user.vendorId) {
    throw AppError.forbidden("Only the admin can read another vendor's logs.");
  }
  return { vendorId: caller.user.vendorId };
}

/**
 * The admin lists and the logs; access is declared in the contract and enforced by the access middleware.
 * Log reads first flush the activity recorder, so they show the calls made before them. `log` takes the audit
 * lines (apiKey reveals).
 */
export function createAdminRouter(activity: ActivityRecorder, log: (line: string) => void = console.log) {
  return s.router(adminContract, {
    revealVendorApiKey: async ({ params, req }) => {
      const apiKey = await vendorApiKey(params.vendorId);
      // The audit line; the access log also records the call, under the admin, with the vendor in its path.
      log(`[audit] vendor ${callerOf(req).user.vendorId} revealed the apiKey of vendor ${params.vendorId}`);
      return { status: 200, body: { data: { vendorId: params.vendorId, apiKey } } };
    },
    getAllVendors: async ({ query }) => ({
      status: 200,
      body: await allVendors(query.order ?? 'oldest', query),
    }),
    getAllClicksReports: async ({ query }) => ({ status: 200, body: await clicksReportDays(query) }),
    esLogs: async ({ query, req }) => {
      const scope = logScopeOf(callerOf(req), query.vendorId);
      await activity.flushWithin(LOG_FLUSH_WAIT_MS);
      return { status: 200, body: await searchLogs(scope, query.list, query) };
    },
    accessLogs: async ({ query, req }) => {
      const scope = logScopeOf(callerOf(req), query.vendorId);
      await activity.flushWithin(LOG_FLUSH_WAIT_MS);
      return { status: 200, body: await accessLogs(scope, query) };
    },
  });
}
