import { formatDisplayDate } from '@publisher/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { clickSideMenuLink, signIn, waitForValue } from './support/journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** The date the API files a click under: today in UTC, YYYY-MM-DD. */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

const readClipboard = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());

/**
 * Follows a tracked link in a fresh tab and answers the request the browser then made to the merchant site. The
 * journeys never reach the internet, so that request fails to resolve; what counts is that the tracking host
 * redirected the browser there.
 */
async function followToMerchant(link: string): Promise<{ merchantUrl: string; redirectedFrom: string | undefined }> {
  const visit = await newPage(browser, inject('webUrl'));
  const merchantRequest = visit.waitForRequest((request) => request.url().startsWith('https://'));
  await visit.goto(link).catch(() => undefined);
  const request = await merchantRequest;
  await visit.context().close();
  return { merchantUrl: request.url(), redirectedFrom: request.redirectedFrom()?.url() };
}

async function openFromSideMenu(page: Page, label: string, heading: string): Promise<void> {
  await clickSideMenuLink(page, label);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

describe('deep links', () => {
  it('API 5: a vendor generates and copies a link, follows it to the merchant, and after the admin saves the day the click is counted', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'vendor@publisher.test');
    await page.waitForURL('**/dashboard');
    await openFromSideMenu(page, 'Deep Links API 5', 'Deep Links API 5');

    // The first merchant of the United States list.
    const table = page.getByRole('table', { name: 'Merchants' });
    const firstRow = table.locator('tbody tr').first();
    await firstRow.getByRole('button', { name: /^Generate Link for / }).waitFor();
    const merchantName = ((await firstRow.locator('td').nth(1).textContent()) ?? '').trim();
    const merchantUrl = ((await firstRow.locator('td').nth(2).textContent()) ?? '').trim();
    expect(merchantName).not.toBe('');

    await page.getByLabel('Placement Id (optional)').fill('e2e-api5');
    await firstRow.getByRole('button', { name: /^Generate Link for / }).click();
    const result = page.getByRole('region', { name: 'Generated link' });
    await result.waitFor();
    expect(await result.getByText(merchantName, { exact: true }).count()).toBe(1);
    await result.getByRole('img', { name: 'QR code of the deep link' }).waitFor();
    const link = ((await result.getByTestId('generated-link').textContent()) ?? '').trim();
    expect(link).toMatch(/^http:\/\/[^/]+\/redirect\?source=22271&/);
    expect(link).toContain('sub=5001_e2e-api5_noid');

    await result.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByText('Successfully Copied Product URL to clip board', { exact: true }).waitFor();
    expect(await readClipboard(page)).toBe(link);

    // Follow the copied link: the tracking host records the click and redirects to the merchant.
    const followed = await followToMerchant(link);
    expect(followed.redirectedFrom).toBe(link);
    expect(followed.merchantUrl.replace(/\/$/, '')).toBe(merchantUrl.replace(/\/$/, ''));

    // The admin saves today's deep links 5 report; the saved day holds the tracked click.
    const today = todayUtc();
    const admin = await newPage(browser, inject('webUrl'));
    await signIn(admin, 'admin@publisher.test');
    await admin.getByRole('navigation', { name: 'Side menu' }).waitFor();
    await openFromSideMenu(admin, 'Save Daily Reports 5', 'Save Daily Reports 5');
    await admin.getByLabel('Start Date').fill(today);
    await admin.getByLabel('End Date').fill(today);
    await admin.getByRole('button', { name: 'Save Reports to DB' }).click();
    await admin.getByText(/^Saved \d+ kelkoo report rows for /).waitFor();
    await admin.context().close();

    await openFromSideMenu(page, 'Conversion Reports 5', 'Conversion Reports 5');
    await page.getByLabel('Start Date').fill(today);
    await page.getByLabel('End Date').fill(today);
    const clicksOfMerchant = async (): Promise<number> => {
      const rows = await page.getByRole('table').first().locator('tbody tr').all();
      let clicks = 0;
      for (const row of rows) {
        const cells = (await row.locator('td').allTextContents()).map((text) => text.trim());
        // REPORT_DATE, CAMPAIGN_ID, MERCHANT_NAME, COUNTRY, CLICKS, CPC, REVENUE
        if (cells[0] === formatDisplayDate(today) && cells[2] === merchantName)
          clicks += Number((cells[4] ?? '').replace(/,/g, ''));
      }
      return clicks;
    };
    expect(await waitForValue(clicksOfMerchant, (clicks) => clicks > 0, `today's clicks on ${merchantName}`)).toBe(1);
    await page.context().close();
  });

  it('API 4 (New): vendor 5040 copies a merchant link with noid, then with a placement id', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'dl-new-5040@publisher.test');
    await page.waitForURL('**/dashboard');
    await openFromSideMenu(page, 'Deep Links API 4 (New)', 'Deep Links API 4 (New)');

    const copy = page
      .getByRole('table', { name: 'Merchants' })
      .getByRole('button', { name: /^Copy Link of / })
      .first();
    await copy.waitFor();
    await copy.click();
    await page.getByText('Successfullly Copied Merchant URL to clib board', { exact: true }).first().waitFor();
    const withoutIds = await readClipboard(page);
    expect(withoutIds).toMatch(/^https:\/\//);
    expect(withoutIds).not.toContain('{PLACEMENT_ID}');
    expect(withoutIds).not.toContain('{CLICK_ID}');
    expect(withoutIds).toContain('noid');

    // Characters the placement id does not accept are dropped as they are typed.
    await page.getByLabel('Placement Id (optional)').pressSequentially('news_top 1');
    expect(await page.getByLabel('Placement Id (optional)').inputValue()).toBe('newstop1');
    await copy.click();
    const withPlacement = await waitForValue(
      () => readClipboard(page),
      (text) => text !== withoutIds,
      'the link with the placement id',
    );
    expect(withPlacement).toContain('newstop1');
    expect(withPlacement.replace('newstop1', 'noid')).toBe(withoutIds);
    await page.context().close();
  });

  it('API 1: a vendor with short URLs shortens a generated link and the short URL leads to the merchant', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'vendor@publisher.test');
    await page.waitForURL('**/dashboard');
    await openFromSideMenu(page, 'Deep Links API', 'Deep Links API');

    const merchant = page.getByRole('combobox', { name: 'Merchant' });
    await merchant.click();
    await merchant.pressSequentially('Nauti');
    await page.getByRole('option', { name: 'Nautica', exact: true }).click();
    expect(await merchant.inputValue()).toBe('Nautica');
    await page.getByLabel('Placement Id (optional)').fill('e2e-short');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();

    const result = page.getByRole('region', { name: 'Generated link' });
    const link = ((await result.getByTestId('generated-link').textContent()) ?? '').trim();
    expect(link).toContain('/redirect?source=22261&');
    await result.getByRole('button', { name: 'Shorten' }).click();
    const shortUrl = ((await result.getByTestId('short-url').textContent()) ?? '').trim();
    expect(shortUrl).toMatch(/\/s\/[A-Za-z0-9]{7}$/);
    expect(await result.getByRole('button', { name: 'Shorten' }).count()).toBe(0);
    await result.getByRole('img', { name: 'QR code of the short URL' }).waitFor();

    const followed = await followToMerchant(shortUrl);
    expect(followed.redirectedFrom).toBe(shortUrl);
    expect(new URL(followed.merchantUrl).hostname).toBe('www.nautica.com');
    await page.context().close();
  });

  it("Sams & Kohls: vendor 5058 lands on the page, sees no other generator, and generates a Kohl's link that leads there", async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'samskohls@publisher.test');
    await page.waitForURL('**/deepLinksSamsAndKohls');
    await page.getByRole('heading', { name: 'Deep Links API - Sams & Kohls', level: 1 }).waitFor();
    const menuLinks = await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link').allTextContents();
    expect(menuLinks.filter((label) => label.startsWith('Deep Links'))).toEqual(['Deep Links API - Sams & Kohls']);

    await page.getByLabel('Merchant', { exact: true }).selectOption({ label: "Kohl's" });
    await page.getByLabel('Placement Id (optional)').pressSequentially('home_page-1');
    expect(await page.getByLabel('Placement Id (optional)').inputValue()).toBe('homepage-1');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const link = ((await page.getByTestId('generated-link').textContent()) ?? '').trim();
    expect(link).toContain('sub=5058_homepage-1_noid');

    const followed = await followToMerchant(link);
    expect(followed.redirectedFrom).toBe(link);
    expect(new URL(followed.merchantUrl).hostname).toBe('www.kohls.com');
    await page.context().close();
  });
});
