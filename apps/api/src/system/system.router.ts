import { getHeapStatistics } from 'node:v8';
import { initServer } from '@ts-rest/express';
import {
  systemContract,
  type BackgroundFailure,
  type ControlState,
  type DatabaseKind,
  type HealthResponse,
} from '@publisher/contract';
import type { ClickFilterStats } from '../shared/click-filter';
import { connectionState, databaseAnswers } from '../shared/db';
import { currentConnection } from '../shared/tenant';

/** How long GET /health waits for its database query. */
export const HEALTH_QUERY_TIMEOUT_MS = 2_000;

/**
 * How long a background failure makes GET /health say `degraded`. It stays listed afterwards (the latest 50), but a
 * database restart or a file moved aside that healed an hour ago does not keep a monitor red until the next deploy.
 */
export const FAILURE_DEGRADES_FOR_MS = 15 * 60_000;

const s = initServer();
const startedAt = Date.now();
export const API_VERSION = '0.1.0';

export interface SystemRouterSources {
  /** The scenario controls' state, shown in the mock mode only (MOCK_CONTROLS; absent otherwise). */
  controls: (() => ControlState) | undefined;
  /** What the app's click filter has kept out of the reports. */
  filteredClicks: () => ClickFilterStats;
  /** Clicks the app's recorders gave up writing (their batch failed every attempt). */
  droppedClicks: () => number;
  /** What failed in the background (system/background-failures.ts): listed, and `degraded` with 200 for 15 minutes. */
  failures?: () => BackgroundFailure[];
  /** The upload journals set aside (reports/upload-journal.ts), read within the given time. */
  uploadsSetAside?: (timeoutMs: number) => Promise<HealthResponse['uploadsSetAside']>;
}

export function createSystemRouter(
  database: { kind: DatabaseKind; restarts?: () => number },
  { controls, failures, filteredClicks, droppedClicks, uploadsSetAside }: SystemRouterSources,
) {
  return s.router(systemContract, {
    health: async () => {
      const state = connectionState();
      const memory = process.memoryUsage();
      const responding = state === 'connected' && (await databaseAnswers(HEALTH_QUERY_TIMEOUT_MS));
      const setAside =
        responding && uploadsSetAside
          ? await uploadsSetAside(HEALTH_QUERY_TIMEOUT_MS).catch(() => undefined)
          : undefined;
      const failed = failures?.() ?? [];
      const degradedSince = Date.now() - FAILURE_DEGRADES_FOR_MS;
      const hasRecentFailure = failed.some((failure) => Date.parse(failure.at) >= degradedSince);
      const body = {
        status: responding && !hasRecentFailure ? ('ok' as const) : ('degraded' as const),
        database: {
          kind: database.kind,
          state,
          name: currentConnection().name ?? '',
          responding,
          restarts: database.restarts?.() ?? 0,
        },
        version: API_VERSION,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        filteredClicks: filteredClicks(),
        droppedClicks: droppedClicks(),
        ...(setAside ? { uploadsSetAside: setAside } : {}),
        memory: {
          heapUsedBytes: memory.heapUsed,
          heapLimitBytes: getHeapStatistics().heap_size_limit,
          rssBytes: memory.rss,
        },
        failures: failed,
        ...(controls ? { controls: controls() } : {}),
      };
      return responding ? { status: 200, body } : { status: 503, body };
    },
  });
}
