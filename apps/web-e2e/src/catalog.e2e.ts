import { COUPON_TRACKING_PLACEHOLDER } from '@publisher/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { clickSideMenuLink, signIn, waitForValue } from './support/journey';

const TOAST = 'Successfullly Copied Product URL to clib board';
const MIN_PRICE = 20;
const MAX_PRICE = 900;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** The query parameters of the latest products call the page made. */
function trackProductCalls(page: Page): URLSearchParams[] {
  const calls: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/home/getProductslist') calls.push(url.searchParams);
  });
  return calls;
}

/** True when every product card on screen is sold by `merchant`. */
async function allCardsFrom(page: Page, merchant: string): Promise<boolean> {
  const cards = await page.getByRole('list', { name: 'Products' }).getByRole('article').allTextContents();
  return cards.length > 0 && cards.every((text) => text.includes(`Merchant:${merchant}`));
}

const readClipboard = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());

/** The prices of the product cards on screen, in dollars. */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('list', { name: 'Products' }).getByTestId('product-price').allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

describe('catalog', () => {
  it('a vendor filters products by merchant and price, pages, and copies a product URL with af_campaign_id', async () => {
    const page = await newPage(browser, inject('webUrl'));
    const productCalls = trackProductCalls(page);
    await signIn(page, 'vendor@publisher.test');
    await page.waitForURL('**/dashboard');

    const sideMenu = page.getByRole('navigation', { name: 'Side menu' });
    await sideMenu.getByRole('link', { name: 'Products', exact: true }).click();
    await page.waitForURL('**/products');
    await page.getByRole('list', { name: 'Products' }).waitFor();
    expect(productCalls[0]?.get('sortBy')).toBe('priceLtoH');
    expect(productCalls[0]?.get('pageSize')).toBe('20');

    // Merchant: the searchable dropdown reloads at once.
    const merchant = page.getByRole('combobox', { name: 'Merchant' });
    await merchant.click();
    await merchant.fill('Nautica');
    await page.getByRole('option', { name: 'Nautica', exact: true }).click();
    const nauticaMid = await waitForValue(
      async () => productCalls.at(-1)?.get('mid') ?? null,
      (mid) => mid !== null,
      'a products call for the chosen merchant',
    );

    // Price: digits only, applied by Submit.
    await page.getByLabel('Min Price').pressSequentially(`$${MIN_PRICE}.x`);
    expect(await page.getByLabel('Min Price').inputValue()).toBe(String(MIN_PRICE));
    await page.getByLabel('Max Price').fill(String(MAX_PRICE));
    await page.getByRole('button', { name: 'Submit' }).click();
    await waitForValue(
      async () => productCalls.at(-1)?.get('maxPrice') ?? null,
      (value) => value === String(MAX_PRICE),
      'a products call with the price range',
    );
    const latest = productCalls.at(-1);
    expect(latest?.get('mid')).toBe(nauticaMid);
    expect(latest?.get('minPrice')).toBe(String(MIN_PRICE));
    expect(latest?.get('pageNo')).toBe('1');

    // The answer to the price call, not the previous list kept on screen (dimmed, busy) while it loads: the
    // previous cards can pass the price check too, and the page swaps under the next click.
    const productList = page.getByRole('list', { name: 'Products' });
    const firstPage = await waitForValue(
      async () => ((await productList.getAttribute('aria-busy')) === 'false' ? shownPrices(page) : []),
      (prices) => prices.length === 20 && prices.every((price) => price >= MIN_PRICE && price <= MAX_PRICE),
      'a settled first page of Nautica products in the price range',
    );
    expect(await allCardsFrom(page, 'Nautica')).toBe(true);
    expect(firstPage).toEqual([...firstPage].sort((a, b) => a - b));

    // Page 2 continues the price order.
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: 'Next' }).click();
    await waitForValue(
      async () => (await pagination.textContent()) ?? '',
      (text) => /Page 2 of \d+/.test(text),
      'the pager on page 2 after Next',
    );
    expect(productCalls.at(-1)?.get('pageNo')).toBe('2');
    const secondPage = await waitForValue(
      () => shownPrices(page),
      (prices) => prices.length > 0 && (prices[0] ?? 0) >= (firstPage.at(-1) ?? 0),
      'page 2 of the products',
    );
    expect(secondPage.every((price) => price >= MIN_PRICE && price <= MAX_PRICE)).toBe(true);

    // Copy URL: the API's tracked url plus the vendor's af_campaign_id.
    const firstCard = page.getByRole('list', { name: 'Products' }).getByRole('article').first();
    const shownUrl = (await firstCard.getByRole('link').getAttribute('href')) ?? '';
    await firstCard.getByRole('button', { name: /^Copy URL of / }).click();
    await page.getByText(TOAST).waitFor();
    const copied = await readClipboard(page);
    expect(copied).toBe(`${shownUrl}&af_campaign_id=5001`);
    expect(new URL(copied).searchParams.get('af_campaign_id')).toBe('5001');
    expect(new URL(copied).searchParams.get('sub')).toBe('5001_noid_noid');
    // The toast goes after 2 seconds.
    await page.getByText(TOAST).waitFor({ state: 'detached', timeout: 4_000 });

    await page.context().close();
  });

  it('the admin copies a coupon link with the tracking placeholder replaced, then browses cashback', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'admin@publisher.test');
    await page.waitForURL('**/dashboard');

    await clickSideMenuLink(page, 'Coupons');
    await page.waitForURL('**/allCoupons');
    const countLine = page.getByText(/^Showing \d[\d,]* of \d[\d,]* Coupons$/);
    await countLine.waitFor();
    expect(await countLine.textContent()).toMatch(/^Showing 100 of /);

    // Without a placement id the sub id is vendorId_noid.
    const coupons = page.getByRole('list', { name: 'Coupons' });
    await coupons
      .getByRole('button', { name: /^Copy Link of / })
      .first()
      .click();
    await page.getByText(TOAST).first().waitFor();
    const withoutPlacement = new URL(await readClipboard(page));
    expect(withoutPlacement.searchParams.get('sub')).toBe('5029_noid');
    expect(withoutPlacement.searchParams.get('af_campaign_id')).toBe('5029');

    // A merchant filter (its options are store names; the call sends the store's domain), then a placement id for
    // the copied link.
    const merchant = page.getByRole('combobox', { name: 'Merchant Name' });
    await merchant.click();
    await merchant.fill('Nautica');
    await page.getByRole('option', { name: /^Nautica \(\d+\)$/ }).click();
    await waitForValue(
      async () => (await coupons.getByRole('article').allTextContents()).every((text) => text.includes('nautica.com')),
      Boolean,
      'only nautica.com coupons',
    );
    await page.getByLabel('Placement id (optional)').fill('e2e-top');
    await coupons
      .getByRole('button', { name: /^Copy Link of / })
      .first()
      .click();
    const copied = await waitForValue(
      () => readClipboard(page),
      (text) => text.includes('5029_e2e-top'),
      'the coupon link with the placement id',
    );
    expect(copied).not.toContain(COUPON_TRACKING_PLACEHOLDER);
    expect(copied).not.toContain(encodeURIComponent(COUPON_TRACKING_PLACEHOLDER));
    expect(new URL(copied).searchParams.get('sub')).toBe('5029_e2e-top');
    expect(copied.endsWith('&af_campaign_id=5029')).toBe(true);

    // Cashback: the cards and their commission details load.
    await clickSideMenuLink(page, 'Cashback');
    await page.waitForURL('**/AllCashback');
    await page.getByText(/^Showing \d[\d,]* of \d[\d,]* Cashbacks$/).waitFor();
    const firstOffer = page.getByRole('list', { name: 'Cashbacks' }).getByRole('article').first();
    await firstOffer.getByRole('table').waitFor();
    await firstOffer.getByRole('button', { name: /^Copy Link of / }).click();
    const cashbackLink = await waitForValue(
      () => readClipboard(page),
      (text) => text.includes('publisher=cashback'),
      'the cashback link',
    );
    expect(new URL(cashbackLink).searchParams.get('sub')).toBe('5029_noid');
    expect(cashbackLink).not.toContain(COUPON_TRACKING_PLACEHOLDER);
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.context().close();
  });

  it('the merchants and categories screens load their totals, cards and tree', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'admin@publisher.test');
    await page.waitForURL('**/dashboard');

    await clickSideMenuLink(page, 'Merchants');
    await page.waitForURL('**/merchants');
    await page.getByRole('list', { name: 'Merchants' }).waitFor();
    const dropdown = page.getByRole('combobox', { name: 'Merchant' });
    await dropdown.click();
    await dropdown.fill('naut');
    await page.getByRole('option', { name: 'Nautica', exact: true }).click();
    const nautica = page.getByRole('article', { name: 'Nautica', exact: true });
    await nautica.waitFor();
    expect(await page.getByRole('list', { name: 'Merchants' }).getByRole('article').count()).toBe(1);
    // The logo is a real image served by the API.
    await waitForValue(
      () => nautica.getByRole('img').evaluate((image) => (image as HTMLImageElement).naturalWidth),
      (width) => width > 0,
      'the Nautica logo to load',
    );
    const total = page
      .getByLabel('Merchant totals')
      .getByText('Total Merchants')
      .locator('xpath=following-sibling::dd[1]');
    expect(Number((await total.textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);

    await clickSideMenuLink(page, 'Categories');
    await page.waitForURL('**/categories');
    await page
      .getByRole('article', { name: 'Apparel' })
      .getByRole('list', { name: 'Sub-categories of Apparel' })
      .waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.context().close();
  });

  it('vendor 5036 sees only Nautica in the products merchant dropdown and list', async () => {
    const page = await newPage(browser, inject('webUrl'));
    await signIn(page, 'nautica@publisher.test');
    await page.waitForURL('**/dashboard');
    await page.goto('/products');
    await page.getByRole('list', { name: 'Products' }).waitFor();
    const merchant = page.getByRole('combobox', { name: 'Merchant' });
    await waitForValue(
      () => merchant.inputValue(),
      (value) => value === 'Nautica',
      'the locked merchant',
    );
    await merchant.click();
    expect(await page.getByRole('listbox', { name: 'Merchant' }).getByRole('option').allTextContents()).toEqual([
      'Nautica',
    ]);
    expect(await allCardsFrom(page, 'Nautica')).toBe(true);
    await page.context().close();
  });
});
