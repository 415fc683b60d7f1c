/**
 * `npm run lighthouse`: Lighthouse (mobile, default throttling) on the production build's sign-in page and, signed
 * in as the demo vendor, its dashboard. Builds the web app with `VITE_API_URL=/api` (as the nginx image does),
 * serves it like apps/web/docker/nginx.conf (gzip, immutable hashed assets, /api proxied) beside the real API on a
 * throw-away seeded database, drives Debian's Chromium (CHROMIUM_PATH), and audits each page twice: Lighthouse's
 * default mobile run (slow 4G, 4x CPU slowdown, simulated) and its desktop preset. Prints the four category scores
 * and writes the HTML and JSON reports to reports/lighthouse/. On a busy machine the performance scores drop (the
 * CPU slowdown multiplies what the tasks took here): measure on an otherwise idle one. A measurement, not a test: it fails only when a run
 * cannot be made. LIGHTHOUSE_PORT (default 5300) is the static server's port, the API takes the next one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { provisionDatabase, waitForHttp } from '@publisher/db';
import { startStaticServer } from './lighthouse/static-server';
import { buildWeb } from './web-size/measure';
import { API_NODE_OPTIONS, ROOT } from './workspace';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const WEB_PORT = Number(process.env['LIGHTHOUSE_PORT'] ?? '5300');
const API_PORT = WEB_PORT + 1;
const DEBUG_PORT = WEB_PORT + 2;
const VENDOR = { email: 'vendor@publisher.test', password: 'Publisher#2026' };
const REPORT_DIR = join(ROOT, 'reports', 'lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];

interface PageRun {
  name: string;
  path: string;
  /** localStorage entries the app reads its session from (apps/web/src/lib/session-storage.ts). */
  storage?: Record<string, string>;
}

function startApi(databaseUri: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(ROOT, 'apps', 'api'),
    env: {
      ...process.env,
      // vite's build sets NODE_ENV=production in this process; the API here is the seeded development one.
      NODE_ENV: 'development',
      MONGODB_URI: databaseUri,
      MONGODB_DB_NAME: 'lighthouse',
      API_PORT: String(API_PORT),
      LOG_REQUESTS: 'false',
      SEED_ON_START: 'true',
      SEED_REPORT_DAYS: '60',
      JWT_SECRET: 'lighthouse-secret-long-enough-for-hs256',
      NODE_OPTIONS: API_NODE_OPTIONS,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function signIn(apiOrigin: string): Promise<Record<string, string>> {
  const response = await fetch(`${apiOrigin}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(VENDOR),
  });
  if (!response.ok) throw new Error(`sign-in as ${VENDOR.email} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: unknown };
  return { token: body.token, user: JSON.stringify(body.user) };
}

/** One Chromium profile per page, with the debugging port Lighthouse drives it through. */
async function openBrowser(): Promise<{ context: BrowserContext; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [`--remote-debugging-port=${DEBUG_PORT}`, '--no-sandbox', '--no-first-run', '--disable-sync'],
  });
  return { context, profile };
}

async function audit(origin: string, run: PageRun, preset: Preset): Promise<Record<string, number>> {
  const { context, profile } = await openBrowser();
  try {
    if (run.storage) {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${origin}/termscondition`);
      // Runs in the page: `window` is the browser's (this file is type-checked for Node).
      await page.evaluate((entries) => {
        const store = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } })
          .localStorage;
        for (const [key, value] of Object.entries(entries)) store.setItem(key, value);
      }, run.storage);
    }
    const result = await lighthouse(
      `${origin}${run.path}`,
      {
        port: DEBUG_PORT,
        output: ['html', 'json'],
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // The signed-in run keeps the session stored above; the sign-in run starts from empty storage.
        disableStorageReset: run.storage !== undefined,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${run.path}`);
    const [html, json] = result.report as string[];
    writeFileSync(join(REPORT_DIR, `${run.name}-${preset}.html`), html ?? '');
    writeFileSync(join(REPORT_DIR, `${run.name}-${preset}.json`), json ?? '');
    const scores: Record<string, number> = {};
    for (const category of CATEGORIES)
      scores[category] = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
    const failing = Object.values(result.lhr.audits).filter(
      (entry) => entry.score !== null && entry.score < 0.9 && entry.scoreDisplayMode !== 'informative',
    );
    for (const entry of failing) console.log(`    ${entry.id} ${entry.displayValue ?? ''} (${entry.score})`);
    return scores;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  mkdirSync(REPORT_DIR, { recursive: true });
  const outDir = mkdtempSync(join(tmpdir(), 'lighthouse-web-'));
  process.env['VITE_API_URL'] = '/api';
  console.log('building the web app (production) ...');
  await buildWeb(outDir);
  const database = await provisionDatabase({ log: (line) => console.log(`[db] ${line}`) });
  const api = startApi(database.uri);
  const apiOrigin = `http://127.0.0.1:${API_PORT}`;
  const server = await startStaticServer({ root: outDir, port: WEB_PORT, apiOrigin });
  const origin = `http://127.0.0.1:${WEB_PORT}`;
  try {
    console.log('starting the API and seeding ...');
    await waitForHttp(`${apiOrigin}/health`, api, 15 * 60_000);
    const session = await signIn(apiOrigin);
    const runs: PageRun[] = [
      { name: 'signin', path: '/signin' },
      { name: 'dashboard', path: '/dashboard', storage: session },
    ];
    const table: Record<string, Record<string, number>> = {};
    for (const preset of PRESETS) {
      for (const run of runs) {
        console.log(`auditing ${run.path} (${preset}) ...`);
        table[`${run.path} ${preset}`] = await audit(origin, run, preset);
      }
    }
    console.table(table);
    console.log(`reports: ${REPORT_DIR}`);
  } finally {
    server.close();
    api.kill('SIGTERM');
    await database.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
