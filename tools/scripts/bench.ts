/**
 * `npm run bench`: throughput and latency of the hot read calls at 50 concurrent connections on a freshly
 * seeded database, and the API's peak memory, beside a bare-Express route returning the same bytes; then the
 * API's peak memory while it streams a 1,000,000-row CSV. A benchmark, not a test: it prints figures and never
 * fails on them. Each hot read runs as deployed (NODE_ENV=production) with one request repeated and with every
 * request different (varied), and varied once more with response validation on (RESPONSE_VALIDATION=true, what
 * development and test run), so the cost of that check shows beside the rest.
 * It also drives the tracking redirect of a generated deep link beside a bare-Express redirect, and checks that
 * 10,000 redirects at 50 connections record exactly 10,000 clicks.
 * BENCH_SECONDS (default 10) sets each load run's length; BENCH_CSV_ROWS (default 1000000) the CSV size;
 * Last, the mock mode's resets (docs/CONTROLS.md): for each seed profile, the first reset (seeds from nothing),
 * a reset after a typical browser test's writes, a snapshot and a reset to it, and a switch from another profile
 * (nearly every collection rewritten: the bound for a reset after any writes); then a restart of that API and its
 * first reset (demo), which goes back to the seed kept on disk (KEPT_SEEDS_DIR), asked for at once and again 5 s
 * after the API answers (as a test run's first reset comes), beside the seed from nothing and the same restart
 * without kept seeds. BENCH_RESET_PROFILES (e.g. `demo`) limits those runs to some profiles.
 * BENCH_PROFILE=large seeds the large profile instead of the demo one; the load part prints the deployed API's
 * peak V8 heap against its cap (sampled through GET /health).
 * Then the answers through a 25 s database stall and the p99 after it (apps/api/src/bench/stall-answers.ts, on an
 * embedded database of its own: the database process is stopped with SIGSTOP).
 * Then new mock sessions without waiting (issue 37 goal 2): BENCH_SESSIONS (default 4, the MOCK_SESSION_LIMIT
 * there) parallel first calls of new X-Mock-Session ids, cold (the first start on new data, then at once), then
 * right after a restart (the databases the stopped API kept, taken on), then one recycled at the cap; each call's
 * latency, the heap's peak against its cap, and the heap per idle session.
 * BENCH_ONLY=load, BENCH_ONLY=redirect, BENCH_ONLY=csv, BENCH_ONLY=resets, BENCH_ONLY=sessions or BENCH_ONLY=stall runs one part; BENCH_CALLS (a
 * comma-separated list of earnings, conversions, products, coupons) runs only those hot reads.
 *
 * Each speed piece pays or goes (issue 21): every hot read also runs, repeated and varied, against a third API
 * with the speed pieces switched off (BENCH_PIECES_OFF: the report cache, the catalog's trigram index; each read
 * but the coupons exercises one: the kept coupon order went, having not paid), right after the same run with them on, and the table prints each
 * piece's effect on its read. A piece stays only where it gives >= 20% throughput without a worse p99. The
 * machine may be shared: absolute figures move with its load, so the on/off ratios of adjacent runs are what
 * count.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, provisionDatabase, waitForHttp } from '@publisher/db';
import { apiBundle } from './api-bundle';
import { formatResult, runAmount, runLoad, runVaried, type LoadRequest, type LoadResult } from './bench/load';
import { cpuSeconds, peakRssMiB } from './bench/process-memory';
import { API_NODE_OPTIONS, ROOT } from './workspace';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? '10');
const CSV_ROWS = Number(process.env['BENCH_CSV_ROWS'] ?? '1000000');
const CONNECTIONS = 50;
/** Unmeasured load on each API before a scenario's runs. */
const WARM_UP_MS = 3_000;
const VENDOR = { email: 'vendor@publisher.test', password: 'Publisher#2026' };
/** BENCH_ONLY=load, redirect or csv runs only that part. */
const ONLY = process.env['BENCH_ONLY'];
const runs = (part: 'load' | 'redirect' | 'csv' | 'resets' | 'sessions' | 'stall'): boolean =>
  ONLY === undefined || ONLY === part;
/** BENCH_CALLS: the hot reads to run (default all). */
/**
 * BENCH_PROFILE: the seed profile the APIs serve (SEED_PROFILE: small, demo or large; default demo). `large` is
 * the memory case of goal 5: three times the coupons and cashback offers and 240 days of reports.
 */
const PROFILE = process.env['BENCH_PROFILE'] ?? 'demo';
const CALLS = process.env['BENCH_CALLS']?.split(',').map((call) => call.trim());
/** Every speed piece the API can switch off for the comparison (apps/api/src/config/env.ts SPEED_PIECES). */
const PIECES_OFF = 'report-cache,catalog-trigrams';
/** The minimum throughput gain a piece must show on its read to stay. */
const PAYS_AT = 0.2;
/** The throughput response validation must keep of the API without it (issue 40), on each hot read. */
const VALIDATION_AT = 0.7;
/** Redirects of the click-count check. */
const COUNTED_REDIRECTS = 10_000;
const children: ChildProcess[] = [];
/** BENCH_SESSION_LINES=1: the API's `[sessions]` log lines too (what each session's making spent). */
const SESSION_LINES = process.env['BENCH_SESSION_LINES'] === '1';

function spawnTracked(command: string, args: string[], cwd: string, env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}

/** A TypeScript script of the workspace, loaded through tsx. */
function node(script: string, args: string[], cwd: string, env: Record<string, string>): ChildProcess {
  return spawnTracked(process.execPath, ['--import', 'tsx', script, ...args], cwd, env);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const isoDay = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await findFreePort();
  // As `npm start` runs it: the API's bundle (tools/scripts/api-bundle.ts).
  const entry = await apiBundle({ log: console.log });
  const child = spawnTracked(process.execPath, ['--enable-source-maps', entry], join(ROOT, 'apps', 'api'), {
    // As deployed (docker-compose.yml): production mode, so no scenario controls; the demo accounts sign in.
    NODE_ENV: 'production',
    SEED_DEMO_ACCOUNTS: 'true',
    // The click-count check sends 10,000 redirects of one link from one address: with the click filter on (a
    // repeat within 10 s counts once, 120 clicks per address a minute) it would record one. It checks that no
    // click is lost, so the filter is off here; click-flood.test.ts covers the filter.
    CLICK_DUPLICATE_WINDOW_SECONDS: '0',
    CLICK_RATE_LIMIT: '100000000',
    ...env,
    API_PORT: String(port),
    LOG_REQUESTS: 'false',
    JWT_SECRET: 'bench-secret-long-enough-for-hs256',
    // Production refuses the development extension account; the bench reads no extension revenue.
    EXTENSION_SERVICE_EMAIL: 'bench-extension@example.invalid',
    EXTENSION_SERVICE_PASSWORD: 'bench-extension-password',
    // The same heap bound the API runs with everywhere (see API_NODE_OPTIONS in tools/scripts/workspace.ts).
    NODE_OPTIONS: API_NODE_OPTIONS,
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    // The seed's summary, how the first reset after a restart learnt what the data equals, and (BENCH_SESSION_LINES)
    // what each session's making spent.
    for (const line of chunk.toString().split('\n')) {
      const isSeedLine = line.startsWith('[seed]') && !line.includes('@');
      const isSessionLine = SESSION_LINES && line.startsWith('[sessions]');
      if (isSeedLine || isSessionLine || /data journal|differs from the kept|\] reset to /.test(line))
        console.log(`  ${line}`);
    }
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health`, child, 15 * 60_000);
  return { child, url };
}

const mib = (bytes: number): string => `${(bytes / 1048576).toFixed(0)} MiB`;

/**
 * Samples a server's heap through GET /health (its `memory`) every second until stopped, answering the peak: the
 * figure of goal 5, the API serving its profile inside its heap cap. A sample that a loaded server answers late
 * is simply taken late.
 */
function sampleHeap(url: string): {
  stop: () => Promise<{ heapUsedBytes: number; heapLimitBytes: number; samples: number }>;
} {
  const peak = { heapUsedBytes: 0, heapLimitBytes: 0, samples: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const health = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) })
        .then((response) => response.json() as Promise<{ memory?: { heapUsedBytes: number; heapLimitBytes: number } }>)
        .catch(() => undefined);
      if (health?.memory) {
        peak.samples += 1;
        peak.heapUsedBytes = Math.max(peak.heapUsedBytes, health.memory.heapUsedBytes);
        peak.heapLimitBytes = health.memory.heapLimitBytes;
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** A scenario: one request, sent to the API under test by path so it can go to each server in turn. */
interface Scenario {
  /** BENCH_CALLS name. */
  name: 'earnings' | 'conversions' | 'products' | 'coupons';
  label: string;
  /** The speed piece this read exercises, switched off on the `off` API (none: no off runs). */
  piece?: string;
  request: Omit<LoadRequest, 'url'> & { path: string };
  /** Varied mode: many different requests of the same call, each a query not asked before. */
  varied: () => (Omit<LoadRequest, 'url'> & { path: string })[];
}

const at = (base: string, request: Scenario['request']): LoadRequest => ({ ...request, url: `${base}${request.path}` });

/** The API processes every scenario runs against, on one database. */
interface Servers {
  /** The API as deployed: production mode, response validation off. */
  api: { url: string; pid: number };
  /** The same API with response validation on, as development and test run it. */
  validated: { url: string; pid: number };
  /** The API as deployed with every speed piece off (BENCH_PIECES_OFF). */
  off: { url: string; pid: number };
}

/** One line of the final table. */
interface Row {
  label: string;
  bytes: number;
  piece: string | undefined;
  repeated: LoadResult;
  varied: LoadResult & { distinct: number };
  /** The same runs with the speed pieces off, when the read exercises one. */
  repeatedOff: LoadResult | undefined;
  variedOff: (LoadResult & { distinct: number }) | undefined;
  validated: LoadResult & { distinct: number };
  bare: LoadResult;
  /** Peak RSS of the deployed API so far, in MiB. */
  peakRssMiB: number;
}

/**
 * Runs one scenario: the API as deployed repeating one request, the same API with every request different
 * (varied), the API with response validation on over the same varied requests, and a bare Express route that
 * returns the API's bytes.
 */
async function compare(scenario: Scenario, servers: Servers, scratch: string): Promise<Row> {
  const { label } = scenario;
  await settle(`${servers.api.url}/health`);
  await settle(`${servers.validated.url}/health`);
  await settle(`${servers.off.url}/health`);
  const sample = await fetch(at(servers.api.url, scenario.request).url, {
    method: scenario.request.method,
    headers: scenario.request.headers,
    body: scenario.request.body,
  });
  const body = Buffer.from(await sample.arrayBuffer());
  if (!sample.ok) throw new Error(`${label}: ${sample.status} ${body.toString().slice(0, 200)}`);
  const file = join(scratch, `${label.replace(/\W+/g, '-')}.body`);
  writeFileSync(file, body);
  const port = await findFreePort();
  const baseline = node(
    join(ROOT, 'tools', 'scripts', 'bench', 'baseline-server.ts'),
    [String(port), sample.headers.get('content-type') ?? 'application/json', file],
    ROOT,
    {},
  );
  await waitForHttp(`http://127.0.0.1:${port}/`, baseline, 30_000);

  const duration = SECONDS * 1000;
  // Unmeasured warm-up of both APIs on this call: its code compiled, its in-memory data loaded (a fresh process
  // loads the catalog in the background for its first seconds), before any figure is taken.
  await runLoad(at(servers.api.url, scenario.request), 10, WARM_UP_MS);
  await runLoad(at(servers.validated.url, scenario.request), 10, WARM_UP_MS);
  await runLoad(at(servers.off.url, scenario.request), 10, WARM_UP_MS);
  const varied = scenario.varied();
  const runVariedOn = (server: { url: string }) => () =>
    runVaried(
      varied.map((request) => at(server.url, request)),
      CONNECTIONS,
      duration,
    );
  // On, then off, back to back: the machine's load moves less between two adjacent runs than across the bench.
  const repeated = await runLoad(at(servers.api.url, scenario.request), CONNECTIONS, duration);
  const hasPiece = scenario.piece !== undefined;
  const repeatedOff = hasPiece
    ? await settle(`${servers.off.url}/health`).then(() =>
        runLoad(at(servers.off.url, scenario.request), CONNECTIONS, duration),
      )
    : undefined;
  const variedResult = await settle(`${servers.api.url}/health`).then(runVariedOn(servers.api));
  const variedOff = hasPiece ? await settle(`${servers.off.url}/health`).then(runVariedOn(servers.off)) : undefined;
  const row: Row = {
    label,
    piece: scenario.piece,
    bytes: body.length,
    repeated,
    varied: variedResult,
    repeatedOff,
    variedOff,
    validated: await settle(`${servers.api.url}/health`).then(() =>
      runVaried(
        varied.map((request) => at(servers.validated.url, request)),
        CONNECTIONS,
        duration,
      ),
    ),
    bare: await runLoad(at(`http://127.0.0.1:${port}`, scenario.request), CONNECTIONS, duration),
    peakRssMiB: peakRssMiB(servers.api.pid),
  };
  await stop(baseline);
  console.log(formatResult(`${label}, ${body.length} B`, row.repeated));
  if (row.repeatedOff) console.log(formatResult(`  ${row.piece ?? ''} off`, row.repeatedOff));
  console.log(formatResult(`  varied (${row.varied.distinct} distinct queries)`, row.varied));
  if (row.variedOff) console.log(formatResult(`  varied, ${row.piece ?? ''} off`, row.variedOff));
  console.log(formatResult('  varied, response validation on', row.validated));
  console.log(formatResult('  bare Express, same bytes', row.bare));
  return row;
}

/**
 * Waits (up to a minute) until a server answers a cheap request within half a second: after a run the API is
 * still writing the call log of tens of thousands of requests; the next run should not start in that.
 */
async function settle(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    const ok = await fetch(url, { signal: AbortSignal.timeout(10_000) })
      .then((res) => res.ok)
      .catch(() => false);
    if (ok && Date.now() - started < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const cell = (result: LoadResult): string =>
  `${result.p50Ms.toFixed(0)} / ${result.p99Ms.toFixed(0)} ms / ${result.requestsPerSecond.toFixed(0)}`;
const ratio = (a: LoadResult, b: LoadResult): string =>
  `${(a.requestsPerSecond / Math.max(b.requestsPerSecond, 0.001)).toFixed(2)}x`;

const percent = (a: LoadResult, b: LoadResult): string =>
  `${((a.requestsPerSecond / Math.max(b.requestsPerSecond, 0.001) - 1) * 100).toFixed(0)}%`;

/** The whole comparison as one Markdown table (p50 / p99 / req/s), then each figure against its target. */
function printTable(rows: readonly Row[]): void {
  console.log('\n| call | repeated | varied | varied, validation on | bare Express | API peak RSS |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows)
    console.log(
      `| ${row.label} | ${cell(row.repeated)} | ${cell(row.varied)} | ${cell(row.validated)} | ${cell(row.bare)} | ${row.peakRssMiB.toFixed(0)} MiB |`,
    );
  console.log('\nEach speed piece on its read, on vs off (throughput change, p99 on / off):');
  console.log('| piece | read | repeated | varied | verdict |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) {
    const { piece, repeatedOff, variedOff } = row;
    if (piece === undefined || !repeatedOff || !variedOff) continue;
    const effect = (on: LoadResult, off: LoadResult): string =>
      `${percent(on, off)}, p99 ${on.p99Ms.toFixed(0)} / ${off.p99Ms.toFixed(0)} ms`;
    const pays = (on: LoadResult, off: LoadResult): boolean =>
      on.requestsPerSecond >= off.requestsPerSecond * (1 + PAYS_AT) && on.p99Ms <= off.p99Ms;
    const verdict =
      pays(row.varied, variedOff) && pays(row.repeated, repeatedOff)
        ? 'pays'
        : pays(row.varied, variedOff) || pays(row.repeated, repeatedOff)
          ? 'pays on one only'
          : 'does not pay';
    console.log(
      `| ${piece} | ${row.label} | ${effect(row.repeated, repeatedOff)} | ${effect(row.varied, variedOff)} | ${verdict} |`,
    );
  }
  console.log('\nTargets: varied >= 0.5x bare Express, p99 < 100 ms:');
  for (const row of rows) {
    const share = row.varied.requestsPerSecond / Math.max(row.bare.requestsPerSecond, 0.001);
    console.log(
      `  ${row.label.padEnd(44)} ${ratio(row.varied, row.bare)} of bare (${share >= 0.5 ? 'met' : 'NOT met'}), p99 ${row.varied.p99Ms.toFixed(0)} ms (${row.varied.p99Ms < 100 ? 'met' : 'NOT met'})`,
    );
  }
  console.log(
    `\nResponse validation on / off, varied queries (throughput ratio; target >= ${VALIDATION_AT.toFixed(1)}x), load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}:`,
  );
  for (const row of rows) {
    const share = row.validated.requestsPerSecond / Math.max(row.varied.requestsPerSecond, 0.001);
    console.log(
      `  ${row.label.padEnd(44)} ${ratio(row.validated, row.varied)} (${share >= VALIDATION_AT ? 'met' : 'NOT met'}), p99 on / off ${row.validated.p99Ms.toFixed(0)} / ${row.varied.p99Ms.toFixed(0)} ms`,
    );
  }
}

async function main(): Promise<void> {
  // The stall part brings its own database: nothing of the rest is needed for it.
  if (ONLY === 'stall') return stallRun();
  const scratch = mkdtempSync(join(tmpdir(), 'publisher-bench-'));
  const database = await provisionDatabase({ log: (line) => console.log(`[db] ${line}`) });
  const dbEnv = { MONGODB_URI: database.uri, MONGODB_DB_NAME: 'bench' };
  try {
    console.log(`Database: ${database.description}`);
    console.log(`API: NODE_ENV=production, NODE_OPTIONS=${API_NODE_OPTIONS}`);
    console.log(`Seeding the ${PROFILE} profile (demo: 180 days of reports and the full catalog)...`);
    const seeded = Date.now();
    const { child: api, url } = await startApi({
      ...dbEnv,
      SEED_ON_START: 'true',
      SEED_REPORT_DAYS: '180',
      SEED_PROFILE: PROFILE,
    });
    console.log(`  API up and seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`);

    const signin = await fetch(`${url}/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: VENDOR.email, password: VENDOR.password }),
    });
    const { token } = (await signin.json()) as { token: string };
    // The CSV volume goes to a vendor of its own, created now, so its days are all new.
    const signup = await fetch(`${url}/auth/signup_publisher_0599`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Bench Volume',
        email: `bench.${Date.now()}@example.test`,
        password: 'bench-password',
        conformPassword: 'bench-password',
      }),
    });
    const volumeVendor = ((await signup.json()) as { user: { apiKey: string; vendorId: number } }).user;

    if (runs('load')) {
      // The same API over the same database with response validation on, as development and test run it.
      const validated = await startApi({ ...dbEnv, SEED_ON_START: 'false', RESPONSE_VALIDATION: 'true' });
      // The same API with every speed piece off: each read measured against it right after its run on.
      const off = await startApi({ ...dbEnv, SEED_ON_START: 'false', BENCH_PIECES_OFF: PIECES_OFF });
      await loadRuns(
        {
          api: { url, pid: api.pid ?? 0 },
          validated: { url: validated.url, pid: validated.child.pid ?? 0 },
          off: { url: off.url, pid: off.child.pid ?? 0 },
        },
        token,
        scratch,
      );
      await stop(validated.child);
      await stop(off.child);
    }
    if (runs('redirect')) await redirectRuns(url, token, dbEnv);
    await stop(api);
    if (runs('csv')) await csvRun(dbEnv, volumeVendor);
    if (runs('resets')) await resetRuns(database.uri, scratch);
    if (runs('sessions')) await sessionRuns(database.uri, scratch);
    if (runs('stall')) await stallRun();
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await database.stop();
  }
}

/** Issue 38 goal 3: the stall bench, as its own process (it stops its own database), its lines printed as they come. */
async function stallRun(): Promise<void> {
  console.log('\nAnswers through a 25 s database stall (SIGSTOP), and after it:');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bench/stall-answers.ts', '25'], {
    cwd: join(ROOT, 'apps', 'api'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) console.log(`  the stall bench exited with ${String(code)}`);
}

/** A fixed shuffle (so every run sends the same sequence) of a list of requests. */
function shuffled<T>(items: T[]): T[] {
  let seed = 0x2f6b_3a1d;
  const random = (): number => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 0x1_0000_0000;
  };
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other] as T, items[index] as T];
  }
  return items;
}

async function loadRuns(servers: Servers, token: string, scratch: string): Promise<void> {
  const window = {
    earnings: { startDate: isoDay(-89), endDate: isoDay(0) },
    conversions: { startDate: isoDay(-29), endDate: isoDay(0) },
  };
  console.log(`${CONNECTIONS} connections, ${SECONDS} s per run (autocannon)\n`);
  const json = { 'content-type': 'application/json', authorization: token };
  const auth = { authorization: token };
  const post = (path: string, body: object) => ({
    path,
    method: 'POST' as const,
    headers: { ...json },
    body: JSON.stringify(body),
  });
  const get = (path: string) => ({ path, method: 'GET' as const, headers: { ...auth } });
  const days = Array.from({ length: 180 }, (_, index) => -index);
  const scenarios: Scenario[] = [
    {
      name: 'earnings',
      piece: 'report-cache',
      label: 'POST /home/getEarningsReport (90 days)',
      request: post('/home/getEarningsReport', { ...window.earnings, aggregation: 'daily' }),
      // Every range of the 180 seeded days, at each aggregation: ~49,000 different reports.
      varied: () =>
        shuffled(
          days.flatMap((start) =>
            days
              .filter((end) => end >= start)
              .flatMap((end) =>
                (['daily', 'weekly', 'monthly'] as const).map((aggregation) =>
                  post('/home/getEarningsReport', { startDate: isoDay(start), endDate: isoDay(end), aggregation }),
                ),
              ),
          ),
        ),
    },
    {
      name: 'conversions',
      piece: 'report-cache',
      label: 'POST /home/getConversionReports (page 2)',
      request: post('/home/getConversionReports', { ...window.conversions, page: 1, pageSize: 20 }),
      // Every 1-30 day range of the seeded days, pages 0-3 of 10, 20, 25 or 50 rows: ~79,000 different pages.
      varied: () =>
        shuffled(
          days.flatMap((start) =>
            days
              .filter((end) => end >= start && end - start < 30)
              .flatMap((end) =>
                [0, 1, 2, 3].flatMap((page) =>
                  [10, 20, 25, 50].map((pageSize) =>
                    post('/home/getConversionReports', {
                      startDate: isoDay(start),
                      endDate: isoDay(end),
                      page,
                      pageSize,
                    }),
                  ),
                ),
              ),
          ),
        ),
    },
    {
      name: 'products',
      piece: 'catalog-trigrams',
      label: 'GET /home/getProductslist (q+price+sort)',
      request: get('/home/getProductslist?q=pro&minPrice=20&maxPrice=400&sortBy=priceHtoL&pageSize=20&pageNo=1'),
      // Every price range from 0-199 to 200-599 dollars: 80,000 different searches.
      varied: () =>
        shuffled(
          Array.from({ length: 200 }, (_, min) =>
            Array.from({ length: 400 }, (_, index) =>
              get(
                `/home/getProductslist?q=pro&minPrice=${min}&maxPrice=${200 + index}&sortBy=priceHtoL&pageSize=20&pageNo=1`,
              ),
            ),
          ).flat(),
        ),
    },
    {
      name: 'coupons',
      label: 'GET /coupons/getcoupons (100 per page)',
      request: get('/coupons/getcoupons?pageSize=100&pageNo=1'),
      // Pages 1-4 of 100 at every minimum price from 0 to 199 dollars and maximum from 200 to 299: 80,000.
      varied: () =>
        shuffled(
          Array.from({ length: 200 }, (_, min) =>
            Array.from({ length: 100 }, (_, index) =>
              [1, 2, 3, 4].map((pageNo) =>
                get(`/coupons/getcoupons?pageSize=100&pageNo=${pageNo}&minPrice=${min}&maxPrice=${200 + index}`),
              ),
            ).flat(),
          ).flat(),
        ),
    },
  ];
  const rows: Row[] = [];
  const heap = sampleHeap(servers.api.url);
  for (const scenario of scenarios)
    if (!CALLS || CALLS.includes(scenario.name)) rows.push(await compare(scenario, servers, scratch));
  const peak = await heap.stop();
  printTable(rows);
  console.log(
    `\nThe deployed API's V8 heap under these runs (GET /health every second, ${String(peak.samples)} samples): peak ${mib(peak.heapUsedBytes)} of its ${mib(peak.heapLimitBytes)} limit (profile ${PROFILE}); ${peak.heapUsedBytes < peak.heapLimitBytes ? 'inside' : 'NOT inside'} the cap`,
  );
}

/** A deep link generated through the API for the placement id: the path and query of its tracking redirect. */
async function generatedLinkPath(
  api: string,
  token: string,
  placementId: string,
): Promise<{ path: string; location: string; href: string }> {
  const merchants = (await (await fetch(`${api}/home/getMerchants`, { headers: { authorization: token } })).json()) as {
    data: { merchantInfo: { merchantUrl: string } }[];
  };
  const merchantUrl = merchants.data[0]?.merchantInfo.merchantUrl;
  if (!merchantUrl) throw new Error('no merchant to link to');
  const res = await fetch(`${api}/home/generateDeepLink`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ merchantUrl, placement_id: placementId }),
  });
  const { deepLinkInfo } = (await res.json()) as { deepLinkInfo: { link: string } };
  const link = new URL(deepLinkInfo.link);
  return { path: `${link.pathname}${link.search}`, location: merchantUrl, href: link.href };
}

/** Counts the clicks recorded today for a placement id, through a helper process on the same database. */
async function countClicks(dbEnv: Record<string, string>, placementId: string): Promise<number> {
  const counter = node('src/bench/count-clicks.ts', [placementId], join(ROOT, 'apps', 'api'), dbEnv);
  let output = '';
  counter.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => counter.once('exit', resolve));
  return (JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as { count?: number }).count ?? -1;
}

/**
 * The tracking redirect (GET /redirect of a generated deep link): throughput and latency beside a bare Express
 * redirect, then the click-count check: exactly COUNTED_REDIRECTS redirects at 50 connections, after which the
 * database must hold exactly that many clicks (the API flushes its click buffer within ~50 ms).
 */
async function redirectRuns(api: string, token: string, dbEnv: Record<string, string>): Promise<void> {
  console.log(`\nTracking redirect, ${CONNECTIONS} connections`);
  const stamp = Date.now();
  const load = await generatedLinkPath(api, token, `bench-load-${stamp}`);
  const port = await findFreePort();
  const baseline = node(
    join(ROOT, 'tools', 'scripts', 'bench', 'redirect-baseline-server.ts'),
    [String(port), load.location],
    ROOT,
    {},
  );
  await waitForHttp(`http://127.0.0.1:${port}/health`, baseline, 30_000);
  const apiResult = await runLoad(
    { url: `${api}${load.path}`, method: 'GET', expectRedirect: true },
    CONNECTIONS,
    SECONDS * 1000,
  );
  const bare = await runLoad(
    { url: `http://127.0.0.1:${port}${load.path}`, method: 'GET', expectRedirect: true },
    CONNECTIONS,
    SECONDS * 1000,
  );
  await stop(baseline);
  console.log(formatResult('GET /redirect (records a click)', apiResult));
  console.log(formatResult('  bare Express 302', bare));
  console.log(
    `  overhead vs bare: p99 x${(apiResult.p99Ms / Math.max(bare.p99Ms, 0.001)).toFixed(1)}, throughput x${(bare.requestsPerSecond / Math.max(apiResult.requestsPerSecond, 0.001)).toFixed(1)} lower`,
  );

  const counted = await generatedLinkPath(api, token, `bench-count-${stamp}`);
  const sent = await runAmount(
    { url: `${api}${counted.path}`, method: 'GET', expectRedirect: true },
    CONNECTIONS,
    COUNTED_REDIRECTS,
  );
  console.log(formatResult(`${COUNTED_REDIRECTS} redirects`, sent));
  // The buffer is written within moments; poll until the count settles.
  let recorded = -1;
  for (let attempt = 0; attempt < 30; attempt += 1) {
    recorded = await countClicks(dbEnv, `bench-count-${stamp}`);
    if (recorded >= COUNTED_REDIRECTS) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const verdict = recorded === sent.requests - sent.errors && recorded === COUNTED_REDIRECTS ? 'OK' : 'MISMATCH';
  console.log(`  clicks recorded: ${recorded} of ${sent.requests} redirects (${sent.errors} errors): ${verdict}`);
}

async function csvRun(dbEnv: Record<string, string>, vendor: { apiKey: string; vendorId: number }): Promise<void> {
  console.log(`\nWriting ${CSV_ROWS.toLocaleString('en-US')} report rows for vendor ${vendor.vendorId}...`);
  const writer = node(
    'src/bench/write-csv-volume.ts',
    [String(vendor.vendorId), String(CSV_ROWS), '180'],
    join(ROOT, 'apps', 'api'),
    dbEnv,
  );
  let written = '';
  writer.stdout?.on('data', (chunk: Buffer) => (written += chunk.toString()));
  await new Promise((resolve) => writer.once('exit', resolve));
  const volume = JSON.parse(written.trim().split('\n').at(-1) ?? '{}') as {
    rows: number;
    startDate: string;
    endDate: string;
    seconds: number;
  };
  console.log(`  ${volume.rows} rows in ${volume.seconds.toFixed(1)} s`);

  const fresh = await startApi({ ...dbEnv, SEED_ON_START: 'false' });
  const pid = fresh.child.pid ?? 0;
  const idleRss = peakRssMiB(pid);
  const cpuBefore = cpuSeconds(pid);
  const started = Date.now();
  const res = await fetch(
    `${fresh.url}/v1/connexity/downloadConversionReport?apiKey=${vendor.apiKey}&vendorId=${vendor.vendorId}&startDate=${volume.startDate}&endDate=${volume.endDate}`,
  );
  let bytes = 0;
  let lines = 0;
  let peak = idleRss;
  if (!res.body) throw new Error('the CSV response has no body');
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    // indexOf, not a loop over every byte: the counting must not slow the client down (and the API with it).
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    peak = Math.max(peak, peakRssMiB(pid));
  }
  const seconds = (Date.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  console.log(
    `GET /v1/connexity/downloadConversionReport: ${res.status}, ${lines - 1} data rows, ${(bytes / 1048576).toFixed(1)} MiB in ${seconds.toFixed(1)} s (API CPU ${cpu.toFixed(1)} s; load average ${loadavg()[0]?.toFixed(1) ?? '?'})`,
  );
  console.log(
    `  API peak RSS: ${peak.toFixed(0)} MiB (after start, before the download: ${idleRss.toFixed(0)} MiB); target < 250 MB`,
  );
  await stop(fresh.child);
}

interface ControlAnswer {
  lastReset: { method: string; collectionsRewritten: number | null; durationMs: number } | null;
}

async function call(
  url: string,
  method: string,
  body?: unknown,
  token?: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extra };
  if (token) headers['authorization'] = token;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status >= 400) throw new Error(`${method} ${url}: ${String(res.status)} ${await res.text()}`);
  return res;
}

async function timedReset(api: string, body: object): Promise<string> {
  const started = performance.now();
  const res = await call(`${api}/__control/reset`, 'POST', body);
  const seconds = (performance.now() - started) / 1000;
  const { lastReset } = (await res.json()) as ControlAnswer;
  const how =
    lastReset?.method === 'seed'
      ? 'seeded from nothing'
      : `${lastReset?.collectionsRewritten === null ? 'every' : String(lastReset?.collectionsRewritten)} collections rewritten`;
  return `${seconds.toFixed(2)} s (${how})`;
}

/** What a typical browser test writes: a sign-up, 3 followed links, a short link, settings, an upload, a save. */
async function typicalWrites(api: string): Promise<void> {
  const signIn = async (email: string): Promise<string> =>
    (
      (await (await call(`${api}/auth/signin`, 'POST', { email, password: VENDOR.password })).json()) as {
        token: string;
      }
    ).token;
  const vendor = await signIn(VENDOR.email);
  const admin = await signIn('admin@publisher.test');
  await call(`${api}/auth/signup_publisher_0599`, 'POST', {
    fullName: 'Bench Reset',
    email: `bench.reset.${Date.now()}@example.test`,
    password: 'bench-password',
    conformPassword: 'bench-password',
  });
  const link = await generatedLinkPath(api, vendor, 'bench-reset');
  for (let follow = 0; follow < 3; follow += 1) await fetch(`${api}${link.path}`, { redirect: 'manual' });
  await call(`${api}/shortURL/create`, 'POST', { url: link.href, domain: null, expires_at: null }, vendor);
  await call(
    `${api}/dashboard/settings`,
    'PUT',
    { isShortUrlEnabled: true, secondaryEmail: 'ops@example.com' },
    vendor,
  );
  const date = isoDay(-3);
  const reports = Array.from({ length: 100 }, (_, index) => ({
    CAMPAIGN_ID: 5001,
    FROM_DATE: date,
    TO_DATE: date,
    PLACEMENT_ID: `bench-${String(index)}`,
    CLICKS: 10,
    SALES_COUNT: 1,
    SALES: 50,
    EARNINGS: 2.5,
    CONVERSION_RATE: 10,
    CPC: 0.25,
  }));
  await call(`${api}/home/createBulkReports`, 'POST', { reports, uniqueDates: [date] }, admin);
  await call(`${api}/home/saveDailyReports?startDate=${isoDay(-1)}`, 'GET', undefined, admin);
}

/** The time of a new session's first call (GET /__control), and whether it took a spare; then it is ended. */
async function timedNewSession(api: string, id: string): Promise<string> {
  const started = performance.now();
  const res = await call(`${api}/__control/sessions`, 'GET', undefined, undefined, { 'x-mock-session': id });
  const seconds = (performance.now() - started) / 1000;
  const { sessions } = (await res.json()) as { sessions: { fromSpare: boolean; createdInMs: number }[] };
  await call(`${api}/__control/sessions/${id}`, 'DELETE');
  const [session] = sessions;
  // createdInMs: the session's own making (a spare taken, or its data copied), without the first call's handling.
  const made = session ? `made in ${String(session.createdInMs)} ms` : 'not listed';
  return `${seconds.toFixed(2)} s (${made}${session?.fromSpare ? ', a spare' : ', no spare'})`;
}

/** Keeps no more spares and waits for the one being filled (the pool refills what a session took) to end. */
async function stopSpares(api: string): Promise<void> {
  await call(`${api}/__control/sessions/prepare`, 'POST', { count: 0 });
  for (;;) {
    const { spares } = (await (await call(`${api}/__control/sessions`, 'GET')).json()) as {
      spares: { filling: number };
    };
    if (spares.filling === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The mock mode's resets and snapshots, for each profile, on a database of their own; then a restart, and the first
 * reset after it (demo), which goes back to the seed kept on disk.
 */
async function resetRuns(uri: string, scratch: string): Promise<void> {
  console.log('\nResets (mock mode: NODE_ENV=development, /__control):');
  const env = {
    MONGODB_URI: uri,
    MONGODB_DB_NAME: 'bench_resets',
    NODE_ENV: 'development',
    SEED_ON_START: 'false',
    SEED_REPORT_DAYS: '180',
    // Spares only when asked for below: a pool filling in the background would skew the other figures.
    MOCK_SESSION_SPARES: '0',
    // A folder of this run's own: the first reset of each profile below seeds from nothing.
    KEPT_SEEDS_DIR: join(scratch, 'kept-seeds'),
  };
  const startedAt = performance.now();
  const { child, url } = await startApi(env);
  const startSeconds = (performance.now() - startedAt) / 1000;
  // BENCH_RESET_PROFILES (comma-separated, default all three): the profiles of the runs below.
  const profiles = (process.env['BENCH_RESET_PROFILES']?.split(',').map((profile) => profile.trim()) ?? [
    'small',
    'demo',
    'large',
  ]) as readonly ('small' | 'demo' | 'large')[];
  // The first reset to each profile seeds it from nothing and keeps the copy every later reset goes back to.
  const firsts = new Map<string, string>();
  for (const profile of profiles) firsts.set(profile, await timedReset(url, { profile }));
  for (const [index, profile] of profiles.entries()) {
    const first = firsts.get(profile) ?? '';
    await timedReset(url, { profile });
    await typicalWrites(url);
    const typical = await timedReset(url, {});
    const started = performance.now();
    const snapshot = (await (
      await call(`${url}/__control/snapshots`, 'POST', { name: `bench-${profile}` })
    ).json()) as {
      documents: number;
      bytes: number;
    };
    const snapshotSeconds = (performance.now() - started) / 1000;
    await typicalWrites(url);
    const toSnapshot = await timedReset(url, { snapshot: `bench-${profile}` });
    const other = profiles[(index + 1) % profiles.length] ?? 'small';
    await timedReset(url, { profile: other });
    const switched = await timedReset(url, { profile });
    // A new isolated session starts from the default session's profile: without a spare, its data copied into a
    // database of its own on its first call; with one, it takes a database filled beforehand.
    const withoutSpare = await timedNewSession(url, `bench-${profile}`);
    const prepareStarted = performance.now();
    await call(`${url}/__control/sessions/prepare`, 'POST', { count: 1 });
    const prepareSeconds = (performance.now() - prepareStarted) / 1000;
    const fromSpare = await timedNewSession(url, `bench-spare-${profile}`);
    await stopSpares(url);
    console.log(
      `  ${profile.padEnd(5)} first reset ${first}; after a typical test ${typical}; snapshot of ${String(snapshot.documents)} documents (${(snapshot.bytes / 1048576).toFixed(1)} MiB) taken in ${snapshotSeconds.toFixed(2)} s, back to it after a typical test ${toSnapshot}; back from ${other} ${switched}; a new session (X-Mock-Session) without a spare in ${withoutSpare}, from a spare in ${fromSpare} (prepare filled the spare in ${prepareSeconds.toFixed(2)} s); load average ${loadavg()[0]?.toFixed(1) ?? '?'}`,
    );
  }
  console.log(`  API peak RSS after the resets: ${peakRssMiB(child.pid ?? 0).toFixed(0)} MiB`);
  // A restart (as CI's every run starts): the data left as a typical test left it, the kept seeds only on disk.
  await timedReset(url, { profile: 'demo' });
  await typicalWrites(url);
  await stop(child);
  const restartedAt = performance.now();
  const again = await startApi(env);
  const restartSeconds = (performance.now() - restartedAt) / 1000;
  // Right away: the reset waits for the start's background look at the data, which it then needs.
  const afterRestart = await timedReset(again.url, {});
  // Again, with the reset asked for as a test run's first comes: once its runner has started, a few seconds after
  // the API answers (the start's look at the data journal has had them).
  await typicalWrites(again.url);
  await stop(again.child);
  const later = await startApi(env);
  await new Promise((resolve) => setTimeout(resolve, FIRST_RESET_AFTER_MS));
  const afterRunnerStart = await timedReset(later.url, {});
  await stop(later.child);
  // The same restart with no kept seeds on disk: what the start costs without reading them.
  const withoutAt = performance.now();
  const without = await startApi({ ...env, KEPT_SEEDS_DIR: 'off' });
  const withoutSeconds = (performance.now() - withoutAt) / 1000;
  await stop(without.child);
  console.log(
    `  demo after a restart: API answering in ${restartSeconds.toFixed(2)} s (${withoutSeconds.toFixed(2)} s with KEPT_SEEDS_DIR=off; its first start on an empty database: ${startSeconds.toFixed(2)} s); first reset ${afterRestart} with the kept seed on disk (${afterRunnerStart} when asked for ${String(FIRST_RESET_AFTER_MS / 1000)} s after the API answers), against ${firsts.get('demo') ?? '?'} for the seed from nothing; load average ${loadavg()[0]?.toFixed(1) ?? '?'}`,
  );
}

/** When a test run's first reset comes after the API answers: its runner's start (vitest's is 3-5 s here). */
const FIRST_RESET_AFTER_MS = 5_000;

/** GET /health's heap figures. */
async function heapOf(api: string): Promise<{ heapUsedBytes: number; heapLimitBytes: number }> {
  const health = (await (await call(`${api}/health`, 'GET')).json()) as {
    memory: { heapUsedBytes: number; heapLimitBytes: number };
  };
  return health.memory;
}

/** One new session's first call: its time, status and whether it took a spare. */
async function firstCall(api: string, id: string): Promise<{ seconds: number; status: number; fromSpare: boolean }> {
  const started = performance.now();
  const res = await fetch(`${api}/__control/sessions`, { headers: { 'x-mock-session': id } });
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok) return { seconds, status: res.status, fromSpare: false };
  const { sessions } = (await res.json()) as { sessions: { fromSpare: boolean }[] };
  return { seconds, status: res.status, fromSpare: sessions[0]?.fromSpare === true };
}

/** What a worker's test writes in its session: a sign-in (its counters) and a settings change. */
async function sessionWrites(api: string, id: string): Promise<void> {
  const header = { 'x-mock-session': id };
  const signIn = await call(`${api}/auth/signin`, 'POST', VENDOR, undefined, header);
  const { token } = (await signIn.json()) as { token: string };
  await call(`${api}/dashboard/settings`, 'PUT', { isShortUrlEnabled: true }, token, header);
}

/** N first calls at once: each latency, the slowest, how many failed and took a spare, the heap's peak. */
async function parallelFirstCalls(api: string, ids: readonly string[]): Promise<string> {
  const heap = sampleHeap(api);
  const results = await Promise.all(ids.map((id) => firstCall(api, id)));
  const peak = await heap.stop();
  const failed = results.filter((result) => result.status !== 200);
  const spares = results.filter((result) => result.fromSpare).length;
  const each = results.map((result) => result.seconds.toFixed(2)).join(' / ');
  return (
    `${each} s (slowest ${Math.max(...results.map((result) => result.seconds)).toFixed(2)} s; ${String(spares)} from a ` +
    `spare; ${failed.length === 0 ? 'all 200' : `${String(failed.length)} failed: ${failed.map((result) => result.status).join(', ')}`}; ` +
    `heap peak ${mib(peak.heapUsedBytes)} of ${mib(peak.heapLimitBytes)})`
  );
}

/**
 * Issue 37 goal 2: new sessions' first calls with no prepare, as parallel test workers make them: cold (the first
 * start on new data, which fills the sessions' base database before it answers; the calls sent as soon as it
 * does), then after a restart (the sessions alive at the stop were kept, marked, and are
 * taken on), then one at the cap (the least recently used idle session's database reset and taken). And the heap an
 * idle session costs.
 */
async function sessionRuns(uri: string, scratch: string): Promise<void> {
  const count = Number(process.env['BENCH_SESSIONS'] ?? '4');
  console.log(`
New sessions without waiting (mock mode, demo, ${String(count)} parallel workers, no prepare):`);
  const env = {
    MONGODB_URI: uri,
    MONGODB_DB_NAME: 'bench_sessions',
    NODE_ENV: 'development',
    SEED_ON_START: 'true',
    SEED_PROFILE: 'demo',
    SEED_REPORT_DAYS: '180',
    MOCK_SESSION_LIMIT: String(count),
    // No pool filling in the background: every spare below is a database a session had.
    MOCK_SESSION_SPARES: '0',
    MOCK_SESSION_KEEP_SPARES: 'true',
    KEPT_SEEDS_DIR: join(scratch, 'kept-seeds-sessions'),
  };
  const startedAt = performance.now();
  const first = await startApi(env);
  const startSeconds = (performance.now() - startedAt) / 1000;
  await settle(`${first.url}/health`);
  const idleBefore = await heapOf(first.url);
  const ids = (round: string): string[] => Array.from({ length: count }, (_, index) => `${round}-${String(index)}`);
  const cold = await parallelFirstCalls(first.url, ids('cold'));
  for (const id of ids('cold')) await sessionWrites(first.url, id);
  await settle(`${first.url}/health`);
  const idleAfter = await heapOf(first.url);
  const perSession = (idleAfter.heapUsedBytes - idleBefore.heapUsedBytes) / count;
  console.log(
    `  cold, on new data as soon as the first start answers (API answering in ${startSeconds.toFixed(2)} s, the sessions' base filled before): ${cold}`,
  );
  console.log(
    `  heap per idle session: ${(perSession / 1048576).toFixed(1)} MiB (${mib(idleBefore.heapUsedBytes)} before the sessions, ${mib(idleAfter.heapUsedBytes)} with ${String(count)} idle; V8's heap between two samples, so a rough figure)`,
  );
  await stop(first.child);
  const restartedAt = performance.now();
  const again = await startApi(env);
  const restartSeconds = (performance.now() - restartedAt) / 1000;
  const afterRestart = await parallelFirstCalls(again.url, ids('restart'));
  console.log(
    `  right after a restart (API answering in ${restartSeconds.toFixed(2)} s; the ${String(count)} sessions alive at the stop kept and taken on): ${afterRestart}`,
  );
  for (const id of ids('restart')) await sessionWrites(again.url, id);
  await settle(`${again.url}/health`);
  // At the cap: the least recently used idle session gives way, its database reset (only what it wrote) and taken.
  const atCap = await parallelFirstCalls(again.url, ['at-cap']);
  console.log(`  one more at the cap (an idle session's database reset and taken): ${atCap}`);
  await stop(again.child);
  console.log(`  load average ${loadavg()[0]?.toFixed(1) ?? '?'}`);
}

await main();
