import { readFile } from 'node:fs/promises';
import { formatDisplayDate } from '@publisher/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signIn, waitForValue } from './support/journey';

let browser: Browser;

function isoDaysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

const cardValue = (page: Page, label: string): Locator =>
  page.getByLabel('Totals').getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

const readCount = async (locator: Locator): Promise<number> => {
  const text = (await locator.textContent())?.trim() ?? '';
  return /^[\d,]+$/.test(text) ? Number(text.replace(/,/g, '')) : Number.NaN;
};

// The dashboard's ranges (Yesterday, Last 7 and 30 days) read days the API's seed has saved: it saves the last
// SEED_REPORT_DAYS (180) days of every source before the stack answers (global-setup.ts).
beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('reports', () => {
  it('a vendor reads the dashboard over several ranges and periods, then downloads the conversion report', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'vendor@publisher.test');

    // deeplink1 is on: sign-in lands on the dashboard.
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');

    const totalClicks = cardValue(page, 'Total Clicks');
    const lastSevenDays = await waitForValue(
      () => readCount(totalClicks),
      (value) => value > 0,
      'the 7-day clicks',
    );
    await page.getByRole('img', { name: /Bar chart of clicks by date/ }).waitFor();
    // A tap on a period shows its value (touch has no hover).
    const firstPeriod = page.getByRole('button', { name: /^\d{1,2} [A-Z][a-z]{2} \d{4}: Clicks [\d,]+$/ }).first();
    await firstPeriod.click();
    const periodName = (await firstPeriod.getAttribute('aria-label')) ?? '';
    expect(await page.getByRole('tooltip').filter({ hasText: 'Clicks:' }).textContent()).toBe(
      periodName.replace(': Clicks ', 'Clicks: '),
    );

    await page.getByRole('button', { name: 'Yesterday' }).click();
    const yesterday = await waitForValue(
      () => readCount(totalClicks),
      (value) => value > 0 && value < lastSevenDays,
      "yesterday's clicks",
    );

    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await waitForValue(
      () => readCount(totalClicks),
      (value) => value > lastSevenDays,
      'the 30-day clicks',
    );
    expect(yesterday).toBeLessThan(lastSevenDays);

    await page.getByRole('button', { name: 'Preview' }).click();
    const previewRows = page.getByRole('table', { name: 'Earnings preview' }).locator('tbody tr');
    const dailyRows = await waitForValue(
      () => previewRows.count(),
      (count) => count >= 28,
      'about 30 daily rows',
    );

    await page.getByRole('button', { name: 'Weekly' }).click();
    const weeklyRows = await waitForValue(
      () => previewRows.count(),
      (count) => count >= 4 && count <= 6,
      'one row per week',
    );
    expect(weeklyRows).toBeLessThan(dailyRows);
    await page.getByRole('button', { name: 'Monthly' }).click();
    await waitForValue(
      () => previewRows.count(),
      (count) => count >= 1 && count <= 2,
      'one row per month',
    );

    // Conversion Reports through the side menu.
    await page
      .getByRole('navigation', { name: 'Side menu' })
      .getByRole('link', { name: 'Conversion Reports', exact: true })
      .click();
    await page.waitForURL('**/conversionReports1');
    const reportRows = page.getByRole('table', { name: 'Conversion Report' }).locator('tbody tr');
    await waitForValue(
      async () => (await reportRows.count()) > 0 && !(await reportRows.first().textContent())?.includes('No records'),
      Boolean,
      'conversion report rows',
    );
    await page.getByText(/^Total Records: \d/).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download CSV conversion_reports_\d/ }).click(),
    ]);
    // The spec's name with the range it covers.
    expect(download.suggestedFilename()).toMatch(/^conversion_reports_\d{4}-\d\d-\d\d_to_\d{4}-\d\d-\d\d\.csv$/);
    await page
      .getByRole('status')
      .filter({ hasText: `Downloaded ${download.suggestedFilename()}` })
      .waitFor();
    const file = await download.path();
    const firstLine = (await readFile(file, 'utf8')).split(/\r?\n/, 1)[0] ?? '';
    expect(firstLine.startsWith('REPORT_DATE,CAMPAIGN_ID,PLACEMENT_ID,RID,MERCHANT_NAME,CLICKS')).toBe(true);
    expect(firstLine).toContain('EARNINGS');
    expect(firstLine.endsWith('CPC')).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);

    // A top merchant's Get link opens the deep-link screen with that merchant chosen.
    await page
      .getByRole('navigation', { name: 'Side menu' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
    const getLink = page.getByRole('list', { name: 'Top merchants' }).getByRole('link').first();
    const merchantName = ((await getLink.getAttribute('aria-label')) ?? '').replace(/^Get link for /, '');
    expect(merchantName).not.toBe('');
    await getLink.click();
    await page.waitForURL('**/deepLinksAPI?merchant=*');
    await waitForValue(
      () => page.getByRole('combobox', { name: 'Merchant' }).inputValue(),
      (value) => value === merchantName,
      'the merchant chosen from the dashboard',
    );

    await page.context().close();
  });

  it('the admin saves days of deep links 5 reports on the Save Reports page, and the vendor sees them at once', async () => {
    // Older than the seed's 180 days: never saved until the admin does it below.
    const range = { startDate: isoDaysAgo(202), endDate: isoDaysAgo(200) };
    const totalCount = async (page: Page): Promise<number> => {
      const text = (await page.getByText(/^Total Count: /).textContent()) ?? '';
      const match = /^Total Count: ([\d,]+)$/.exec(text.trim());
      return match?.[1] ? Number(match[1].replace(/,/g, '')) : Number.NaN;
    };
    const showRange = async (page: Page): Promise<void> => {
      await page.getByLabel('Start Date').fill(range.startDate);
      await page.getByLabel('End Date').fill(range.endDate);
    };

    const vendor = await newPage(browser, inject('webUrl'));
    await signIn(vendor, 'vendor@publisher.test');
    await vendor.waitForURL('**/dashboard');
    await vendor.goto('/conversionReports5');
    await vendor.getByRole('heading', { name: 'Conversion Reports 5', level: 1 }).waitFor();
    await showRange(vendor);
    await waitForValue(
      () => totalCount(vendor),
      (count) => count === 0,
      'no rows before the save',
    );

    const admin = await newPage(browser, inject('webUrl'));
    await signIn(admin, 'admin@publisher.test');
    await admin.getByRole('navigation', { name: 'Side menu' }).waitFor();
    await admin.goto('/savedailyReports5');
    await admin.getByRole('heading', { name: 'Save Daily Reports 5', level: 1 }).waitFor();
    // Typed as every screen writes dates (the vendor's fields above took YYYY-MM-DD).
    await admin.getByLabel('Start Date').fill(formatDisplayDate(range.startDate));
    await admin.getByLabel('End Date').fill(formatDisplayDate(range.endDate));
    await admin.getByRole('button', { name: 'Save Reports to DB' }).click();
    const saved = await admin
      .getByText(
        new RegExp(
          `^Saved \\d+ kelkoo report rows for ${formatDisplayDate(range.startDate)} to ${formatDisplayDate(range.endDate)}\\.$`,
        ),
      )
      .textContent();
    expect(saved).toBeTruthy();

    // A fresh load of the same range: the API must not answer from what it computed before the save.
    await vendor.reload();
    await vendor.getByRole('heading', { name: 'Conversion Reports 5', level: 1 }).waitFor();
    await showRange(vendor);
    // Until the range applies, the table shows the default preset's rows: wait for a row of the saved days.
    const savedDays = [range.startDate, isoDaysAgo(201), range.endDate].map(formatDisplayDate);
    const firstRowDate = async (): Promise<string> =>
      (await vendor.getByRole('table').locator('tbody tr').first().locator('td').first().textContent())?.trim() ?? '';
    await waitForValue(firstRowDate, (date) => savedDays.includes(date), 'a row of the saved days');
    expect(await totalCount(vendor)).toBeGreaterThan(0);

    await vendor.context().close();
    await admin.context().close();
  });
});
