import { z } from 'zod';
import { cacheRootFrom } from '@publisher/db';

/** The development JWT secret: fine on a laptop, refused in production. */
export const DEVELOPMENT_JWT_SECRET = 'publisher-portal-development-secret-change-me';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(3333),
  API_HOST: z.string().default('127.0.0.1'),
  /** Origin the API is reached at by browsers; generated logo and image URLs are absolute to it. */
  PUBLIC_API_URL: z.string().url().optional(),
  /** Host of the tracked links (deep links 1, 2, 5 and short links): this API as the public reaches it. */
  TRACKING_BASE_URL: z.string().url().optional(),
  /** When unset, the API provisions its own database (FerretDB, else mongodb-memory-server). */
  MONGODB_URI: z.string().url().optional(),
  MONGODB_DB_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/)
    .default('publisher_portal'),
  /** Where an embedded database keeps its files between runs. */
  DATA_DIR: z.string().default('.data'),
  /** auto (FerretDB, else mongodb-memory-server), or force one of them. */
  DB_PROVIDER: z.enum(['auto', 'ferretdb', 'mongodb-memory-server']).default('auto'),
  /** Where the FerretDB binary is cached (default $XDG_CACHE_HOME or ~/.cache, /publisher-portal). */
  PUBLISHER_CACHE_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(16).optional(),
  JWT_EXPIRES_IN_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  /** Comma-separated origins allowed by CORS. */
  WEB_ORIGIN: z.string().default('http://localhost:4200,http://127.0.0.1:4200'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
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
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(10),
  /**
   * How long a cached answer of a read call may be served while its data is unchanged (shared/response-cache.ts);
   * it bounds only clock-dependent staleness (coupon validity, "today"). 0 turns the cache off.
   */
  /**
   * Express's `trust proxy`: which proxies' X-Forwarded-For to believe for the client address (the sign-in limit
   * is per address). `loopback` for a proxy on this host; `uniquelocal` behind a proxy on a private network (the
   * compose file's nginx); a number of hops; `true`/`false`.
   */
  TRUST_PROXY: z.string().default('loopback'),
  RESPONSE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
});

export interface AppConfig {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Public origin of the API without a trailing slash (default http://localhost:<API_PORT>). */
  publicApiUrl: string;
  /** Base of the tracked links this API redirects (`/redirect`, `/s/<code>`), without a trailing slash. */
  trackingBaseUrl: string;
  mongodbUri: string | undefined;
  dbName: string;
  dataDir: string;
  dbProvider: 'auto' | 'ferretdb' | 'mongodb-memory-server';
  /** Where the FerretDB binary is cached: the same folder `npm run db:ensure` and the tests use. */
  cacheDir: string;
  jwtSecret: string;
  /** True when the development default secret is in use (main.ts prints a warning). */
  isDefaultJwtSecret: boolean;
  jwtExpiresInSeconds: number;
  webOrigins: string[];
  loginRateLimit: number;
  loginRateWindowMs: number;
  jsonBodyLimit: string;
  logRequests: boolean;
  seedOnStart: boolean;
  seedReportDays: number;
  bcryptRounds: number;
  trustProxy: boolean | number | string;
  /** 0 when the response cache is off. */
  responseCacheTtlMs: number;
}

function trustProxyOf(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** The only place that reads process.env. Throws a readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production' && !values.JWT_SECRET) {
    throw new Error('Invalid environment:\n  JWT_SECRET: required in production');
  }
  const publicApiUrl = (values.PUBLIC_API_URL ?? `http://localhost:${values.API_PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: values.NODE_ENV,
    port: values.API_PORT,
    host: values.API_HOST,
    publicApiUrl,
    trackingBaseUrl: (values.TRACKING_BASE_URL ?? publicApiUrl).replace(/\/+$/, ''),
    mongodbUri: values.MONGODB_URI,
    dbName: values.MONGODB_DB_NAME,
    dataDir: values.DATA_DIR,
    dbProvider: values.DB_PROVIDER,
    cacheDir: cacheRootFrom(env),
    jwtSecret: values.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    isDefaultJwtSecret: !values.JWT_SECRET,
    jwtExpiresInSeconds: values.JWT_EXPIRES_IN_SECONDS,
    webOrigins: values.WEB_ORIGIN.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    loginRateLimit: values.LOGIN_RATE_LIMIT,
    loginRateWindowMs: values.LOGIN_RATE_WINDOW_SECONDS * 1000,
    jsonBodyLimit: values.JSON_BODY_LIMIT,
    logRequests: values.LOG_REQUESTS ?? values.NODE_ENV !== 'test',
    seedOnStart: values.SEED_ON_START ?? values.NODE_ENV !== 'production',
    seedReportDays: values.SEED_REPORT_DAYS,
    bcryptRounds: values.BCRYPT_ROUNDS,
    responseCacheTtlMs: values.RESPONSE_CACHE_TTL_SECONDS * 1000,
    trustProxy: trustProxyOf(values.TRUST_PROXY),
  };
}
