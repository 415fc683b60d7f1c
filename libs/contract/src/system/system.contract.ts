import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import { controlStateSchema } from '../control/control.schema';
import { isoDateTimeSchema } from '../common/fields';
import { reportSourceSchema } from '../reports/reports.schema';
import { backgroundFailureSchema } from './background-failures.schema';

const c = initContract();

export const databaseKindSchema = z.enum(['external', 'ferretdb', 'mongodb-memory-server']);
export type DatabaseKind = z.infer<typeof databaseKindSchema>;

export const healthResponseSchema = z.object({
  /**
   * `ok`; `degraded` with 200 when the database answers but `failures` lists something that went wrong in the
   * background in the last 15 minutes (older ones stay listed); `degraded` with 503 when the database does not
   * answer.
   */
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: databaseKindSchema,
    /** Connection state as mongoose reports it. */
    state: z.enum(['connected', 'connecting', 'disconnected', 'disconnecting', 'uninitialized']),
    name: z.string(),
    /** Whether a real one-document query answered within two seconds just now (`degraded` when not). */
    responding: z.boolean(),
    /**
     * How many times the embedded FerretDB died and was restarted on the same files and port since the API
     * started (the API reconnects by itself); 0 for the other servers.
     */
    restarts: z.number().int().nonnegative(),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
  /**
   * Public clicks (tracked links, feed links) this API process redirected without recording since it started:
   * repeats of a link by one address within CLICK_DUPLICATE_WINDOW_SECONDS, clicks over one address's
   * CLICK_RATE_LIMIT, and search texts over its SEARCH_TEXT_RATE_LIMIT.
   */
  filteredClicks: z.object({
    duplicates: z.number().int().nonnegative(),
    overAddressLimit: z.number().int().nonnegative(),
    searchTextsOverLimit: z.number().int().nonnegative(),
  }),
  /**
   * Clicks (tracked links and feed links) this API process redirected and then gave up writing since it started:
   * their batch failed every attempt (retried with growing pauses) and was dropped, with a log line.
   */
  droppedClicks: z.number().int().nonnegative().optional(),
  /**
   * Conversion uploads whose journal could not be applied (a day whose sums cannot be stored, a journal part that
   * does not decode) and was set aside with its reason, oldest first: no longer retried, never blocking later
   * uploads, saves or a start; the upload's report run says `failed` with the same reason. Each is dropped 7 days
   * after it was set aside. Absent when the database did not answer; optional for other servers.
   */
  uploadsSetAside: z
    .array(
      z.object({
        /** The upload's report run (GET /home/logs/reportRuns). */
        runId: z.string(),
        source: reportSourceSchema,
        reason: z.string(),
        setAsideAt: isoDateTimeSchema,
      }),
    )
    .optional(),
  /**
   * This API process's memory now, in bytes: the V8 heap in use and its limit (the heap cap the process runs
   * with, --max-old-space-size), and the resident set. What a deployer watches, and what `npm run bench` samples
   * for its peak under load. Optional: another server verified against this contract need not report it.
   */
  memory: z
    .object({
      heapUsedBytes: z.number().int().nonnegative(),
      heapLimitBytes: z.number().int().nonnegative(),
      rssBytes: z.number().int().nonnegative(),
    })
    .optional(),
  /**
   * What failed in the background since the API started (a seed copy not kept, a seed that failed, the embedded
   * database's restarts, a database file moved aside), oldest first, the latest 50, each with what to do. Optional:
   * another server verified against this contract need not report it.
   */
  failures: z.array(backgroundFailureSchema).optional(),
  /** The scenario controls (`/__control`); present only in the mock mode (MOCK_CONTROLS). */
  controls: controlStateSchema.optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * A failing health check as the API sends one: the embedded database stopped answering (here after one restart by
 * its supervisor), so nothing is read from it (no set-aside uploads), and the process's own figures stay real.
 */
const DEGRADED_HEALTH_EXAMPLE: HealthResponse = {
  status: 'degraded',
  database: { kind: 'ferretdb', state: 'connected', name: 'publisher_portal', responding: false, restarts: 1 },
  version: '0.1.0',
  uptimeSeconds: 5412,
  filteredClicks: { duplicates: 3, overAddressLimit: 0, searchTextsOverLimit: 0 },
  droppedClicks: 0,
  memory: { heapUsedBytes: 71_303_168, heapLimitBytes: 251_658_240, rssBytes: 224_395_264 },
};

export const systemContract = c.router(
  {
    health: {
      method: 'GET',
      path: '/health',
      responses: { 200: healthResponseSchema, 503: healthResponseSchema },
      metadata: routeMetadata('public', { 503: DEGRADED_HEALTH_EXAMPLE }),
      summary:
        'Liveness, and whether the database answers: runs a one-document query with a 2 s limit; 200 `ok` when it answers, 503 `degraded` when it does not.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
