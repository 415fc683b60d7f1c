import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once per test file. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page as it stands and returns its violations. axe is loaded into the page once and stays for
 * every screen the single-page app shows after it. @axe-core/playwright's `analyze()` evaluates the 550 KB script
 * again on every call and finishes each scan in a new blank tab: in the route walk that was 1.2 s for a screen of
 * 250 elements and 54 s of the admin's first 18 screens. The app has no frames, so one `axe.run` of the document
 * sees everything the wrapper would.
 */
export async function axeViolations(page: Page, options: RunOptions = {}): Promise<AxeResults['violations']> {
  const isLoaded = await page.evaluate(() => 'axe' in window);
  if (!isLoaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        { ...runOptions, resultTypes: ['violations'] },
      ),
    options,
  );
  return results.violations;
}
