import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { onHost, startSameOriginWeb, UNKNOWN_HOST, WHITE_LABEL_HOST } from './support/hosts';
import { isoFromScreenDate, signIn, waitForValue } from './support/journey';
import { PHONE } from './support/layout-checks';

const SAMPLE_CSV = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'web',
  'public',
  'samples',
  'conversion-report-sample.csv',
);

/** Every admin page of issue 10 and before. */
const ADMIN_PATHS = [
  '/uploadReports',
  '/vendorsList98761234',
  '/reportsList',
  '/apiAccessReports',
  '/addCustomDomain',
  '/uniqueTitleFilters',
  '/shortURLDomains',
  '/savedailyReports',
  '/savedailyReports2',
  '/savedailyReports3',
  '/savedailyReports4',
  '/savedailyReports5',
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('admin', () => {
  it("adds a custom domain; the app loads on it with the vendor's name, and an unknown host is blocked", async () => {
    const webUrl = inject('webUrl');
    const page = await newPage(browser, webUrl);
    await signIn(page, 'admin@publisher.test');
    await page.waitForURL('**/dashboard');
    await page.goto('/addCustomDomain');
    await page.getByRole('heading', { name: 'Custom Domains', level: 1 }).waitFor();

    const list = page.getByRole('list', { name: 'Existing Custom Domains' });
    const row = list.getByText(`5001 - ${WHITE_LABEL_HOST}`);
    if ((await row.count()) === 0) {
      await page.getByRole('button', { name: 'Add New Custom Domain' }).click();
      // An empty form is refused with the spec's message.
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Please enter valid name').waitFor();
      await page.getByLabel('Domain Name').fill(WHITE_LABEL_HOST.toUpperCase());
      // The Vendor Id is a searchable picker: type part of the id, choose the vendor by name.
      await page.getByRole('combobox', { name: 'Vendor Id' }).fill('5001');
      await page.getByRole('option', { name: /\(5001\)$/ }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Custom domain added successfully.').waitFor();
    }
    await row.waitFor();

    // The vendor's white-label host (Chromium resolves *.localhost to the loopback), served like production: the
    // API under /api on the page's own origin.
    const sameOrigin = await startSameOriginWeb(inject('apiUrl'));
    try {
      const whiteLabel = await newPage(browser, onHost(sameOrigin.url, WHITE_LABEL_HOST));
      await whiteLabel.goto(onHost(`${sameOrigin.url}/signin`, WHITE_LABEL_HOST));
      await whiteLabel.getByRole('button', { name: 'Login' }).waitFor();
      await whiteLabel.getByRole('banner').getByText('Maya Patel').waitFor();

      // A host nobody registered gets the blocking page.
      const unknown = await newPage(browser, onHost(sameOrigin.url, UNKNOWN_HOST));
      await unknown.goto(onHost(`${sameOrigin.url}/signin`, UNKNOWN_HOST));
      await unknown.getByText('Your domain server is not yet activated, Please contact support team.').waitFor();
      expect(await unknown.getByRole('button', { name: 'GO TO HOME PAGE' }).isVisible()).toBe(true);
      expect(await unknown.getByRole('button', { name: 'Login' }).count()).toBe(0);
    } finally {
      sameOrigin.stop();
    }

    // Plain 127.0.0.1 (the app's own host) loads as always.
    const own = await newPage(browser, webUrl);
    await own.goto('/signin');
    await own.getByRole('button', { name: 'Login' }).waitFor();
  });

  it.runIf(existsSync(SAMPLE_CSV))('uploads the sample CSV and finds its rows in the conversion report', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'admin@publisher.test');
    await page.waitForURL('**/dashboard');
    await page.goto('/uploadReports');
    await page.getByLabel('Conversion report (.csv)').setInputFiles(SAMPLE_CSV);
    const preview = page.getByRole('table', { name: 'Conversion report preview' });
    await preview.waitFor();
    const firstRow = preview.locator('tbody tr').first();
    const cells = await firstRow.locator('td').allTextContents();
    const [shownFromDate = '', , campaignId = '', placementId = ''] = cells;
    // The preview shows days in the screens' one format ('26 Nov 2026').
    expect(shownFromDate).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const fromDate = isoFromScreenDate(shownFromDate);

    await page.getByRole('button', { name: 'Submit Conversion Report' }).click();
    // Confirmed by the announced toast, and the page is ready for the next file (no dialog to close).
    await page.getByRole('status').getByText('Conversion Report Successfully Uploaded.').waitFor();
    await preview.waitFor({ state: 'detached' });

    // The uploaded day, read back through the conversion report call the report screen makes (as the admin,
    // who may read any campaign).
    const rows = await page.evaluate(
      async ({ apiUrl, date, campaign }) => {
        const token = localStorage.getItem('token') ?? '';
        const response = await fetch(`${apiUrl}/home/getConversionReports`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify({
            campaign_id: Number(campaign),
            startDate: date,
            endDate: date,
            page: 0,
            limit: 100,
            pageSize: 100,
          }),
        });
        return {
          status: response.status,
          body: (await response.json()) as { reportsData?: { PLACEMENT_ID: string }[] },
        };
      },
      { apiUrl: inject('apiUrl'), date: fromDate, campaign: campaignId },
    );
    expect(rows.status).toBe(200);
    expect(rows.body.reportsData?.map((row) => row.PLACEMENT_ID)).toContain(placementId);
  });
});

describe('the admin on a phone', () => {
  it("opens the drawer with the current screen's entry in view, the focus staying on Close menu", async () => {
    const page = await newPage(browser, inject('webUrl'));
    await page.setViewportSize(PHONE);
    await signIn(page, 'admin@publisher.test');
    await page.waitForURL('**/dashboard');
    await page.goto('/AllLogs');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await menuButton.click();
    // The drawer's code may still be on its way (a cold dev server): count the folded sections once it is there.
    await drawer.getByRole('button', { name: 'Log out' }).waitFor();
    // Every section open puts All Logs some 1,500 px down the drawer; the drawer keeps them open when it opens again.
    const folded = drawer.getByRole('button', { expanded: false });
    while ((await folded.count()) > 0) await folded.first().click();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await menuButton.click();
    const entry = drawer.getByRole('link', { name: 'All Logs', exact: true });
    // In view and on top: not under the pinned Log out or the bar of Close menu.
    const isShown = () =>
      entry.evaluate((link) => {
        const box = link.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return box.bottom <= window.innerHeight && hit !== null && link.contains(hit);
      });
    await waitForValue(isShown, (shown) => shown, 'All Logs in view in the drawer');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close menu');
    await page.context().close();
  });
});

describe('a vendor', () => {
  it('is sent to the landing page from every admin page', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'vendor@publisher.test');
    await page.waitForURL('**/dashboard');
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname, path).toBe('/dashboard');
    }
  });

  it('opens /AllLogs (the Merchant/logs screen is for any signed-in vendor) and sees its own API logs', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'vendor@publisher.test');
    await page.waitForURL('**/dashboard');
    await page.goto('/AllLogs');
    await page.getByRole('heading', { name: 'All Logs', level: 1 }).waitFor();
    const apiLogs = page.getByRole('table', { name: 'API logs' });
    await apiLogs.getByRole('cell', { name: '5001', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/AllLogs');
  });
});
