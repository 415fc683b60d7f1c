import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signIn, waitForValue } from './support/journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Clicks a feed link (it opens a new tab), waits for the API's landing page there and closes the tab. */
async function followInNewTab(page: Page, linkName: RegExp): Promise<string> {
  const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: linkName }).click()]);
  await tab.getByRole('heading', { level: 1 }).waitFor();
  const landed = tab.url();
  await tab.close();
  return landed;
}

/** The count in the channel box of `channel`, or null when the dashboard has no box for it. */
async function channelCount(page: Page, channel: string): Promise<number | null> {
  const box = page
    .getByRole('list', { name: 'Channel counts' })
    .getByRole('listitem')
    .filter({
      has: page.getByText(`Channel ${channel}`, { exact: true }),
    });
  if ((await box.count()) === 0) return null;
  const text = (await box.locator('p').nth(1).textContent()) ?? '';
  return Number(text.replace(/,/g, ''));
}

describe('feeds', () => {
  it('a vendor follows feed links of two channels and queries, and the click dashboard counts them', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'vendor@publisher.test');
    await page.waitForURL('**/dashboard');

    const suffix = Date.now().toString(36);
    const first = `e2e-a-${suffix}`;
    const second = `e2e-b-${suffix}`;

    await page.goto('/links');
    const channel = page.getByLabel('Channel');
    expect(await channel.inputValue()).toBe('4');

    // Channel A through the search-feed link as shown (its fixed query 1001).
    await channel.fill(first);
    const landedA = await followInNewTab(page, /addYahooFeeds/);
    expect(landedA).toContain(`chanel=${first}`);
    expect(landedA).toContain('q=1001');

    // Channel B with another query: the same link as a partner page would carry it.
    await channel.fill(second);
    const linkB = (await page.getByRole('link', { name: /addYahooFeeds/ }).getAttribute('href')) ?? '';
    const tab = await page.context().newPage();
    await tab.goto(linkB.replace('q=1001', `q=e2e+query+${suffix}`));
    await tab.getByRole('heading', { name: 'Search feed', level: 1 }).waitFor();
    await tab.close();

    await page.goto('/clickDashboard');
    await page.getByRole('heading', { name: 'Click Dashboard', level: 1 }).waitFor();
    await waitForValue(
      () => channelCount(page, first),
      (count) => count === 1,
      `channel ${first} counted once`,
    );
    expect(await channelCount(page, second)).toBe(1);
    const searches = page.getByRole('table', { name: 'Search query counts' });
    await searches.getByRole('row', { name: `e2e query ${suffix} 1` }).waitFor();
    expect(await searches.getByRole('row', { name: /^1001 \d+$/ }).count()).toBe(1);
    await page.getByRole('img', { name: 'Clicks Analysis' }).waitFor();
    await page.context().close();
  });
});
