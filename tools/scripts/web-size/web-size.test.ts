import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, measureRoute, MEASURED_ROUTES, SIGNIN_BUDGET_BYTES } from './measure';

const outDir = mkdtempSync(join(tmpdir(), 'web-size-test-'));
const routeNamed = (route: string) => {
  const found = MEASURED_ROUTES.find((entry) => entry.route === route);
  if (!found) throw new Error(`${route} is not measured`);
  return found;
};

describe('web bundle budget (production build)', () => {
  beforeAll(async () => {
    await buildWeb(outDir);
  });
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  it('loads at most 120 KB of gzipped JavaScript on the sign-in page', () => {
    const signin = measureRoute(outDir, '/signin', routeNamed('/signin').lazyModules);
    const listing = signin.chunks.map((chunk) => `${chunk.file} ${chunk.gzipBytes}`).join('\n');
    expect(signin.gzipBytes, listing).toBeLessThanOrEqual(SIGNIN_BUDGET_BYTES);
  });

  it('keeps zod and the contract schemas out of the sign-in page', () => {
    const signin = measureRoute(outDir, '/signin', routeNamed('/signin').lazyModules);
    expect(signin.chunks.map((chunk) => chunk.file)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/contract-client/)]),
    );
  });

  /**
   * The sign-in page's chunks whose code holds `text`: a string of a module's own code, not a chunk name, so that
   * whichever chunk took the module, the sign-in page must not load it.
   */
  const signinChunksHolding = (text: string) =>
    measureRoute(outDir, '/signin', routeNamed('/signin').lazyModules)
      .chunks.map((chunk) => chunk.file)
      .filter((file) => readFileSync(join(outDir, file), 'utf8').includes(text));

  it('keeps Headless UI (dialogs, the phone drawer, the combobox) out of the sign-in page', () => {
    expect(signinChunksHolding('headlessui-portal-root')).toEqual([]);
  });

  it('keeps the menu engine and the side menu out of the sign-in page (they come with the signed-in shell)', () => {
    // A program name only the menu engine (features/menu/build-menu.ts) writes.
    expect(signinChunksHolding('Connexity Shopping')).toEqual([]);
  });

  it('measures the dashboard as the sign-in load plus the report screens chunk', () => {
    const dashboard = routeNamed('/dashboard');
    const signin = measureRoute(outDir, '/signin', []);
    const withReports = measureRoute(outDir, dashboard.route, dashboard.lazyModules);
    expect(withReports.gzipBytes).toBeGreaterThan(signin.gzipBytes);
    expect(withReports.chunks.map((chunk) => chunk.file)).toEqual(
      expect.arrayContaining(signin.chunks.map((chunk) => chunk.file)),
    );
  });

  it('refuses a lazily loaded module the build does not have', () => {
    expect(() => measureRoute(outDir, '/nowhere', ['src/features/no-such/pages.ts'])).toThrow(/not a lazily loaded/);
  });
});
