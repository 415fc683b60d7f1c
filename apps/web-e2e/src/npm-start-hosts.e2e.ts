import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, waitForHttp } from '@publisher/db';
import { launchBrowser, newPage } from './support/browser';
import { onHost } from './support/hosts';
import { signIn } from './support/journey';

/**
 * The hosts README sends readers to, on the stack exactly as `npm start` starts it (tools/scripts/start.ts, its own
 * embedded database in a fresh DATA_DIR, nothing configured for the test but free ports and the seed's size): no
 * CORS list, brand host or proxy set up for the journey. Chromium resolves every `*.localhost` to the loopback.
 *
 * The seed is `SEED_PROFILE=small` (the demo accounts and settings rows of every profile, a week of reports, a small
 * catalog): these journeys sign in and read menus and hosts, never a report or the catalog, and the demo's 180 days
 * of reports and full catalog held the file's start for about two minutes of the CI's two cores (126 s of its 185).
 * The demo seed itself is what the other journeys' stack (support/global-setup.ts) seeds.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const DOMAIN_NOT_ACTIVATED = 'Your domain server is not yet activated, Please contact support team.';

let browser: Browser;
let stack: ChildProcess;
let otherDevServer: ChildProcess | undefined;
let dataDir = '';
let webUrl = '';
let apiUrl = '';
let stackOutput = '';

beforeAll(async () => {
  const [apiPort, webPort] = [await findFreePort(), await findFreePort()];
  dataDir = mkdtempSync(join(tmpdir(), 'npm-start-e2e-'));
  webUrl = `http://localhost:${webPort}`;
  apiUrl = `http://localhost:${apiPort}`;
  stack = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      DATA_DIR: dataDir,
      SEED_PROFILE: 'small',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    stackOutput = (stackOutput + chunk.toString()).slice(-8000);
  };
  stack.stdout?.on('data', keep);
  stack.stderr?.on('data', keep);
  try {
    await waitForHttp(`http://127.0.0.1:${apiPort}/health`, stack, 280_000);
    await waitForHttp(`http://127.0.0.1:${webPort}/`, stack, 120_000);
  } catch (error) {
    throw new Error(`npm start did not come up: ${String(error)}\n${stackOutput}`, { cause: error });
  }
  browser = await launchBrowser();
}, 420_000);

/** Whether any process of the group `pgid` still runs. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls until every process of the group has ended; false if some still run after `ms`. */
async function groupEnded(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

afterAll(async () => {
  await browser?.close();
  otherDevServer?.kill('SIGTERM');
  // Whatever the last test left running of the stack's process group (it ends the stack itself when it passes).
  if (stack.pid !== undefined && !(await groupEnded(stack.pid, 10_000))) process.kill(-stack.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** The app's calls to the API from `page`, as URLs. */
function apiCallsOf(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === apiUrl) calls.push(url);
  });
  return calls;
}

async function sideMenuLinks(page: Page): Promise<number> {
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  await menu.getByRole('link', { name: 'My Account' }).waitFor();
  return menu.getByRole('link').count();
}

describe('the hosts README names, on the stack as npm start runs it', () => {
  it("a white-label host shows the vendor's name and signs in", async () => {
    const host = 'whitelabel.localhost';
    const page = await newPage(browser, onHost(webUrl, host));
    const verified = page.waitForResponse((response) => response.url().includes('/dashboard/verifyDomain'));
    await page.goto('/signin');
    const answer = (await (await verified).json()) as { success: boolean; whiteLabelName?: string };
    expect(answer.success).toBe(true);
    await page
      .getByRole('banner')
      .getByText(answer.whiteLabelName ?? '(no name)')
      .waitFor();
    await signIn(page, 'vendor@publisher.test');
    await page.waitForURL('**/dashboard');
  });

  it('ai.localhost shows the AI menu, a shorter one than plain localhost, and flags its calls', async () => {
    const plain = await newPage(browser, webUrl);
    await signIn(plain, 'vendor@publisher.test');
    const plainLinks = await sideMenuLinks(plain);

    const ai = await newPage(browser, onHost(webUrl, 'ai.localhost'));
    const calls = apiCallsOf(ai);
    await signIn(ai, 'vendor@publisher.test');
    const aiLinks = await sideMenuLinks(ai);
    expect(aiLinks).toBeGreaterThan(0);
    expect(aiLinks).toBeLessThan(plainLinks);
    expect(calls.find((url) => url.pathname === '/auth/signin')?.searchParams.get('isPublisherAI')).toBe('true');
  });

  it('brand2.localhost sends isSecondBrand=true with every call', async () => {
    const page = await newPage(browser, onHost(webUrl, 'brand2.localhost'));
    const calls = apiCallsOf(page);
    await signIn(page, 'vendor@publisher.test');
    await page.waitForURL('**/dashboard');
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect(call.searchParams.get('isSecondBrand'), call.pathname).toBe('true');
  });

  it('an unknown sub-domain shows the blocking page, not the sign-in page', async () => {
    const page = await newPage(browser, onHost(webUrl, 'unknown.localhost'));
    await page.goto('/signin');
    await page.getByText(DOMAIN_NOT_ACTIVATED).waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
  });

  it('a second dev server on another port (a frontend developer running vite) can sign in', async () => {
    const port = await findFreePort();
    otherDevServer = spawn(
      join(ROOT, 'node_modules', '.bin', 'vite'),
      ['--port', String(port), '--strictPort', '--host', '127.0.0.1'],
      { cwd: join(ROOT, 'apps', 'web'), env: { ...process.env, VITE_API_URL: apiUrl }, stdio: 'ignore' },
    );
    await waitForHttp(`http://127.0.0.1:${port}/`, otherDevServer, 120_000);
    const page = await newPage(browser, `http://localhost:${port}`);
    await signIn(page, 'vendor@publisher.test');
    await page.waitForURL('**/dashboard');
  }, 180_000);

  // Last: it ends the stack. Ctrl+C in a terminal sends SIGINT to every process of the foreground group, npm,
  // start.ts, the API, the web server and the database's watchdog alike; none may outlive it and keep a port.
  it('stops whole on Ctrl+C: the API, the web server and the database end with it', async () => {
    const pgid = stack.pid;
    if (pgid === undefined) throw new Error('npm start has no process id');
    // On the loopback address both listen on: `localhost` may resolve to ::1, where nothing listens anyway.
    const answers = async (url: string) =>
      fetch(onHost(url, '127.0.0.1')).then(
        () => true,
        () => false,
      );
    expect([await answers(`${apiUrl}/health`), await answers(webUrl)]).toEqual([true, true]);
    await browser.close();
    process.kill(-pgid, 'SIGINT');
    expect(await groupEnded(pgid, 30_000)).toBe(true);
    expect([await answers(`${apiUrl}/health`), await answers(webUrl)]).toEqual([false, false]);
  }, 60_000);
});
