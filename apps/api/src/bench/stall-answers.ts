/**
 * Issue 25, goal 2, measured once (not a timed test): the longest answer of each call while the database process
 * is stopped (SIGSTOP) for the seconds given as the first argument (default 25). Runs its own embedded FerretDB in
 * a temporary folder, seeds the demo data (a few report days), serves the app over HTTP and keeps one client per
 * call busy through the stall. Run: `npx tsx apps/api/src/bench/stall-answers.ts` (about a minute).
 *
 * Issue 38, goal 3: meanwhile other clients send reads they give up on (one every 100 ms, answered 503), and from
 * 5 s after SIGCONT, four clients loop over the reads for 5 s: the p99 of those answers is printed (the abandoned
 * reads must not replay in front of them).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { provisionDatabase } from '@publisher/db';
import { createApp } from '../app';
import { createMockApp } from '../control/mock-app';
import { loadConfig } from '../config/env';
import { reportStorageReady, configureReportStorage } from '../reports/report-layout';
import { connectDatabase, disconnectDatabase } from '../shared/db';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { seedDatabase } from '../seed/seed';

const STALL_MS = Number(process.argv[2] ?? '25') * 1_000;
const dataDir = mkdtempSync(join(tmpdir(), 'publisher-stall-bench-'));
const config = loadConfig({ NODE_ENV: 'development', BCRYPT_ROUNDS: '10', LOG_REQUESTS: 'false' });
const database = await provisionDatabase({
  dataDir,
  env: { DB_PROVIDER: 'ferretdb', PUBLISHER_CACHE_DIR: config.cacheDir },
  log: () => undefined,
});
await connectDatabase(database.uri, 'stall-bench', config.dbOperationTimeoutMs);
configureReportStorage({ buckets: config.reportBuckets, log: () => undefined });
await reportStorageReady();
console.log(`[stall] seeding (${database.description})`);
console.log(`[stall] ${await seedDatabase({ bcryptRounds: 10, reportDays: 3, demoAccounts: true })}`);

// Development configuration: the mock mode, as `npm start` runs it.
const app = (config.mockControls ? createMockApp : createApp)({ config, database, log: () => undefined });
const server: Server = createServer(app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
if (typeof address !== 'object' || address === null) throw new Error('no address');
const base = `http://127.0.0.1:${address.port}`;

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}
const json = (body: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
  body: JSON.stringify(body),
});

const signin = () => call('/auth/signin', json({ email: 'vendor@publisher.test', password: DEMO_PASSWORD }));
const first = await signin();
const token = (first.body as { token?: string }).token;
if (first.status !== 200 || !token) throw new Error(`sign-in failed: ${JSON.stringify(first.body)}`);
const today = new Date().toISOString().slice(0, 10);
const auth = { headers: { authorization: token } };
const calls: Record<string, () => Promise<{ status: number }>> = {
  signin,
  'GET /event/all': () => call('/event/all', auth),
  'GET /dashboard/settings': () => call('/dashboard/settings', auth),
  'GET /home/getMerchants': () => call('/home/getMerchants', auth),
  'POST /home/getEarningsReport': () =>
    call('/home/getEarningsReport', json({ startDate: `${today.slice(0, 8)}01`, endDate: today }, token)),
  'GET /health': () => call('/health'),
};
for (const [name, run] of Object.entries(calls)) console.log(`[stall] before: ${name} ${(await run()).status}`);

const pid = Number(readFileSync(join(dataDir, 'ferretdb', 'ferretdb.pid'), 'utf8').trim());
const stalledUntil = performance.now() + STALL_MS;
process.kill(pid, 'SIGSTOP');
console.log(`[stall] FerretDB ${pid} stopped for ${STALL_MS / 1000} s`);
const resumed = new Promise<void>((resolve) =>
  setTimeout(() => {
    process.kill(pid, 'SIGCONT');
    console.log('[stall] FerretDB resumed');
    resolve();
  }, STALL_MS),
);
// Reads queued by callers that do not wait for them to finish: one every 100 ms through the stall.
const reads: Record<string, () => Promise<{ status: number }>> = {
  'GET /event/all': () => call('/event/all', auth),
  'GET /dashboard/settings': () => call('/dashboard/settings', auth),
  'GET /home/getMerchants': () => call('/home/getMerchants', auth),
  'POST /home/getEarningsReport': () =>
    call('/home/getEarningsReport', json({ startDate: `${today.slice(0, 8)}01`, endDate: today }, token)),
};
const abandoned: Promise<{ status: number }>[] = [];
const readList = Object.values(reads);
const burst = setInterval(() => {
  const read = readList[abandoned.length % readList.length];
  if (read) abandoned.push(read().catch(() => ({ status: 0 })));
}, 100);
// One client per call, each sending its next call as soon as the last one answered, until the stall ends.
const results = await Promise.all(
  Object.entries(calls).map(async ([name, run]) => {
    const result = { name, longest: 0, statuses: new Map<number, number>() };
    while (performance.now() < stalledUntil) {
      const started = performance.now();
      const { status } = await run();
      result.longest = Math.max(result.longest, performance.now() - started);
      result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
    }
    return result;
  }),
);
clearInterval(burst);
await resumed;
const resumedAt = performance.now();
/** Milliseconds from now until /health answers 200 again. */
async function recovery(): Promise<number> {
  const resumedAt = performance.now();
  while ((await calls['GET /health']?.())?.status !== 200);
  return performance.now() - resumedAt;
}
const recoveredMs = await recovery();

// Reads from 5 s after SIGCONT, for 5 s, four clients at once.
await new Promise((resolve) => setTimeout(resolve, Math.max(0, resumedAt + 5_000 - performance.now())));
const afterMs: number[] = [];
const afterEnd = performance.now() + 5_000;
await Promise.all(
  readList.map(async (read) => {
    while (performance.now() < afterEnd) {
      const started = performance.now();
      await read();
      afterMs.push(performance.now() - started);
    }
  }),
);
afterMs.sort((a, b) => a - b);
const p99 = afterMs[Math.min(afterMs.length - 1, Math.ceil(afterMs.length * 0.99) - 1)] ?? Number.NaN;
const abandonedStatuses = (await Promise.all(abandoned)).reduce(
  (counts, { status }) => counts.set(status, (counts.get(status) ?? 0) + 1),
  new Map<number, number>(),
);

for (const { name, longest, statuses } of results) {
  const counts = [...statuses].map(([status, count]) => `${count} x ${status}`).join(', ');
  console.log(`[stall] ${name.padEnd(30)} longest ${Math.round(longest)} ms (${counts})`);
}
console.log(`[stall] /health 200 again ${Math.round(recoveredMs)} ms after SIGCONT`);
console.log(
  `[stall] abandoned reads during the stall: ${[...abandonedStatuses].map(([status, count]) => `${count} x ${status}`).join(', ')}`,
);
console.log(
  `[stall] reads 5-10 s after SIGCONT: p99 ${Math.round(p99)} ms, longest ${Math.round(afterMs.at(-1) ?? Number.NaN)} ms ` +
    `(${afterMs.length} answers)`,
);
for (const [name, run] of Object.entries(calls)) console.log(`[stall] after: ${name} ${(await run()).status}`);

server.close();
await app.close();
await disconnectDatabase();
await database.stop();
rmSync(dataDir, { recursive: true, force: true });
