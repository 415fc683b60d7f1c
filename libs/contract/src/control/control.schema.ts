import { z } from 'zod';
import { backgroundFailureSchema } from '../system/background-failures.schema';
import type { ExampleName } from '../mock/named-examples';
import { queryInt } from '../common/query';

/**
 * Scenario controls: the mock mode only (MOCK_CONTROLS; on by default in development and test, off otherwise).
 * The `Prefer` header of any contract route and the `/__control` API that changes the whole API's state.
 */

/** Seed profiles: `small` for fast tests, `demo` the seed `npm start` writes, `large` exercises paging. */
export const SEED_PROFILES = ['small', 'demo', 'large'] as const;
export const seedProfileSchema = z.enum(SEED_PROFILES);
export type SeedProfile = z.infer<typeof seedProfileSchema>;

/** Longest delay a `Prefer: delay=` or the global latency may ask for. */
export const MAX_SCENARIO_DELAY_MS = 30_000;

/** Statuses the global error rate may answer. */
export const SCENARIO_ERROR_STATUSES = [500, 503] as const;

export const latencyRangeSchema = z
  .object({
    minMs: z.number().int().min(0).max(MAX_SCENARIO_DELAY_MS),
    maxMs: z.number().int().min(0).max(MAX_SCENARIO_DELAY_MS),
  })
  .strict()
  .refine((range) => range.minMs <= range.maxMs, { message: 'minMs must not be above maxMs', path: ['minMs'] });
export type LatencyRange = z.infer<typeof latencyRangeSchema>;

export const errorRateBodySchema = z
  .object({
    /** Share of contract calls answered with `status` instead (0 never, 1 always). */
    rate: z.number().min(0).max(1),
    status: z
      .union([z.literal(500), z.literal(503)], {
        // zod's own word for a union is "Invalid input": name what is allowed instead.
        errorMap: () => ({ message: `status must be ${SCENARIO_ERROR_STATUSES.join(' or ')}` }),
      })
      .optional(),
  })
  .strict();
export type ErrorRateBody = z.infer<typeof errorRateBodySchema>;

/** What PUT /__control/clock says when `now` is neither format it takes. */
export const CLOCK_FORMATS_MESSAGE =
  'now must be a date (YYYY-MM-DD, taken as midnight UTC) or a date-time with Z or an offset (e.g. 2026-03-01T09:30:00Z or 2026-03-01T09:30:00+02:00).';

const calendarDate = z.string().date();
const dateTime = z.string().datetime({ offset: true });

export const clockBodySchema = z
  .object({
    /**
     * The instant every business date of the API is computed from: a date (`2026-03-01`, midnight UTC, the
     * time zone of the API's business dates) or an ISO 8601 date-time with Z or an offset.
     */
    now: z.string().refine((value) => calendarDate.safeParse(value).success || dateTime.safeParse(value).success, {
      message: CLOCK_FORMATS_MESSAGE,
    }),
  })
  .strict();
export type ClockBody = z.infer<typeof clockBodySchema>;

export const profileBodySchema = z.object({ profile: seedProfileSchema }).strict();
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** A snapshot's name: letters, digits, `-` and `_`, 1 to 64 characters (it names a URL path segment too). */
export const snapshotNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'name must be 1 to 64 letters, digits, - or _');

export const resetBodySchema = z
  .object({
    /** The seed to go back to (default: the current profile). Not with `snapshot`. */
    profile: seedProfileSchema.optional(),
    /** A snapshot taken with POST /__control/snapshots to go back to instead of the seed. */
    snapshot: snapshotNameSchema.optional(),
    /**
     * True: the fixed clock, latency and error rate go back to their defaults too (before the seed, so it follows
     * the real date). Default false: they are kept, and the seed follows a fixed clock.
     */
    restoreDefaults: z.boolean().optional(),
  })
  .strict()
  .refine((body) => body.profile === undefined || body.snapshot === undefined, {
    message: 'give profile or snapshot, not both',
    path: ['snapshot'],
  })
  .optional()
  .nullable();
export type ResetBody = z.infer<typeof resetBodySchema>;

/** What the controls are set to; also `controls` of `GET /health` in the mock mode (MOCK_CONTROLS). */
export const controlStateSchema = z.object({
  profile: seedProfileSchema,
  /** The fixed "now" (ISO), or null when the API follows the real clock. */
  fixedNow: z.string().nullable(),
  latency: z.object({ minMs: z.number().int(), maxMs: z.number().int() }).nullable(),
  /** Share of contract calls answered with `errorStatus` (0 none). */
  errorRate: z.number().min(0).max(1),
  errorStatus: z.union([z.literal(500), z.literal(503)]),
  /** A reset (reseed) is running; another one answers 409 meanwhile. */
  resetting: z.boolean(),
  /** When the last reset or profile change finished (ISO, real time), null before the first. */
  lastResetAt: z.string().nullable(),
  /** How the last reset went (null before the first). */
  lastReset: z
    .object({
      /** What it went back to: a profile's seed or a snapshot. */
      target: z.string(),
      /** `seed`: the database was emptied and seeded (the first reset to a profile on a date); `copy`: kept copy. */
      method: z.enum(['seed', 'copy']),
      /** Collections rewritten from the kept copy (null: every one). */
      collectionsRewritten: z.number().int().min(0).nullable(),
      durationMs: z.number().min(0),
    })
    .nullable(),
  /**
   * What failed in the background (as `failures` of GET /health), each with what to do: in GET /__control and the
   * `controls` of GET /health, not in the answers of the routes that change the controls.
   */
  failures: z.array(backgroundFailureSchema).optional(),
});
export type ControlState = z.infer<typeof controlStateSchema>;

/** POST /__control/snapshots: the name to keep the current data under (an existing one is replaced). */
export const snapshotBodySchema = z.object({ name: snapshotNameSchema }).strict();
export type SnapshotBody = z.infer<typeof snapshotBodySchema>;

/** A kept copy of the data: what POST /__control/reset {snapshot} goes back to. */
export const snapshotSchema = z.object({
  name: snapshotNameSchema,
  /** The seed profile the data was reset to before the snapshot was taken. */
  profile: seedProfileSchema,
  /** When it was taken (ISO, real time). */
  createdAt: z.string(),
  collections: z.number().int().min(0),
  documents: z.number().int().min(0),
  /** Its size in memory (BSON bytes). */
  bytes: z.number().int().min(0),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export const snapshotListSchema = z.object({ snapshots: z.array(snapshotSchema) });
export type SnapshotList = z.infer<typeof snapshotListSchema>;

/**
 * The request header that gives its caller an isolated mock session: its own copy of the seeded data and its own
 * controls (clock, latency, error rate, request journal, snapshots), made on first use. Calls without it use the
 * default session. The value names the session: 1 to 32 letters, digits, `-` or `_`.
 */
export const MOCK_SESSION_HEADER = 'X-Mock-Session';

/**
 * The request header that carries the control token when the API is started with MOCK_CONTROL_TOKEN: then every
 * `/__control` call, and a call that would make a new isolated session (an X-Mock-Session not in use yet), needs
 * it (401 without it, 403 with another value). Its own header, not `Authorization`: a session's first call is often
 * an ordinary API call, whose `Authorization` carries the user's token.
 */
export const MOCK_CONTROL_TOKEN_HEADER = 'X-Mock-Control-Token';
export const mockSessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, `${MOCK_SESSION_HEADER} must be 1 to 32 letters, digits, - or _`);

/** An isolated session (GET /__control/sessions, on the default session). */
export const mockSessionSchema = z.object({
  id: z.string(),
  /** The seed profile its data was last reset to. */
  profile: seedProfileSchema,
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** How long its creation took (copying the seeded data into a database of its own, or taking a spare). */
  createdInMs: z.number().min(0),
  /** True when it took a spare database filled beforehand (POST /__control/sessions/prepare, MOCK_SESSION_SPARES). */
  fromSpare: z.boolean(),
});
export type MockSession = z.infer<typeof mockSessionSchema>;

/**
 * The warm spares: databases already filled with the default session's profile, each taken whole by the next new
 * session. They are no session: they count toward no list and no limit (at most MOCK_SESSION_LIMIT are kept).
 */
export const mockSessionSparesSchema = z.object({
  /** Filled and waiting for a new session. */
  ready: z.number().int().min(0),
  /** Being filled now (one at a time, in the background, never during a reset). */
  filling: z.number().int().min(0),
  /**
   * How many the pool keeps ready now: 0 until a session is first made, then MOCK_SESSION_SPARES, or the count of
   * the last prepare; at most MOCK_SESSION_LIMIT.
   */
  target: z.number().int().min(0),
});
export type MockSessionSpares = z.infer<typeof mockSessionSparesSchema>;

/** Most spares one POST /__control/sessions/prepare asks for (the limit of MOCK_SESSION_LIMIT too). */
export const MAX_MOCK_SESSION_SPARES = 64;

/** POST /__control/sessions/prepare: spares to have ready (at most MOCK_SESSION_LIMIT). */
export const prepareSessionsBodySchema = z
  .object({
    count: z
      .number({ required_error: 'count is required', invalid_type_error: 'count must be a number' })
      .int('count must be a whole number')
      .min(0, 'count must be 0 or more')
      .max(MAX_MOCK_SESSION_SPARES, `count must be at most ${String(MAX_MOCK_SESSION_SPARES)}`),
  })
  .strict();
export type PrepareSessionsBody = z.infer<typeof prepareSessionsBodySchema>;

export const mockSessionListSchema = z.object({
  sessions: z.array(mockSessionSchema),
  spares: mockSessionSparesSchema,
  /** Most sessions kept at once (MOCK_SESSION_LIMIT); one more answers 429. */
  limit: z.number().int().min(1),
  /** A session unused this long is dropped with its data (MOCK_SESSION_TTL_SECONDS). */
  ttlSeconds: z.number().int().min(1),
});
export type MockSessionList = z.infer<typeof mockSessionListSchema>;

/** DELETE /__control/limits: what was cleared. */
export const limitsClearedSchema = z.object({
  /** Per-address counters of failed sign-ins and sign-ups removed. */
  addressCounters: z.number().int().min(0),
  /** Per-account failed sign-in records (and so lockouts) removed. */
  accountLockouts: z.number().int().min(0),
});
export type LimitsCleared = z.infer<typeof limitsClearedSchema>;

/** How many requests the journal keeps (the oldest go first); also `capacity` of its answer. */
export const REQUEST_JOURNAL_CAPACITY = 1_000;

/** Largest `limit` of GET /__control/requests. */
export const MAX_REQUEST_JOURNAL_LIMIT = 500;

/** A recorded request body whose JSON text is longer than this is cut to it and marked. */
export const REQUEST_JOURNAL_BODY_LIMIT = 16 * 1024;

/** What stands in for a secret header or body field in the journal. */
export const REDACTED = '[redacted]';

export const JOURNAL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

export const requestJournalQuerySchema = z
  .object({
    method: z
      .enum(JOURNAL_METHODS, { errorMap: () => ({ message: `method must be one of ${JOURNAL_METHODS.join(', ')}` }) })
      .optional(),
    /** Keeps the requests whose path starts with this (`/reports` matches `/reports/getConversionReport`). */
    path: z.string().startsWith('/', 'path must start with /').optional(),
    /** Keeps the requests received at or after this instant (ISO date-time with Z or an offset). */
    since: z
      .string()
      .datetime({ offset: true, message: 'since must be an ISO date-time with Z or an offset' })
      .optional(),
    limit: queryInt('limit', 1, MAX_REQUEST_JOURNAL_LIMIT).default(50),
  })
  .strict();
export type RequestJournalQuery = z.input<typeof requestJournalQuerySchema>;

/** One request the API answered, as the journal keeps it (secrets redacted). */
export const journalEntrySchema = z.object({
  method: z.string(),
  /** The path without the query string. */
  path: z.string(),
  query: z.record(z.unknown()),
  /** Request headers, names in lower case; credentials and secrets are `[redacted]`. */
  headers: z.record(z.string()),
  /**
   * The JSON body as parsed (password, apiKey, token and secret fields `[redacted]`); null without one; the text
   * received for malformed JSON (secret values redacted); a description for a non-JSON body; over the size limit,
   * the start of its JSON text and a `[truncated ...]` marker.
   */
  body: z.unknown(),
  bodyTruncated: z.boolean(),
  status: z.number().int(),
  /**
   * The answer's body as sent: JSON parsed (secret fields `[redacted]`, as the request's), over the size limit the
   * start of its text and a `[truncated ...]` marker; null without one; a description of a file, a stream or CSV.
   */
  responseBody: z.unknown(),
  responseBodyTruncated: z.boolean(),
  /** The id of the stub that answered (POST /__control/stubs), null when none did. */
  stub: z.string().nullable(),
  /** From the request's arrival to the end of the answer. */
  durationMs: z.number().min(0),
  /** When the request arrived (ISO, real time). */
  time: z.string(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** GET /__control/requests: the matching requests, newest first. */
export const requestJournalSchema = z.object({
  requests: z.array(journalEntrySchema),
  /** Requests the journal holds now (before the filters). */
  held: z.number().int().min(0),
  /** The most it holds. */
  capacity: z.number().int().min(1),
});
export type RequestJournal = z.infer<typeof requestJournalSchema>;

/** DELETE /__control/requests: how many requests were forgotten. */
export const requestJournalClearedSchema = z.object({ cleared: z.number().int().min(0) });
export type RequestJournalCleared = z.infer<typeof requestJournalClearedSchema>;

/** The request header of the per-call scenario controls (RFC 7240 syntax), e.g. `code=404, delay=200`. */
export const PREFER_HEADER = 'Prefer';

/** Builds a `Prefer` value: `preferHeader({ code: 503, delay: [100, 300] })` -> `code=503, delay=100-300`. */
export function preferHeader(preference: {
  code?: number;
  delay?: number | readonly [number, number];
  /** A named example (`typical`, `empty`); see `exampleNames` of `@publisher/contract/mock` for a route's names. */
  example?: ExampleName;
}): string {
  const parts: string[] = [];
  if (preference.code !== undefined) parts.push(`code=${String(preference.code)}`);
  if (preference.delay !== undefined) {
    const { delay } = preference;
    parts.push(typeof delay === 'number' ? `delay=${String(delay)}` : `delay=${String(delay[0])}-${String(delay[1])}`);
  }
  if (preference.example !== undefined) parts.push(`example=${preference.example}`);
  return parts.join(', ');
}
