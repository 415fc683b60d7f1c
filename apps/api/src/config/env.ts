import { join } from 'node:path';
import { z } from 'zod';
import { cacheRootFrom } from '@publisher/db';
import {
  brandHostsFrom,
  DEFAULT_AI_BRAND_HOSTS,
  DEFAULT_SECOND_BRAND_HOSTS,
  parseHostList,
  seedProfileSchema,
  type SeedProfile,
} from '@publisher/contract';

/** The development JWT secret: fine on a laptop, refused in production. */
export const DEVELOPMENT_JWT_SECRET = 'publisher-portal-development-secret-change-me';

/** Failed attempts per address and window: generous on a shared dev stack, tight elsewhere. */
export const DEVELOPMENT_LOGIN_RATE_LIMIT = 1000;
export const PRODUCTION_LOGIN_RATE_LIMIT = 20;

/** The development account of the extension revenue service: refused in production, like the JWT default. */
export const DEVELOPMENT_EXTENSION_SERVICE_EMAIL = 'extension-service@publisher.test';
export const DEVELOPMENT_EXTENSION_SERVICE_PASSWORD = 'extension-service-development-password';

/** Issue 25: every call answers within 5 s of a database stall. */
export const REQUEST_DEADLINE_MS = 5_000;

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** The speed pieces the bench can switch off (BENCH_PIECES_OFF), each on its hot read. */
export const SPEED_PIECES = ['report-cache', 'catalog-trigrams'] as const;
export type SpeedPiece = (typeof SPEED_PIECES)[number];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(3333),
  API_HOST: z.string().default('127.0.0.1'),
  /** Origin the API is reached at by browsers; generated logo and image URLs are absolute to it. */
  PUBLIC_API_URL: z.string().url().optional(),
  /** Host of the tracked links (deep links 1, 2, 5 and short links): this API as the public reaches it. */
  TRACKING_BASE_URL: z.string().url().optional(),
  /** Where a followed price-line feed link goes (the click's values are added to its query); default: a local page. */
  FEED_PRICELINE_TARGET_URL: z.string().url().optional(),
  /** Where a followed search-feed link goes (chanel and q are added to its query); default: a local page. */
  FEED_YAHOO_TARGET_URL: z.string().url().optional(),
  /** The extension revenue service account the API signs in with (the web never holds it). */
  EXTENSION_SERVICE_EMAIL: z.string().email().default(DEVELOPMENT_EXTENSION_SERVICE_EMAIL),
  EXTENSION_SERVICE_PASSWORD: z.string().min(8).default(DEVELOPMENT_EXTENSION_SERVICE_PASSWORD),
  /** The account number whose extension revenue the dashboard reads. */
  EXTENSION_ACCOUNT: z
    .string()
    .regex(/^\d{1,12}$/)
    .default('1001'),
  /**
   * Serve the stand-in of the extension revenue service (its public /api/auth/login and /api/users/* routes) and
   * read the dashboard's extension revenue from it. Default: outside production only.
   */
  EXTENSION_SERVICE_STANDIN: booleanFlag.optional(),
  /** Public clicks (tracked links, feed links) of one address on one link within this long count once; 0: off. */
  CLICK_DUPLICATE_WINDOW_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** Clicks one client address may have recorded per CLICK_RATE_WINDOW_SECONDS (beyond it: redirected, not counted). */
  CLICK_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  CLICK_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().max(86_400).default(60),
  /** Search texts (feed links' q) one client address may have recorded per CLICK_RATE_WINDOW_SECONDS. */
  SEARCH_TEXT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /**
   * When unset, the API provisions its own database (mongodb-memory-server when its binary can be had, else
   * FerretDB: tools/db/src/provision.ts).
   */
  MONGODB_URI: z.string().url().optional(),
  MONGODB_DB_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/)
    .default('publisher_portal'),
  /** Where an embedded database keeps its files between runs. */
  DATA_DIR: z.string().default('.data'),
  /** auto (mongodb-memory-server when its binary can be had, else FerretDB), or force one of them. */
  DB_PROVIDER: z.enum(['auto', 'ferretdb', 'mongodb-memory-server']).default('auto'),
  /**
   * Probe for mongodb-memory-server again instead of the choice remembered in the cache folder (tools/db
   * DB_CHOICE_FILE); `npm start -- --reprobe` sets it.
   */
  DB_REPROBE: booleanFlag.optional(),
  /** Where the FerretDB binary is cached (default $XDG_CACHE_HOME or ~/.cache, /publisher-portal). */
  PUBLISHER_CACHE_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(16).optional(),
  /** Failed sign-ins one account takes within ACCOUNT_LOCKOUT_SECONDS before it refuses sign-ins until then. */
  ACCOUNT_LOCKOUT_FAILURES: z.coerce.number().int().positive().default(10),
  ACCOUNT_LOCKOUT_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /**
   * The mock mode: the scenario controls (`/__control`, the `Prefer` header of every route). Default: on when
   * NODE_ENV is development or test, off otherwise (they can wipe the database), unless set.
   */
  MOCK_CONTROLS: booleanFlag.optional(),
  /**
   * Closes the mock mode's control API: when set, every `/__control` call and a call that starts a new isolated
   * session need it in X-Mock-Control-Token (docs/CONTROLS.md). Unset (or empty), they are open, as on a laptop.
   */
  MOCK_CONTROL_TOKEN: z
    .string()
    .transform((value) => value.trim())
    .pipe(z.union([z.literal(''), z.string().min(16, 'MOCK_CONTROL_TOKEN must be at least 16 characters')]))
    .optional(),
  /**
   * Isolated mock sessions (X-Mock-Session) kept at once; at the limit the least recently used idle one gives way to
   * a new one, and only when every one is busy does a new one answer 429.
   */
  MOCK_SESSION_LIMIT: z.coerce.number().int().min(1).max(64).default(8),
  /** A mock session unused this long is dropped with its data. */
  MOCK_SESSION_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(1_800),
  /**
   * Spare session databases kept filled once a session has been made (control/sessions.ts): a new session takes
   * one instead of copying the seed. None before the first session: a start that never uses sessions pays no
   * CPU or disk for them. 2 covers a couple of workers (re)starting at once; a suite of more calls
   * POST /__control/sessions/prepare. 0 turns the pool off (prepare still fills on request).
   */
  MOCK_SESSION_SPARES: z.coerce.number().int().min(0).max(64).default(2),
  /**
   * Whether ready spare session databases (an ended session's database is reset and kept as one) outlive a stop,
   * marked as equal to their kept seed, for the next start to take on: the first sessions after a restart then
   * cost no copy. Default: on, but under NODE_ENV=test (each test file's databases go with it).
   */
  MOCK_SESSION_KEEP_SPARES: booleanFlag.optional(),
  /**
   * Where the mock mode keeps the fresh seed of each profile on disk (control/kept-seed-files.ts), so that the first
   * reset after a restart is a copy, not a seed from nothing. Default: `<DATA_DIR>/kept-seeds` with the embedded
   * database, `<the cache folder>/kept-seeds` with MONGODB_URI (the files hold no trace of the server); `off` keeps
   * them in memory only (the default under NODE_ENV=test, where each test file starts from nothing).
   */
  KEPT_SEEDS_DIR: z.string().optional(),
  /** Seed the demo accounts (with the README's password). Default: outside production only. */
  SEED_DEMO_ACCOUNTS: booleanFlag.optional(),
  JWT_EXPIRES_IN_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  /** Comma-separated origins allowed by CORS. */
  WEB_ORIGIN: z.string().default('http://localhost:4200,http://127.0.0.1:4200'),
  /**
   * Failed sign-in and sign-up attempts one client address makes per window before its failures answer 429.
   * Default 1000 in development (everyone on a dev stack shares 127.0.0.1), 20 otherwise.
   */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().optional(),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  JSON_BODY_LIMIT: z.string().default('1mb'),
  LOG_REQUESTS: booleanFlag.optional(),
  SEED_ON_START: booleanFlag.optional(),
  /** Days of reports (up to today) the seed saves for every source; only dates never saved are saved. */
  SEED_REPORT_DAYS: z.coerce.number().int().min(0).max(730).default(180),
  /**
   * What a seed on start (and `npm run seed`) lays out: `demo` (the full catalog and SEED_REPORT_DAYS days),
   * `small` or `large`, the profiles of the mock mode's resets (seed/seed-profiles.ts).
   */
  SEED_PROFILE: seedProfileSchema.default('demo'),
  /**
   * Buckets the saved reports of each source are spread over (report_days.<source>.b<NN>...); default 64 on
   * FerretDB, 1 on MongoDB. Only read when a database holds no reports yet: the count it was laid out with wins.
   */
  REPORT_BUCKETS: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * Which server's branches the API takes where MongoDB and FerretDB differ (today: the report layout's bucket
   * count). `detect` (default) asks the server; `mongodb` or `ferretdb` forces one, so the tests run MongoDB's
   * branches on FerretDB, the only server these machines have.
   */
  DB_SERVER_BRANCHES: z.enum(['detect', 'mongodb', 'ferretdb']).default('detect'),
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(10),
  /**
   * Express's `trust proxy`: which proxies' X-Forwarded-For to believe for the client address (the sign-in limit
   * is per address). `false` (default) when clients reach the API directly, as with `npm start`: a client could
   * otherwise send a new X-Forwarded-For with every attempt. Behind exactly one proxy (the compose file's nginx)
   * `1`; a number of hops, `loopback`, `uniquelocal` or `true` otherwise.
   */
  TRUST_PROXY: z.string().default('false'),
  /**
   * Check every answer against its contract route (ts-rest's response validation: an off-contract answer becomes
   * a logged 500, undeclared keys are stripped). Default: on outside production. Production skips it: presenters
   * map every document field by field, and the tests and `npm run verify` hold every route to its schema, so the
   * check would only repeat per request what they prove (it is a zod parse of every row of every answer).
   */
  RESPONSE_VALIDATION: booleanFlag.optional(),
  /**
   * Hosts the web app is served on, besides localhost, 127.0.0.1 and the WEB_ORIGIN hosts (comma-separated):
   * GET /dashboard/verifyDomain lets the app load there without a custom domain.
   */
  APP_HOSTS: z.string().default(''),
  /**
   * Hosts of the AI-branded variant (part 2 §1), sub-domains included. Unset: the contract's
   * DEFAULT_AI_BRAND_HOSTS; the web reads the same variable and default.
   */
  AI_BRAND_HOSTS: z.string().optional(),
  /**
   * Hosts of the second brand (part 1 §1), sub-domains included; the web adds `isSecondBrand=true` there. Unset:
   * the contract's DEFAULT_SECOND_BRAND_HOSTS; the web reads the same variable and default.
   */
  SECOND_BRAND_HOSTS: z.string().optional(),
  /** Longest one database operation may take before it fails (the caller gets a 503). */
  DB_OPERATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /**
   * `npm run bench` only: speed pieces to switch off (comma-separated SPEED_PIECES), so one run measures each
   * piece's effect on its hot read, on against off. Nothing else sets it.
   */
  BENCH_PIECES_OFF: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((piece) => piece.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(SPEED_PIECES))),
});

export interface AppConfig {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Public origin of the API without a trailing slash (default http://localhost:<API_PORT>). */
  publicApiUrl: string;
  /** Base of the tracked links this API redirects (`/redirect`, `/s/<code>`), without a trailing slash. */
  trackingBaseUrl: string;
  /** Targets of the feed links (/addPriceLineFeeds, /addYahooFeeds). */
  feedTargets: { priceline: string; yahoo: string };
  /** The revenue service account the API uses server-side (mocked by this API). */
  extensionService: {
    email: string;
    password: string;
    account: string;
    /** Whether this API serves (and reads from) the stand-in revenue service; off in production unless asked. */
    isStandIn: boolean;
  };
  /** What public clicks are recorded (shared/click-filter.ts). */
  clickFilter: {
    duplicateWindowMs: number;
    perAddressLimit: number;
    perAddressWindowMs: number;
    searchTextLimit: number;
  };
  mongodbUri: string | undefined;
  dbName: string;
  dataDir: string;
  dbProvider: 'auto' | 'ferretdb' | 'mongodb-memory-server';
  /** DB_REPROBE: ignore the remembered database choice and probe again. */
  dbReprobe: boolean;
  /** Where the FerretDB binary is cached: the same folder `npm run db:ensure` and the tests use. */
  cacheDir: string;
  jwtSecret: string;
  /** True when the development default secret is in use (main.ts prints a warning). */
  isDefaultJwtSecret: boolean;
  jwtExpiresInSeconds: number;
  webOrigins: string[];
  loginRateLimit: number;
  loginRateWindowMs: number;
  accountLockout: { maxFailures: number; windowMs: number };
  /** MOCK_CONTROLS: `/__control` is mounted and every route honours `Prefer`. */
  mockControls: boolean;
  /**
   * MOCK_SESSION_LIMIT, MOCK_SESSION_TTL_SECONDS (in ms) and MOCK_SESSION_SPARES: the isolated sessions of the
   * mock mode.
   */
  mockSessions: {
    limit: number;
    ttlMs: number;
    spares: number;
    /**
     * MOCK_SESSION_KEEP_SPARES (default: on but in tests): ready spare session databases outlive a stop, marked, and
     * the next start takes them on (control/sessions.ts).
     */
    keepSpares?: boolean;
  };
  /** KEPT_SEEDS_DIR: the folder of the kept seeds on disk (undefined: in memory only). */
  keptSeedsDir: string | undefined;
  /** MOCK_CONTROL_TOKEN: what `/__control` and new sessions need (undefined: they are open). */
  mockControlToken: string | undefined;
  seedDemoAccounts: boolean;
  jsonBodyLimit: string;
  logRequests: boolean;
  seedOnStart: boolean;
  seedReportDays: number;
  seedProfile: SeedProfile;
  /** REPORT_BUCKETS; undefined: decided from the database (report-layout.ts). */
  reportBuckets: number | undefined;
  /** DB_SERVER_BRANCHES: the server whose branches to take, or `detect` to ask it. */
  dbServerBranches: 'detect' | 'mongodb' | 'ferretdb';
  bcryptRounds: number;
  trustProxy: boolean | number | string;
  /** Whether every answer is checked against its route (RESPONSE_VALIDATION). */
  validateResponses: boolean;
  dbOperationTimeoutMs: number;
  /**
   * Longest a request waits on a database that does not answer before it gets a 503 (shared/request-deadline.ts):
   * 5 s, or the operation timeout when that is shorter.
   */
  requestDeadlineMs: number;
  /** Hosts the web app may load on without being a vendor's custom domain (lower-cased, no port). */
  hosts: { app: string[]; aiBrand: string[]; secondBrand: string[] };
  /** BENCH_PIECES_OFF: speed pieces switched off for the bench's on/off comparison (empty everywhere else). */
  benchPiecesOff: readonly SpeedPiece[];
}

function hostOfOrigin(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function trustProxyOf(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** KEPT_SEEDS_DIR, or its default (beside the embedded database's files, or in the cache folder); `off`: none. */
function keptSeedsDirOf(
  values: { KEPT_SEEDS_DIR?: string | undefined; MONGODB_URI?: string | undefined; DATA_DIR: string; NODE_ENV: string },
  cacheDir: string,
): string | undefined {
  const chosen = values.KEPT_SEEDS_DIR?.trim();
  if (chosen === 'off' || (chosen === undefined && values.NODE_ENV === 'test')) return undefined;
  if (chosen) return chosen;
  return values.MONGODB_URI ? join(cacheDir, 'kept-seeds') : join(values.DATA_DIR, 'kept-seeds');
}

/** Shortest JWT_SECRET production accepts (HS256 wants at least 256 bits of key). */
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

/**
 * Why a secret is not fit for production, or null. Production refuses the development default (so a token
 * signed with it never works there), short secrets, and secrets of very few distinct characters.
 */
export function jwtSecretWeakness(secret: string | undefined): string | null {
  if (!secret) return 'required in production';
  if (secret === DEVELOPMENT_JWT_SECRET) return 'the development default cannot be used in production';
  if (secret.length < MIN_PRODUCTION_SECRET_LENGTH)
    return `must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters in production (e.g. openssl rand -hex 32)`;
  if (new Set(secret).size < 8) return 'too predictable: use a random value (e.g. openssl rand -hex 32)';
  return null;
}

/**
 * Every credential production refuses, one line each (`NAME: why`): a missing or weak JWT_SECRET (it also keys the
 * podcast upload signatures and the stand-in service's tokens, each under its own purpose label), and the extension
 * service account missing or left at its development values (anyone could sign in with those).
 */
function productionCredentialProblems(
  env: Record<string, string | undefined>,
  jwtSecret: string | undefined,
): string[] {
  const problems: string[] = [];
  const jwtWeakness = jwtSecretWeakness(jwtSecret);
  if (jwtWeakness) problems.push(`JWT_SECRET: ${jwtWeakness}`);
  const developmentDefaults = {
    EXTENSION_SERVICE_EMAIL: DEVELOPMENT_EXTENSION_SERVICE_EMAIL,
    EXTENSION_SERVICE_PASSWORD: DEVELOPMENT_EXTENSION_SERVICE_PASSWORD,
  };
  for (const [name, developmentValue] of Object.entries(developmentDefaults)) {
    const value = env[name];
    if (value === undefined || value === '') problems.push(`${name}: required in production`);
    else if (value.trim().toLowerCase() === developmentValue.toLowerCase())
      problems.push(`${name}: the development default cannot be used in production`);
  }
  return problems;
}

/** The only place that reads process.env. Throws a readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production') {
    const problems = productionCredentialProblems(env, values.JWT_SECRET);
    if (problems.length > 0) throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const publicApiUrl = (values.PUBLIC_API_URL ?? `http://localhost:${values.API_PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: values.NODE_ENV,
    port: values.API_PORT,
    host: values.API_HOST,
    publicApiUrl,
    trackingBaseUrl: (values.TRACKING_BASE_URL ?? publicApiUrl).replace(/\/+$/, ''),
    feedTargets: {
      priceline: values.FEED_PRICELINE_TARGET_URL ?? `${publicApiUrl}/feeds/landing/priceline`,
      yahoo: values.FEED_YAHOO_TARGET_URL ?? `${publicApiUrl}/feeds/landing/yahoo`,
    },
    extensionService: {
      email: values.EXTENSION_SERVICE_EMAIL,
      password: values.EXTENSION_SERVICE_PASSWORD,
      account: values.EXTENSION_ACCOUNT,
      isStandIn: values.EXTENSION_SERVICE_STANDIN ?? values.NODE_ENV !== 'production',
    },
    clickFilter: {
      duplicateWindowMs: values.CLICK_DUPLICATE_WINDOW_SECONDS * 1000,
      perAddressLimit: values.CLICK_RATE_LIMIT,
      perAddressWindowMs: values.CLICK_RATE_WINDOW_SECONDS * 1000,
      searchTextLimit: values.SEARCH_TEXT_RATE_LIMIT,
    },
    mongodbUri: values.MONGODB_URI,
    dbName: values.MONGODB_DB_NAME,
    dataDir: values.DATA_DIR,
    dbProvider: values.DB_PROVIDER,
    dbReprobe: values.DB_REPROBE ?? false,
    cacheDir: cacheRootFrom(env),
    jwtSecret: values.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    isDefaultJwtSecret: !values.JWT_SECRET,
    jwtExpiresInSeconds: values.JWT_EXPIRES_IN_SECONDS,
    webOrigins: values.WEB_ORIGIN.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    loginRateLimit:
      values.LOGIN_RATE_LIMIT ??
      (values.NODE_ENV === 'development' ? DEVELOPMENT_LOGIN_RATE_LIMIT : PRODUCTION_LOGIN_RATE_LIMIT),
    loginRateWindowMs: values.LOGIN_RATE_WINDOW_SECONDS * 1000,
    accountLockout: { maxFailures: values.ACCOUNT_LOCKOUT_FAILURES, windowMs: values.ACCOUNT_LOCKOUT_SECONDS * 1000 },
    mockControls: values.MOCK_CONTROLS ?? (values.NODE_ENV === 'development' || values.NODE_ENV === 'test'),
    mockSessions: {
      limit: values.MOCK_SESSION_LIMIT,
      ttlMs: values.MOCK_SESSION_TTL_SECONDS * 1000,
      spares: values.MOCK_SESSION_SPARES,
      keepSpares: values.MOCK_SESSION_KEEP_SPARES ?? values.NODE_ENV !== 'test',
    },
    mockControlToken: values.MOCK_CONTROL_TOKEN === '' ? undefined : values.MOCK_CONTROL_TOKEN,
    keptSeedsDir: keptSeedsDirOf(values, cacheRootFrom(env)),
    seedDemoAccounts: values.SEED_DEMO_ACCOUNTS ?? values.NODE_ENV !== 'production',
    jsonBodyLimit: values.JSON_BODY_LIMIT,
    logRequests: values.LOG_REQUESTS ?? values.NODE_ENV !== 'test',
    seedOnStart: values.SEED_ON_START ?? values.NODE_ENV !== 'production',
    seedReportDays: values.SEED_REPORT_DAYS,
    seedProfile: values.SEED_PROFILE,
    reportBuckets: values.REPORT_BUCKETS,
    dbServerBranches: values.DB_SERVER_BRANCHES,
    bcryptRounds: values.BCRYPT_ROUNDS,
    validateResponses: values.RESPONSE_VALIDATION ?? values.NODE_ENV !== 'production',
    trustProxy: trustProxyOf(values.TRUST_PROXY),
    dbOperationTimeoutMs: values.DB_OPERATION_TIMEOUT_MS,
    requestDeadlineMs: Math.min(REQUEST_DEADLINE_MS, values.DB_OPERATION_TIMEOUT_MS),
    hosts: {
      app: [
        ...new Set([
          'localhost',
          '127.0.0.1',
          ...values.WEB_ORIGIN.split(',').flatMap((origin) => hostOfOrigin(origin.trim()) ?? []),
          ...parseHostList(values.APP_HOSTS),
        ]),
      ],
      aiBrand: brandHostsFrom(values.AI_BRAND_HOSTS, DEFAULT_AI_BRAND_HOSTS),
      secondBrand: brandHostsFrom(values.SECOND_BRAND_HOSTS, DEFAULT_SECOND_BRAND_HOSTS),
    },
    benchPiecesOff: values.BENCH_PIECES_OFF,
  };
}
