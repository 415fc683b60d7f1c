import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FERRETDB_VERSION, ensureFerretDbBinary, startFerretDb } from './ferretdb';
import type { DatabaseIncident } from './quarantine';

/**
 * The folders of a data folder (`dataDir`) that hold the embedded servers' database files: FerretDB's SQLite files
 * (with its quarantine) and mongodb-memory-server's. `npm start -- --fresh` deletes these.
 */
export const DATA_DIR_DATABASES: readonly string[] = ['ferretdb', 'mongodb'];

/** Which MongoDB-compatible server is in use; the API reports it on GET /health. */
export type DatabaseKind = 'external' | 'ferretdb' | 'mongodb-memory-server';

export interface ProvisionedDatabase {
  kind: DatabaseKind;
  /** Server URI without a database name; pick one with `databaseNameFor()` or your own. */
  uri: string;
  /** One line for humans: what runs where. */
  description: string;
  /** Milliseconds spent building FerretDB in this call (0 when cached or not used). */
  buildMs: number;
  /** How many times the embedded FerretDB died and was restarted (0 for the other servers). */
  restarts(): number;
  /**
   * What went wrong with the embedded FerretDB in the background, oldest first: its deaths and restarts, and the
   * database files it could not open, moved aside (none for the other servers).
   */
  incidents(): readonly DatabaseIncident[];
  stop(): Promise<void>;
}

export interface ProvisionOptions {
  /**
   * Where the embedded server keeps its files. Give a fixed folder to keep data across runs (`npm start`);
   * leave it out for a throw-away temporary folder (tests), removed on `stop()`.
   */
  dataDir?: string;
  log?: (line: string) => void;
  /** Defaults to process.env; the only environment this module reads. */
  env?: Record<string, string | undefined>;
  /** Defaults to the real mongodb-memory-server; tests replace it to stub the download. */
  memoryServer?: MemoryServerLauncher;
  /**
   * Where the automatic choice between the embedded servers is remembered (see {@link DB_CHOICE_FILE}). Default:
   * that file in the cache folder with the real mongodb-memory-server, none with a replaced one (a stub's answer
   * must not decide what real starts use).
   */
  choiceFile?: string;
}

interface ProvisionEnv {
  mongodbUri: string | undefined;
  provider: 'auto' | 'ferretdb' | 'mongodb-memory-server';
  cacheRoot: string;
  /** DB_REPROBE: probe for mongodb-memory-server again instead of using the remembered choice. */
  isReprobe: boolean;
  /** The MONGOMS_* settings, which change what the probe would find. */
  memoryServerSettings: string;
}

/**
 * The file in the cache folder that remembers which embedded server the automatic choice took and why, so a
 * restart does not probe the mongodb-memory-server download host again (up to 3 s lost on a machine without
 * internet). Probed again with DB_REPROBE=1, when the MONGOMS_* settings change, or when the file is deleted.
 */
export const DB_CHOICE_FILE = 'db-choice.json';

/** What {@link DB_CHOICE_FILE} holds. */
export interface RememberedChoice {
  kind: 'ferretdb' | 'mongodb-memory-server';
  /** Why: the probe's answer. */
  reason: string;
  /** When the probe ran (ISO). */
  decidedAt: string;
  memoryServerSettings: string;
}

/** Where the FerretDB binary is cached: PUBLISHER_CACHE_DIR, else $XDG_CACHE_HOME or ~/.cache, /publisher-portal. */
export function cacheRootFrom(env: Record<string, string | undefined>): string {
  const xdgCache = env['XDG_CACHE_HOME'] || join(homedir(), '.cache');
  return env['PUBLISHER_CACHE_DIR'] || join(xdgCache, 'publisher-portal');
}

function readEnv(env: Record<string, string | undefined>): ProvisionEnv {
  const provider = env['DB_PROVIDER'] ?? 'auto';
  if (provider !== 'auto' && provider !== 'ferretdb' && provider !== 'mongodb-memory-server') {
    throw new Error(`DB_PROVIDER must be auto, ferretdb or mongodb-memory-server (got "${provider}")`);
  }
  const reprobe = env['DB_REPROBE'] ?? '';
  // mongodb-memory-server reads its MONGOMS_* settings from the process environment itself.
  const memoryServerSettings = Object.entries({ ...process.env, ...env })
    .filter(([name, value]) => name.startsWith('MONGOMS_') && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(';');
  return {
    mongodbUri: env['MONGODB_URI'] || undefined,
    provider,
    cacheRoot: cacheRootFrom(env),
    isReprobe: reprobe === '1' || reprobe.toLowerCase() === 'true',
    memoryServerSettings,
  };
}

/** The remembered choice, or null when there is none usable (absent, unreadable, or made under other settings). */
export function readRememberedChoice(file: string, memoryServerSettings: string): RememberedChoice | null {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<RememberedChoice>;
    const { kind, reason, decidedAt } = value;
    if (kind !== 'ferretdb' && kind !== 'mongodb-memory-server') return null;
    if (typeof reason !== 'string' || typeof decidedAt !== 'string') return null;
    if (value.memoryServerSettings !== memoryServerSettings) return null;
    return { kind, reason, decidedAt, memoryServerSettings };
  } catch {
    return null;
  }
}

function remember(file: string | undefined, choice: Omit<RememberedChoice, 'decidedAt'>): void {
  if (!file) return;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ ...choice, decidedAt: new Date().toISOString() }, null, 2)}\n`);
  } catch {
    // A read-only cache only costs the probe on the next start.
  }
}

/** A database name unique to one test file (or any label), valid for MongoDB and FerretDB. */
export function databaseNameFor(label: string): string {
  const digest = createHash('sha1').update(label).digest('hex').slice(0, 10);
  const suffix = Math.random().toString(36).slice(2, 8);
  return `t_${digest}_${suffix}`;
}

/** How long the download host of mongodb-memory-server may take to answer before FerretDB is used instead. */
export const MEMORY_SERVER_PROBE_TIMEOUT_MS = 3_000;

/**
 * Whether mongodb-memory-server can run here without stalling: null when its MongoDB binary is cached (or named
 * by MONGOMS_SYSTEM_BINARY) or its download host answers within `timeoutMs`; else the reason it cannot.
 */
export async function probeMemoryServer(timeoutMs = MEMORY_SERVER_PROBE_TIMEOUT_MS): Promise<string | null> {
  try {
    const { DryMongoBinary } = await import('mongodb-memory-server-core');
    const options = await DryMongoBinary.generateOptions();
    if (await DryMongoBinary.locateBinary(options)) return null;
    const { MongoBinaryDownloadUrl } = await import('mongodb-memory-server-core/lib/util/MongoBinaryDownloadUrl.js');
    const url = await new MongoBinaryDownloadUrl(options).getDownloadUrl();
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return response.ok
      ? null
      : `its MongoDB ${options.version} binary is not cached and ${url} answered ${response.status}`;
  } catch (error) {
    return `its MongoDB binary is not cached and cannot be downloaded (${errorText(error)})`;
  }
}

/** The embedded MongoDB of mongodb-memory-server, as the provisioning uses it (replaceable in tests). */
export interface MemoryServerLauncher {
  /** null when it can start now; else why not. */
  probe(): Promise<string | null>;
  start(dataDir: string): Promise<{ uri: string; stop(): Promise<void> }>;
}

async function startMemoryServer(dataDir: string): Promise<{ uri: string; stop(): Promise<void> }> {
  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  const server = await MongoMemoryServer.create({
    instance: { dbPath: dataDir, storageEngine: 'wiredTiger', ip: '127.0.0.1' },
  });
  return {
    uri: server.getUri(),
    async stop() {
      await server.stop({ doCleanup: false });
    },
  };
}

/**
 * The project's one way to get a database, used by `npm start`, the tests and CI:
 * 1. `MONGODB_URI` if set;
 * 2. else mongodb-memory-server, when its MongoDB binary is cached or its download host answers within
 *    {@link MEMORY_SERVER_PROBE_TIMEOUT_MS} (so a machine without internet loses at most that, once: the answer is
 *    remembered in {@link DB_CHOICE_FILE} until DB_REPROBE=1 or the cache is cleared);
 * 3. else FerretDB v1 (SQLite backend), built once with the machine's Go and cached.
 * `DB_PROVIDER` forces one of the two embedded servers. Fails with one message naming every option tried and
 * how to set `MONGODB_URI`.
 */
export async function provisionDatabase(options: ProvisionOptions = {}): Promise<ProvisionedDatabase> {
  const log = options.log ?? ((line: string) => console.log(`[db] ${line}`));
  const env = readEnv(options.env ?? process.env);
  const memoryServer = options.memoryServer ?? { probe: () => probeMemoryServer(), start: startMemoryServer };
  const choiceFile = options.memoryServer
    ? options.choiceFile
    : (options.choiceFile ?? join(env.cacheRoot, DB_CHOICE_FILE));

  if (env.mongodbUri) {
    return {
      kind: 'external',
      uri: env.mongodbUri,
      description: `external MongoDB at ${redact(env.mongodbUri)} (MONGODB_URI)`,
      buildMs: 0,
      restarts: () => 0,
      incidents: () => [],
      stop: async () => undefined,
    };
  }

  const isTemporary = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'publisher-db-'));
  mkdirSync(dataDir, { recursive: true });
  const cleanup = (): void => {
    if (isTemporary) rmSync(dataDir, { recursive: true, force: true });
  };
  const failures: string[] = ['MONGODB_URI: not set'];
  const isAuto = env.provider === 'auto';
  const remembered =
    isAuto && choiceFile && !env.isReprobe ? readRememberedChoice(choiceFile, env.memoryServerSettings) : null;
  const rememberChoice = (kind: RememberedChoice['kind'], reason: string): void => {
    if (isAuto) remember(choiceFile, { kind, reason, memoryServerSettings: env.memoryServerSettings });
  };

  if (env.provider === 'ferretdb') {
    failures.push('mongodb-memory-server: skipped (DB_PROVIDER=ferretdb)');
  } else if (remembered?.kind === 'ferretdb') {
    failures.push(`mongodb-memory-server: ${remembered.reason} (remembered)`);
    log(
      `mongodb-memory-server unavailable when probed at ${remembered.decidedAt}: ${remembered.reason}; using FerretDB (DB_REPROBE=1 probes again)`,
    );
  } else {
    // A remembered "available" needs no probe either: the start below says whether it still is.
    const unavailable =
      env.provider === 'mongodb-memory-server' || remembered?.kind === 'mongodb-memory-server'
        ? null
        : await memoryServer.probe();
    if (unavailable === null) {
      try {
        const memoryDir = join(dataDir, 'mongodb');
        mkdirSync(memoryDir, { recursive: true });
        const running = await memoryServer.start(memoryDir);
        if (!remembered) rememberChoice('mongodb-memory-server', 'its MongoDB binary is cached or can be downloaded');
        return {
          kind: 'mongodb-memory-server',
          uri: running.uri,
          description: `mongodb-memory-server (files in ${memoryDir}) at ${running.uri}`,
          buildMs: 0,
          restarts: () => 0,
          incidents: () => [],
          async stop() {
            await running.stop();
            cleanup();
          },
        };
      } catch (error) {
        failures.push(`mongodb-memory-server: ${errorText(error)}`);
        if (env.provider === 'mongodb-memory-server') return fail(failures, cleanup);
        rememberChoice('ferretdb', `it did not start (${errorText(error)})`);
        log(`mongodb-memory-server did not start (${errorText(error)}); using FerretDB`);
      }
    } else {
      failures.push(`mongodb-memory-server: ${unavailable}`);
      rememberChoice('ferretdb', unavailable);
      log(`mongodb-memory-server unavailable: ${unavailable}; using FerretDB`);
    }
  }

  try {
    const binary = await ensureFerretDbBinary(env.cacheRoot, log);
    const ferretDir = join(dataDir, 'ferretdb');
    const running = await startFerretDb(binary.path, ferretDir, { log });
    return {
      kind: 'ferretdb',
      uri: running.uri,
      description: `FerretDB ${FERRETDB_VERSION} (SQLite in ${ferretDir}) at ${running.uri}`,
      buildMs: binary.buildMs,
      restarts: () => running.restarts(),
      incidents: () => running.incidents(),
      async stop() {
        await running.stop();
        cleanup();
      },
    };
  } catch (error) {
    failures.push(`FerretDB: ${errorText(error)}`);
    return fail(failures, cleanup);
  }
}

function fail(failures: string[], cleanup: () => void): never {
  cleanup();
  throw new Error(
    [
      'No MongoDB-compatible database could be had. Tried, in order:',
      ...failures.map((line) => `  - ${line}`),
      'Point the project at a running server instead, e.g.',
      '  MONGODB_URI=mongodb://127.0.0.1:27017 npm start',
    ].join('\n'),
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
}

function redact(uri: string): string {
  return uri.replace(/\/\/([^@/]+)@/, '//***@');
}
