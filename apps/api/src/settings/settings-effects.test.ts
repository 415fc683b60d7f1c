import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEEP_LINK_MESSAGES,
  deepLinkResultSchema,
  productListResponseSchema,
  shortUrlDomainResponseSchema,
  titleFilterResponseSchema,
  todayUtc,
} from '@publisher/contract';
import { buildAdmin } from '../reports/testing/report-fixtures';
import { CATALOG_SIZES, generateCatalog } from '../seed/catalog-generator';
import { seedCatalog } from '../seed/catalog-seed';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';

const ctx = useTestApp();

const size = { ...CATALOG_SIZES.test, products: 300 };
const anchorDate = todayUtc();
const catalog = generateCatalog({ size, anchorDate });
const titles = catalog.products.map((product) => product.title.toLowerCase());

/** A word some titles hold and most do not: the filter text of the tests. */
function wordInSomeTitles(skip: readonly string[] = []): string {
  const counts = new Map<string, number>();
  for (const title of titles)
    for (const word of new Set(title.split(/\s+/))) counts.set(word, (counts.get(word) ?? 0) + 1);
  const word = [...counts]
    .filter(([text, count]) => text.length >= 4 && count >= 3 && count <= titles.length / 4 && !skip.includes(text))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  if (!word) throw new Error('test data: no word shared by a few titles');
  return word;
}

let admin: BuiltVendor;
let vendor: BuiltVendor;
let neighbour: BuiltVendor;

beforeAll(async () => {
  await seedCatalog({ size, anchorDate });
  admin = await buildAdmin({ vendorId: 5029 });
  vendor = await buildVendor({ isShortUrlEnabled: true });
  neighbour = await buildVendor({ isShortUrlEnabled: true });
});

const post = (path: string, body: object, as: BuiltVendor = admin) =>
  request(ctx.app).post(path).set('Authorization', as.token).send(body);

async function productTitles(as: BuiltVendor): Promise<{ titles: string[]; totalRecords: number }> {
  const res = await request(ctx.app).get('/home/getProductslist?pageNo=1&pageSize=500').set('Authorization', as.token);
  expect(res.status).toBe(200);
  const body = productListResponseSchema.parse(res.body);
  return { titles: body.data.map((product) => product._source.title.toLowerCase()), totalRecords: body.totalRecords };
}

describe('title filters hide matching product titles from the product list', () => {
  it('hides titles holding the filter text in any case, for every vendor, at once; a delete shows them again', async () => {
    const word = wordInSomeTitles();
    const matching = titles.filter((title) => title.includes(word)).length;
    // Read twice first: the second answer comes from the response cache, which the filter must invalidate.
    await productTitles(vendor);
    const before = await productTitles(vendor);
    expect(before.totalRecords).toBe(titles.length);
    expect(before.titles.some((title) => title.includes(word))).toBe(true);

    const added = titleFilterResponseSchema.parse(
      (await post('/dashboard/addTitleFilters', { filter: `  ${word.toUpperCase()} ` })).body,
    );
    for (const viewer of [vendor, neighbour]) {
      const after = await productTitles(viewer);
      expect(after.totalRecords).toBe(titles.length - matching);
      expect(after.titles.some((title) => title.includes(word))).toBe(false);
    }

    expect((await post('/dashboard/deleteTitleFilters', { _id: added.data._id })).status).toBe(200);
    expect((await productTitles(vendor)).totalRecords).toBe(titles.length);
  });

  it("a filter with a campaign_id hides titles from that vendor's list only", async () => {
    const word = wordInSomeTitles([wordInSomeTitles()]);
    const added = titleFilterResponseSchema.parse(
      (await post('/dashboard/addTitleFilters', { filter: word, campaign_id: vendor.user.vendorId })).body,
    );
    expect(added.data.campaign_id).toBe(vendor.user.vendorId);
    expect((await productTitles(vendor)).titles.some((title) => title.includes(word))).toBe(false);
    expect((await productTitles(neighbour)).totalRecords).toBe(titles.length);
    await post('/dashboard/deleteTitleFilters', { _id: added.data._id });
  });
});

describe('short-URL domains are the domains the shortener issues a vendor’s links on', () => {
  const merchant = catalog.merchants.find((row) => row.domain !== 'nautica.com');

  async function generatedLink(as: BuiltVendor): Promise<string> {
    if (!merchant) throw new Error('test data: no merchant');
    const res = await post('/home/generateDeepLink', { merchantUrl: merchant.merchantUrl, placement_id: 'sd-pl' }, as);
    return deepLinkResultSchema.parse(res.body).deepLinkInfo.link;
  }

  const shorten = async (as: BuiltVendor, domain?: string) =>
    post('/shortURL/create', { url: await generatedLink(as), ...(domain === undefined ? {} : { domain }) }, as);

  it('the tracking host while the vendor has none; its own domains (oldest the default) once added; back after a delete', async () => {
    const plain = await shorten(vendor);
    expect(plain.status).toBe(200);
    expect(plain.body.data.tiny_url).toMatch(/^http:\/\/localhost:3333\/s\//);

    const first = shortUrlDomainResponseSchema.parse(
      (await post('/dashboard/addShortURLDomainName', { name: 'Go.Vendor-Links.test', vendorId: vendor.user.vendorId }))
        .body,
    );
    await post('/dashboard/addShortURLDomainName', { name: 'two.vendor-links.test', vendorId: vendor.user.vendorId });
    await post('/dashboard/addShortURLDomainName', { name: 'go.neighbour.test', vendorId: neighbour.user.vendorId });

    const byDefault = await shorten(vendor);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.data.tiny_url).toMatch(/^http:\/\/go\.vendor-links\.test\/s\/[A-Za-z0-9]{7}$/);
    const chosen = await shorten(vendor, 'two.vendor-links.test');
    expect(chosen.body.data.tiny_url).toMatch(/^http:\/\/two\.vendor-links\.test\/s\//);

    for (const domain of ['localhost:3333', 'go.neighbour.test']) {
      const refused = await shorten(vendor, domain);
      expect(refused.status).toBe(400);
      expect(refused.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.shortUrlDomainNotAllowed]);
    }
    // The short link works whatever host it was issued on (the host is only where the DNS points).
    const code = String(byDefault.body.data.tiny_url).slice(-7);
    expect((await request(ctx.app).get(`/s/${code}`)).status).toBe(302);
    await ctx.app.state.clicks.flush();

    const settings = await request(ctx.app).get('/dashboard/settings').set('Authorization', vendor.token);
    expect(settings.body.data.shortUrlDomains).toEqual(['go.vendor-links.test', 'two.vendor-links.test']);

    await post('/dashboard/deleteShortURLDomain', { _id: first.data._id });
    expect((await shorten(vendor)).body.data.tiny_url).toMatch(/^http:\/\/two\.vendor-links\.test\/s\//);
  });
});
