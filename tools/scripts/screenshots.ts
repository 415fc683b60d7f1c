/**
 * `npm run screenshots`: refreshes the PNGs of the main screens in docs/screenshots/ (shown in the README). It
 * starts the stack the way the browser journeys do (a throw-away seeded database, the real API, the web dev
 * server), signs in as the demo vendor and the admin in Debian's Chromium and photographs each screen at 1280x800
 * (the dashboard, a report and a deep-link list also at 390x844) once it has settled. `SCREENSHOTS_API_PORT` / `SCREENSHOTS_WEB_PORT` pick the ports (default: free ones).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { findFreePort, provisionDatabase, waitForHttp, type ProvisionedDatabase } from '@publisher/db';
import { ROOT, startService, type Service } from './workspace';

const OUT_DIR = join(ROOT, 'docs', 'screenshots');
const PASSWORD = 'Publisher#2026';
const VIEWPORT = { width: 1280, height: 800 };
const PHONE_VIEWPORT = { width: 390, height: 844 };

interface Shot {
  file: string;
  path: string;
  /** The heading the screen shows once it is there. */
  heading: string;
  /** The whole page, not just the first screenful (the dashboard's chart and top lists are below the fold). */
  fullPage?: boolean;
}

const SIGNED_OUT: readonly Shot[] = [
  { file: 'signin.png', path: '/signin', heading: 'Sign in' },
  { file: 'terms.png', path: '/termscondition', heading: 'Terms' },
];
const VENDOR: readonly Shot[] = [
  { file: 'dashboard.png', path: '/dashboard', heading: 'Dashboard', fullPage: true },
  { file: 'conversion-report.png', path: '/conversionReports1', heading: 'Conversion' },
  { file: 'deep-link-generator.png', path: '/deepLinksAPI', heading: 'Deep Links' },
  { file: 'merchants.png', path: '/merchants', heading: 'Merchants' },
  { file: 'products.png', path: '/products', heading: 'Products' },
  { file: 'settings.png', path: '/Settings', heading: 'Settings' },
];
/** At 390x844, as on a phone. */
const VENDOR_PHONE: readonly Shot[] = [
  { file: 'dashboard-phone.png', path: '/dashboard', heading: 'Dashboard', fullPage: true },
  // Whole pages: on a phone the tables are below the first screenful.
  { file: 'conversion-report-phone.png', path: '/conversionReports1', heading: 'Conversion', fullPage: true },
];
const ADMIN: readonly Shot[] = [
  { file: 'coupons.png', path: '/allCoupons', heading: 'Coupons' },
  { file: 'admin-vendors.png', path: '/vendorsList98761234', heading: 'Vendors' },
  { file: 'admin-upload.png', path: '/uploadReports', heading: 'Upload' },
  // A deep-link list whose Generate buttons sat past the table's edge (issue 24): now a sticky action column.
  { file: 'deep-links-api2.png', path: '/deepLinksAPI2', heading: 'Deep Links' },
];
const ADMIN_PHONE: readonly Shot[] = [
  { file: 'deep-links-api2-phone.png', path: '/deepLinksAPI2', heading: 'Deep Links', fullPage: true },
];

function chromiumPath(): string {
  const candidates = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (path): path is string => Boolean(path),
  );
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`No Chromium found (looked at ${candidates.join(', ')}); apt-get install -y chromium.`);
  return found;
}

async function portFrom(name: string): Promise<number> {
  const value = process.env[name];
  return value ? Number(value) : findFreePort();
}

/**
 * True once no region is busy, no spinner says it is loading and the web fonts are in (a page expression: this
 * project's TypeScript has no DOM library).
 */
const NOTHING_LOADING = `document.fonts.status === 'loaded' && document.querySelector('[aria-busy="true"]') === null &&
  !Array.from(document.querySelectorAll('[role="status"]')).some((node) => /loading|please wait/i.test(node.textContent ?? ''))`;

/** Opens a screen and waits until its heading is visible and nothing is loading any more. */
async function settle(page: Page, shot: Shot): Promise<void> {
  await page.goto(shot.path, { waitUntil: 'networkidle' });
  await page
    .locator('h1, h2')
    .filter({ hasText: new RegExp(shot.heading, 'i') })
    .first()
    .waitFor({ timeout: 30_000 });
  await page.waitForFunction(NOTHING_LOADING, undefined, { timeout: 30_000 });
}

/** `SCREENSHOTS_ONLY=dashboard.png,dashboard-phone.png` refreshes just those files. */
const ONLY = new Set((process.env['SCREENSHOTS_ONLY'] ?? '').split(',').filter((file) => file !== ''));
const wanted = (shots: readonly Shot[]) => shots.filter((shot) => ONLY.size === 0 || ONLY.has(shot.file));

async function photograph(page: Page, shots: readonly Shot[]): Promise<void> {
  for (const shot of wanted(shots)) {
    await settle(page, shot);
    await page.screenshot({ path: join(OUT_DIR, shot.file), fullPage: shot.fullPage ?? false });
    console.log(`[screenshots] ${shot.file} (${shot.path})`);
  }
}

async function signedInPage(
  browser: Browser,
  webUrl: string,
  email: string,
  viewport: { width: number; height: number } = VIEWPORT,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: webUrl, viewport });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');
  return page;
}

const services: Service[] = [];
let database: ProvisionedDatabase | undefined;
let browser: Browser | undefined;

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  database = await provisionDatabase({ log: (line) => console.log(`[db] ${line}`) });
  const apiPort = await portFrom('SCREENSHOTS_API_PORT');
  const webPort = await portFrom('SCREENSHOTS_WEB_PORT');
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

  const api = startService('api', bin('tsx'), ['src/main.ts'], {
    cwd: join(ROOT, 'apps', 'api'),
    env: {
      ...process.env,
      MONGODB_URI: database.uri,
      MONGODB_DB_NAME: 'screenshots',
      API_PORT: String(apiPort),
      WEB_ORIGIN: webUrl,
      PUBLIC_API_URL: apiUrl,
      SEED_ON_START: 'true',
      LOG_REQUESTS: 'false',
      BCRYPT_ROUNDS: '6',
      JWT_SECRET: 'screenshots-secret-long-enough-for-tests',
    },
  });
  services.push(api);
  await waitForHttp(`${apiUrl}/health`, api.child, 5 * 60_000);
  const web = startService('web', bin('vite'), ['--port', String(webPort), '--strictPort', '--host', '127.0.0.1'], {
    cwd: join(ROOT, 'apps', 'web'),
    env: { ...process.env, VITE_API_URL: apiUrl },
  });
  services.push(web);
  await waitForHttp(`${webUrl}/`, web.child, 2 * 60_000);

  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const guest = await (await browser.newContext({ baseURL: webUrl, viewport: VIEWPORT })).newPage();
  await photograph(guest, SIGNED_OUT);
  await photograph(await signedInPage(browser, webUrl, 'vendor@publisher.test'), VENDOR);
  if (wanted(VENDOR_PHONE).length > 0) {
    await photograph(await signedInPage(browser, webUrl, 'vendor@publisher.test', PHONE_VIEWPORT), VENDOR_PHONE);
  }
  if (wanted(ADMIN).length > 0) await photograph(await signedInPage(browser, webUrl, 'admin@publisher.test'), ADMIN);
  if (wanted(ADMIN_PHONE).length > 0) {
    await photograph(await signedInPage(browser, webUrl, 'admin@publisher.test', PHONE_VIEWPORT), ADMIN_PHONE);
  }
  const count = [SIGNED_OUT, VENDOR, VENDOR_PHONE, ADMIN, ADMIN_PHONE].reduce((sum, shots) => sum + wanted(shots).length, 0);
  console.log(`[screenshots] ${count} screens written to docs/screenshots/`);
}

async function stop(): Promise<void> {
  await browser?.close();
  for (const service of services) service.child.kill('SIGTERM');
  await database?.stop();
}

try {
  await main();
  await stop();
} catch (error) {
  console.error('[screenshots] failed:', error);
  await stop();
  process.exitCode = 1;
}
