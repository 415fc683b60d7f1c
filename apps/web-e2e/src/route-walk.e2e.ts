import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signIn } from './support/journey';

/** Every demo account of the README. */
const DEMO_ACCOUNTS = [
  'vendor@publisher.test',
  'admin@publisher.test',
  'nautica@publisher.test',
  'dl-new-5040@publisher.test',
  'dl-new-5056@publisher.test',
  'dl-new-5057@publisher.test',
  'samskohls@publisher.test',
  'reports-only@publisher.test',
  'ai@publisher.test',
] as const;

/** The routes of part 2 §2's table (the sign-up route with its placeholder filled in as the app names it). */
const SPEC_ROUTES = [
  '/',
  '/home',
  '/dashboard',
  '/conversionReports',
  '/downloadConversionReports',
  '/FullDashboard',
  '/uniqueTitleFilters',
  '/addCustomDomain',
  '/shortURLDomains',
  '/allCoupons',
  '/AllCashback',
  '/yahoodashboard',
  '/mediaDashboard',
  '/signin',
  '/signup_publisher_0599',
  '/links',
  '/myProfile',
  '/MyProfileInfo',
  '/Settings',
  '/handleclick',
  '/ExtensionDashboard',
  '/merchants',
  '/categories',
  '/products',
  '/termscondition',
  '/policy',
  '/changePassword',
  '/vendorsList98761234',
  '/reportsList',
  '/qualityReports',
  '/deepLinksAPI',
  '/deepLinksAPI2',
  '/deepLinksAPI3',
  '/deepLinksAPI3New',
  '/deepLinksAPI4',
  '/deepLinksAPI4New',
  '/deepLinksAPI5',
  '/deepLinksSamsAndKohls',
  '/conversionReports2',
  '/conversionReports3',
  '/conversionReports4',
  '/conversionReports5',
  '/reportsDashboard',
  '/savedailyReports',
  '/savedailyReports2',
  '/savedailyReports3',
  '/savedailyReports4',
  '/savedailyReports5',
  '/uploadReports',
  '/AllLogs',
];

/** Screens anyone may open, signed in or not (terms, policy, contact, the download page of part 1). */
const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  '/termscondition',
  '/policy',
  '/contact',
  '/downloadConversionReports',
]);
/** Sign-in and sign-up: a signed-in user is sent on to their landing page. */
const GUEST_ROUTES: ReadonlySet<string> = new Set(['/signin', '/signup_publisher_0599', '/signIn']);
/** The price-line redirect placeholder: it records a click and leaves the app for the API's landing page. */
const FORWARDING_ROUTE = '/handleclick';
const UNKNOWN_PATHS = ['/no-such-page', '/DASHBOARD', '/admin', '/merchants/extra'];

/** What the web app's own menu engine says about the signed-in user (read from the running app). */
interface MenuAnswer {
  routes: string[];
  allowed: string[];
  landing: string;
  vendorId: number | null;
}

/**
 * Asks the running app (Vite serves its modules by path) for every route it defines and what its menu engine
 * allows the stored user: the expectations come from the same menu rules the route guards use, never from a
 * per-account list written here.
 */
const MENU_ENGINE_SCRIPT = `(async () => {
  const [menu, config, brand] = await Promise.all([
    import('/src/features/menu/build-menu.ts'),
    import('/src/config/paths.ts'),
    import('/src/lib/brand.ts'),
  ]);
  const user = JSON.parse(window.localStorage.getItem('user') ?? 'null');
  const routes = [...new Set(Object.values(config.paths))];
  if (!user) return { routes, allowed: [], landing: '/signin', vendorId: null };
  const built = menu.buildMenu(user, { isAIHost: brand.isCurrentHostAIBrand() });
  return {
    routes,
    allowed: [...built.allowedPaths],
    landing: menu.registeredLandingPath(built, new Set(routes)),
    vendorId: user.vendorId,
  };
})()`;

interface Watcher {
  console: string[];
  requests: string[];
  /** Requests sent and not yet answered. */
  inFlight: Set<unknown>;
  /** Requests the page cancelled (method and URL), and those that were answered. */
  aborted: Set<string>;
  answered: Set<string>;
}

/**
 * Failed requests and error answers. A request the page cancelled counts only if the same call never got an answer:
 * in development React's StrictMode mounts every screen twice, and React Query aborts the first mount's fetch.
 */
function requestProblems(watcher: Watcher): string[] {
  const unanswered = [...watcher.aborted].filter((call) => !watcher.answered.has(call));
  return [...watcher.requests, ...unanswered.map((call) => `${call} was aborted and never answered`)];
}

/** Collects console errors, uncaught errors, failed requests and error answers of one page. */
function watch(page: Page): Watcher {
  const watcher: Watcher = { console: [], requests: [], inFlight: new Set(), aborted: new Set(), answered: new Set() };
  page.on('console', (message) => {
    if (message.type() === 'error') watcher.console.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on('pageerror', (error) => watcher.console.push(`${new URL(page.url()).pathname}: uncaught ${error.message}`));
  page.on('request', (request) => watcher.inFlight.add(request));
  page.on('requestfinished', (request) => {
    watcher.inFlight.delete(request);
    watcher.answered.add(`${request.method()} ${request.url()}`);
  });
  page.on('requestfailed', (request) => {
    watcher.inFlight.delete(request);
    if (request.failure()?.errorText === 'net::ERR_ABORTED') {
      watcher.aborted.add(`${request.method()} ${request.url()}`);
      return;
    }
    watcher.requests.push(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? '?'}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      watcher.requests.push(`${response.request().method()} ${response.url()} answered ${response.status()}`);
    }
  });
  return watcher;
}

/** True while the screen shows a loading state (a busy region or a loading spinner). */
const IS_LOADING = () =>
  document.querySelector('[aria-busy="true"]') !== null ||
  Array.from(document.querySelectorAll('[role="status"]')).some((node) =>
    /loading|please wait/i.test(node.textContent ?? ''),
  );

/** Waits until no request is in flight and nothing is loading, three polls in a row; fails after 20 s. */
async function settle(page: Page, watcher: Watcher): Promise<void> {
  const deadline = Date.now() + 20_000;
  let quiet = 0;
  while (quiet < 3) {
    if (Date.now() > deadline) {
      throw new Error(`still loading after 20 s (${watcher.inFlight.size} requests in flight)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const busy = watcher.inFlight.size > 0 || (await page.evaluate(IS_LOADING));
    quiet = busy ? 0 : quiet + 1;
  }
}

/**
 * Opens a path inside the running app, as a link would (the router follows history changes), and waits for the
 * screen to settle. The first screen of each session is a full page load.
 */
async function open(page: Page, watcher: Watcher, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page, watcher);
}

/**
 * A screen whose only content is a message by design: the download page opened without its link parameters says
 * the link is incomplete.
 */
const EXPLICIT_STATES: Readonly<Record<string, RegExp>> = {
  '/downloadConversionReports': /download link is incomplete/,
};

/** Why a screen does not show something meaningful: no h1/h2 heading, or neither data nor an explicit state. */
async function meaninglessness(page: Page, path: string): Promise<string[]> {
  const found = await page.evaluate((explicit) => {
    const main = document.querySelector('main');
    if (!main) return { headings: 0, content: 'no <main>' };
    const headings = Array.from(main.querySelectorAll('h1, h2')).filter(
      (node) => node instanceof HTMLElement && node.offsetParent !== null && (node.textContent ?? '').trim() !== '',
    ).length;
    const text = main.textContent ?? '';
    if (main.querySelector('tbody tr td, form, li, article, dl, input, select, textarea'))
      return { headings, content: 'data' };
    if (/no .* (found|yet)|nothing to show|empty/i.test(text)) return { headings, content: 'empty state' };
    if (explicit !== null && new RegExp(explicit).test(text)) return { headings, content: 'explicit state' };
    return { headings, content: 'nothing' };
  }, EXPLICIT_STATES[path]?.source ?? null);
  const problems: string[] = [];
  if (found.headings === 0) problems.push(`${path}: no visible h1/h2 heading in <main>`);
  if (found.content === 'nothing' || found.content === 'no <main>') {
    problems.push(`${path}: neither data nor an empty state (${found.content})`);
  }
  const title = await page.title();
  if (title.includes('|') && !title.endsWith('Publisher Portal')) {
    problems.push(`${path}: title "${title}" does not end with "Publisher Portal"`);
  }
  return problems;
}

/**
 * Paths axe has scanned in this run. A screen is scanned once, as the first account that may open it: axe takes a
 * second or two per screen, and the same screen as another account differs in its data, not its structure. Menus
 * do differ per account, so each account's landing screen is always scanned. Every account still opens and checks
 * every screen it may see.
 */
const scannedPaths = new Set<string>();

/** Serious and critical axe findings, one line each (none for a path already scanned in this run). */
async function accessibilityProblems(page: Page, path: string, always: boolean): Promise<string[]> {
  if (scannedPaths.has(path) && !always) return [];
  scannedPaths.add(path);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${path}: ${violation.impact ?? ''} ${violation.id} (${violation.help}) at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join('; ')}`,
    );
}

/** One account's walk opens some 60 screens and scans each. */
const WALK_TIMEOUT_MS = 240_000;

let browser: Browser;
const summary: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  console.log(`[route-walk] ${summary.join(', ')}`);
});

/** Opens one screen the visitor may see and lists everything wrong with it (empty when it is fine). */
async function inspect(page: Page, watcher: Watcher, path: string, scanAlways = false): Promise<string[]> {
  try {
    await open(page, watcher, path);
  } catch (error) {
    return [`${path}: did not settle (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`];
  }
  const at = new URL(page.url()).pathname;
  if (at !== path) return [`${path}: expected to stay, went to ${at}`];
  return [...(await meaninglessness(page, path)), ...(await accessibilityProblems(page, path, scanAlways))];
}

/** Opens a path the visitor may not see and says where it went if that is not `expected`. */
async function redirectProblem(page: Page, watcher: Watcher, path: string, expected: string): Promise<string[]> {
  try {
    await open(page, watcher, path);
  } catch (error) {
    return [`${path}: did not settle (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`];
  }
  const at = new URL(page.url()).pathname;
  return at === expected ? [] : [`${path}: expected a redirect to ${expected}, went to ${at}`];
}

// The walks are independent (each account its own browser context) and mostly wait on navigation and settling:
// they run side by side, as many at once as the config's maxConcurrency allows.
describe.concurrent('every screen in a real browser', () => {
  it(
    'sends a signed-out visitor from every private route and from unknown paths to /signin',
    async () => {
      const page = await newPage(browser, inject('webUrl'));
      const watcher = watch(page);
      await page.goto('/signin', { waitUntil: 'networkidle' });
      const { routes } = await page.evaluate<MenuAnswer>(MENU_ENGINE_SCRIPT);
      for (const path of SPEC_ROUTES) expect(routes, `part 2 §2 route ${path}`).toContain(path);

      const privateRoutes = routes.filter(
        (path) => !PUBLIC_ROUTES.has(path) && !GUEST_ROUTES.has(path) && path !== FORWARDING_ROUTE,
      );
      const problems: string[] = [];
      for (const path of [...privateRoutes, ...UNKNOWN_PATHS])
        problems.push(...(await redirectProblem(page, watcher, path, '/signin')));
      const openRoutes = [...PUBLIC_ROUTES, '/signin', '/signup_publisher_0599'];
      for (const path of openRoutes) problems.push(...(await inspect(page, watcher, path)));
      expect(problems).toEqual([]);
      expect({ console: watcher.console, requests: requestProblems(watcher) }).toEqual({ console: [], requests: [] });
      summary.push(
        `signed out: ${privateRoutes.length + UNKNOWN_PATHS.length} redirected to /signin, ${openRoutes.length} visited`,
      );
      await page.context().close();
    },
    WALK_TIMEOUT_MS,
  );

  for (const email of DEMO_ACCOUNTS) {
    it(
      `${email}: opens every route the menu allows and is redirected from the others`,
      async () => {
        const page = await newPage(browser, inject('webUrl'));
        const watcher = watch(page);
        await signIn(page, email);
        await page.waitForURL((url) => url.pathname !== '/signin');
        await settle(page, watcher);
        const menu = await page.evaluate<MenuAnswer>(MENU_ENGINE_SCRIPT);
        expect(new URL(page.url()).pathname, 'sign-in lands on the menu landing page').toBe(menu.landing);
        const allowed = new Set(menu.allowed);

        const problems: string[] = [];
        let visited = 0;
        let redirected = 0;
        for (const path of menu.routes) {
          if (path === FORWARDING_ROUTE) continue;
          const visible =
            PUBLIC_ROUTES.has(path) || allowed.has(path) || (path === '/' && menu.landing === '/dashboard');
          if (visible) {
            problems.push(...(await inspect(page, watcher, path, path === menu.landing)));
            visited += 1;
          } else {
            // Guest routes, '/' and every route the menu refuses go to the landing page.
            problems.push(...(await redirectProblem(page, watcher, path, menu.landing)));
            redirected += 1;
          }
        }
        expect(problems).toEqual([]);
        expect({ console: watcher.console, requests: requestProblems(watcher) }).toEqual({ console: [], requests: [] });
        summary.push(`${email}: ${visited} visited, ${redirected} redirected`);
        await page.context().close();
      },
      WALK_TIMEOUT_MS,
    );
  }
});
