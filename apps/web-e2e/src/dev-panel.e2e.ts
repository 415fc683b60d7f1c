import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signIn } from './support/journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

// Read-only: other journeys share this API, so the panel's controls are not changed here (the API tests and the
// panel's component test cover the changes).
describe('the dev panel (the mock mode build)', () => {
  it('opens with Ctrl+Shift+D, shows the API control state and lists the calls the app made', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'vendor@publisher.test');
    await page.waitForURL('**/dashboard');

    const panel = page.getByRole('complementary', { name: 'Scenario controls' });
    expect(await panel.count()).toBe(0);
    await page.keyboard.press('Control+Shift+D');
    await panel.waitFor();
    await panel.getByText('real clock').waitFor();
    expect(await panel.getByLabel('Seed profile').inputValue()).toBe('demo');

    const requests = panel.getByRole('table', { name: 'Last requests' });
    await requests.getByRole('row').filter({ hasText: '/auth/signin' }).filter({ hasText: '200' }).first().waitFor();

    await page.keyboard.press('Control+Shift+D');
    await panel.waitFor({ state: 'detached' });
  });
});
