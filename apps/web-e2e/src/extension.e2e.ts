import { formatDisplayDate } from '@publisher/contract';
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

const asNumber = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

describe('extension dashboard', () => {
  // Partner-wide revenue: the admin's screen (a vendor is sent to its landing page, as the menu offers it no entry).
  it("the admin opens yesterday's extension revenue and each Total sums the rows above it", async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'admin@publisher.test');
    await page.waitForURL('**/dashboard');
    await page.goto('/ExtensionDashboard');
    await page.getByRole('heading', { name: 'Extension Dashboard', level: 1 }).waitFor();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // The date field writes days as every table does.
    expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(formatDisplayDate(yesterday));

    for (const name of ['Daily Revenue', 'Device Revenue', 'Market Revenue']) {
      const table = page.getByRole('table', { name });
      const total = table.locator('tfoot tr');
      await total.waitFor();
      const bodyRows = table.locator('tbody tr');
      const rowCount = await bodyRows.count();
      expect(rowCount).toBeGreaterThan(0);
      const totals = await total.locator('td').allTextContents();
      const numericCount = totals.length;
      const cellsPerRow = await bodyRows.first().locator('td').count();
      // The numeric columns are the last ones of each row: searches is the second last.
      const searchesIndex = cellsPerRow - 2;
      let searches = 0;
      let clicks = 0;
      for (let index = 0; index < rowCount; index += 1) {
        const cells = await bodyRows.nth(index).locator('td').allTextContents();
        searches += asNumber(cells[searchesIndex] ?? null);
        clicks += asNumber(cells[cellsPerRow - numericCount] ?? null);
      }
      expect(asNumber(totals[numericCount - 2] ?? null)).toBe(searches);
      expect(asNumber(totals[0] ?? null)).toBe(clicks);
    }
    await page.context().close();
  });
});
