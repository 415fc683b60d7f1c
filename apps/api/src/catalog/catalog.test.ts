import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  categoryListResponseSchema,
  type CategoryNode,
  categoryTreeResponseSchema,
  merchantListResponseSchema,
  type Product,
  PRODUCT_SEARCH_WINDOW,
  productListResponseSchema,
  todayUtc,
} from '@publisher/contract';
import { clickModel } from '../deep-links/click.model';
import { CATALOG_SIZES, generateCatalog } from '../seed/catalog-generator';
import { seedCatalog } from '../seed/catalog-seed';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import type { ProductRecord } from './product.model';

const ctx = useTestApp();

const anchorDate = new Date().toISOString().slice(0, 10);
const catalog = generateCatalog({ size: CATALOG_SIZES.test, anchorDate });
const nautica = catalog.merchants.find((merchant) => merchant.name === 'Nautica');

let vendor: BuiltVendor;
let locked: BuiltVendor;
let admin: BuiltVendor;

beforeAll(async () => {
  await seedCatalog({ size: CATALOG_SIZES.test, anchorDate });
  vendor = await buildVendor();
  locked = await buildVendor({ vendorId: 5036 });
  admin = await buildVendor({ vendorId: 5029, role: 'admin' });
});

const get = (path: string, as: BuiltVendor = vendor) => request(ctx.app).get(path).set('Authorization', as.token);

// ---------- oracles: plain re-implementations over the generated records ----------

const byPrice = (a: ProductRecord, b: ProductRecord): number => a.price - b.price || (a._id < b._id ? -1 : 1);
const sortedProducts = [...catalog.products].sort(byPrice);
const idsOf = (rows: { _id: string }[]): string[] => rows.map((row) => row._id);
const matchesText = (product: ProductRecord, text: string): boolean =>
  product.title.toLowerCase().includes(text.toLowerCase()) ||
  product.manufacturer.toLowerCase().includes(text.toLowerCase());

function descendantsOf(id: string): Set<string> {
  const result = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of catalog.categories) {
      if (category.parentId !== null && result.has(category.parentId) && !result.has(category._id)) {
        result.add(category._id);
        grew = true;
      }
    }
  }
  return result;
}

function ancestorsOf(id: string): string[] {
  const path: string[] = [];
  let current = catalog.categories.find((category) => category._id === id);
  while (current) {
    path.push(current._id);
    const parentId = current.parentId;
    current = parentId === null ? undefined : catalog.categories.find((category) => category._id === parentId);
  }
  return path;
}

function treeIds(nodes: CategoryNode[]): string[] {
  return nodes.flatMap((node) => [node.id, ...treeIds(node.children.category)]);
}

describe('catalog routes', () => {
  it.each([
    '/home/getProductslist',
    '/home/getMerchants',
    '/home/getAllMerchants',
    '/home/getMerchantsV2',
    '/home/getCategories',
    '/home/getAllCategories',
  ])('answer 401 without a token: %s', async (path) => {
    const res = await request(ctx.app).get(path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusMessages: ['Unauthenticated.'], errors: ['Unauthenticated.'] });
  });
});

describe('GET /home/getProductslist', () => {
  it.each([
    ['pageNo=0', 'pageNo must be at least 1'],
    ['pageNo=-2', 'pageNo must be at least 1'],
    ['pageNo=two', 'pageNo must be a whole number'],
    ['pageSize=0', 'pageSize must be at least 1'],
    ['pageSize=501', 'pageSize must be at most 500'],
    ['pageSize=1.5', 'pageSize must be a whole number'],
    ['sortBy=cheapest', 'sortBy must be one of priceLtoH, priceHtoL'],
    ['minPrice=1.5', 'minPrice accepts digits only'],
    ['minPrice=-3', 'minPrice accepts digits only'],
    ['maxPrice=ten', 'maxPrice accepts digits only'],
    ['minPrice=50&maxPrice=10', 'minPrice cannot be greater than maxPrice'],
    ['categoryIds=10000,,20000', 'categoryIds must be numeric ids joined by commas'],
    ['mid=nautica', 'mid must be a numeric merchant id'],
    ['showOfferedProducts=yes', 'showOfferedProducts must be true or false'],
    ['placementId=bad%20id', 'placementId accepts letters, digits, hyphen and braces, at most 50'],
    ['clickId=a.b', 'clickId accepts letters, digits, hyphen, underscore and braces, at most 50'],
    ['pageNo=501&pageSize=20', 'pageNo × pageSize cannot exceed 10000: narrow the search instead'],
    ['q=' + 'x'.repeat(101), 'q can be at most 100 characters'],
    ['vendorId=abc', 'vendorId must be a numeric vendor id'],
  ])('answers 400 in the envelope for %s', async (query, message) => {
    const res = await get(`/home/getProductslist?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toContain(message);
    expect(res.body.errors.length).toBeGreaterThan(0);
  });

  it('defaults to page 1 of 20, cheapest first, with the total capped at 10000 like a search engine', async () => {
    expect(catalog.products.length).toBeGreaterThan(PRODUCT_SEARCH_WINDOW);
    const res = await get('/home/getProductslist');
    expect(res.status).toBe(200);
    const body = productListResponseSchema.parse(res.body);
    expect(body.totalRecords).toBe(PRODUCT_SEARCH_WINDOW);
    expect(idsOf(body.data)).toEqual(idsOf(sortedProducts.slice(0, 20)));
  });

  it('pages through the same order and serves the last page inside the window', async () => {
    const first = productListResponseSchema.parse((await get('/home/getProductslist?pageNo=1&pageSize=30')).body);
    const second = productListResponseSchema.parse((await get('/home/getProductslist?pageNo=2&pageSize=30')).body);
    expect([...idsOf(first.data), ...idsOf(second.data)]).toEqual(idsOf(sortedProducts.slice(0, 60)));
    const last = productListResponseSchema.parse((await get('/home/getProductslist?pageNo=500&pageSize=20')).body);
    expect(idsOf(last.data)).toEqual(idsOf(sortedProducts.slice(9980, 10000)));
  });

  it('sorts priceHtoL as the exact reverse of priceLtoH', async () => {
    const res = await get('/home/getProductslist?sortBy=priceHtoL&pageSize=25');
    const body = productListResponseSchema.parse(res.body);
    expect(idsOf(body.data)).toEqual(idsOf([...sortedProducts].reverse().slice(0, 25)));
    const prices = body.data.map((product) => product._source.price.value);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('reports the exact total under the cap and an empty page past the end', async () => {
    const expected = sortedProducts.filter((product) => product.price >= 100 && product.price <= 120);
    expect(expected.length).toBeLessThan(PRODUCT_SEARCH_WINDOW);
    const body = productListResponseSchema.parse(
      (await get('/home/getProductslist?minPrice=100&maxPrice=120&pageSize=500')).body,
    );
    expect(body.totalRecords).toBe(expected.length);
    expect(idsOf(body.data)).toEqual(idsOf(expected.slice(0, 500)));
    const beyond = productListResponseSchema.parse(
      (await get('/home/getProductslist?minPrice=100&maxPrice=120&pageNo=40&pageSize=100')).body,
    );
    expect(beyond).toEqual({ data: [], totalRecords: expected.length });
  });

  it('filters by price inclusively on the current price', async () => {
    const expected = sortedProducts.filter((product) => product.price >= 25 && product.price <= 30);
    const body = productListResponseSchema.parse(
      (await get('/home/getProductslist?minPrice=25&maxPrice=30&pageSize=500')).body,
    );
    expect(body.totalRecords).toBe(expected.length);
    for (const product of body.data) {
      expect(product._source.price.value).toBeGreaterThanOrEqual(25);
      expect(product._source.price.value).toBeLessThanOrEqual(30);
    }
  });

  it('searches title and manufacturer case-insensitively, combined with price range and sort', async () => {
    const expected = sortedProducts
      .filter((product) => matchesText(product, 'premium') && product.price >= 20 && product.price <= 400)
      .reverse();
    expect(expected.length).toBeGreaterThan(40);
    const body = productListResponseSchema.parse(
      (await get('/home/getProductslist?q=PrEmIuM&minPrice=20&maxPrice=400&sortBy=priceHtoL&pageNo=2&pageSize=20'))
        .body,
    );
    expect(body.totalRecords).toBe(expected.length);
    expect(idsOf(body.data)).toEqual(idsOf(expected.slice(20, 40)));
  });

  it.each([
    ['pro', 'priceHtoL', 1, '&minPrice=20&maxPrice=400'],
    ['PRO', 'priceLtoH', 3, '&minPrice=5'],
    ['pre', 'priceHtoL', 2, ''],
    ['pr', 'priceLtoH', 2, '&maxPrice=300'],
    ['', 'priceHtoL', 4, '&minPrice=50&maxPrice=60'],
  ] as const)(
    'counts and pages a search for %j (%s, page %i%s) as filtering by hand does',
    async (text, sortBy, pageNo, range) => {
      const bounds = new URLSearchParams(range);
      const min = Number(bounds.get('minPrice') ?? -Infinity);
      const max = Number(bounds.get('maxPrice') ?? Infinity);
      const ascending = sortedProducts.filter(
        (product) => matchesText(product, text) && product.price >= min && product.price <= max,
      );
      const expected = sortBy === 'priceHtoL' ? [...ascending].reverse() : ascending;
      expect(expected.length).toBeGreaterThan(pageNo * 20);
      const body = productListResponseSchema.parse(
        (await get(`/home/getProductslist?q=${text}&sortBy=${sortBy}&pageNo=${String(pageNo)}&pageSize=20${range}`))
          .body,
      );
      expect(body.totalRecords).toBe(Math.min(expected.length, PRODUCT_SEARCH_WINDOW));
      expect(idsOf(body.data)).toEqual(idsOf(expected.slice((pageNo - 1) * 20, pageNo * 20)));
    },
  );

  it.each(['(', '$', '(2-Pack)', '- Save $10', '[Limited', '+ Free', '100%', ' 2.0'])(
    'treats %j as plain text',
    async (text) => {
      const expected = sortedProducts.filter((product) => matchesText(product, text));
      expect(expected.length).toBeGreaterThan(0);
      const body = productListResponseSchema.parse(
        (await get(`/home/getProductslist?q=${encodeURIComponent(text)}&pageSize=500`)).body,
      );
      expect(body.totalRecords).toBe(expected.length);
      expect(idsOf(body.data)).toEqual(idsOf(expected.slice(0, 500)));
    },
  );

  it.each(['.*', '^', 'a|b', '\\', '(?i)nautica', '[a-z]+'])(
    'finds nothing for the pattern-looking text %j',
    async (text) => {
      expect(sortedProducts.filter((product) => matchesText(product, text))).toEqual([]);
      const body = productListResponseSchema.parse(
        (await get(`/home/getProductslist?q=${encodeURIComponent(text)}`)).body,
      );
      expect(body).toEqual({ data: [], totalRecords: 0 });
    },
  );

  it('filters by merchant', async () => {
    const mid = catalog.products[7]?.merchantId ?? '';
    const expected = sortedProducts.filter((product) => product.merchantId === mid);
    const body = productListResponseSchema.parse((await get(`/home/getProductslist?mid=${mid}&pageSize=500`)).body);
    expect(body.totalRecords).toBe(expected.length);
    expect(body.data.every((product) => product._source.merchantId === mid)).toBe(true);
    expect((await get('/home/getProductslist?mid=999999')).body).toEqual({ data: [], totalRecords: 0 });
  });

  it('filters by comma-joined category ids, a category covering everything below it', async () => {
    const electronics = catalog.categories.find(
      (category) => category.name === 'Electronics' && category.parentId === null,
    );
    const leaf = catalog.categories.find((category) => category.name === 'Classic Shirts');
    const wanted = new Set([...descendantsOf(electronics?._id ?? ''), leaf?._id ?? '']);
    const expected = sortedProducts.filter((product) => wanted.has(product.categoryId));
    expect(expected.length).toBeGreaterThan(0);
    const body = productListResponseSchema.parse(
      (await get(`/home/getProductslist?categoryIds=${electronics?._id},${leaf?._id}&pageSize=500`)).body,
    );
    expect(body.totalRecords).toBe(expected.length);
    expect(idsOf(body.data)).toEqual(idsOf(expected.slice(0, 500)));
  });

  it('shows only products on offer when asked', async () => {
    const expected = sortedProducts.filter((product) => product.price < product.originalPrice);
    const body = productListResponseSchema.parse(
      (await get('/home/getProductslist?showOfferedProducts=true&pageSize=500')).body,
    );
    expect(body.totalRecords).toBe(Math.min(expected.length, PRODUCT_SEARCH_WINDOW));
    expect(body.data.every((product) => product._source.price.value < product._source.originalPrice.value)).toBe(true);
  });

  it('answers the _source shape with absolute image URLs and a tracked url carrying the sub id', async () => {
    const body = productListResponseSchema.parse(
      (await get('/home/getProductslist?pageSize=1&placementId=home-1&clickId=c_9')).body,
    );
    const product = body.data[0] as Product;
    const record = sortedProducts[0] as ProductRecord;
    expect(Object.keys(product._source).sort()).toEqual(
      [
        'categoryId',
        'images',
        'manufacturer',
        'merchantId',
        'merchantName',
        'originalPrice',
        'price',
        'title',
        'url',
      ].sort(),
    );
    expect(product._source.title).toBe(record.title);
    expect(product._source.images.image[0]?.value).toBe(`${ctx.config.publicApiUrl}/assets/products/${record._id}.svg`);
    const url = new URL(product._source.url.value);
    expect(url.searchParams.get('sub')).toBe(`${vendor.user.vendorId}_home-1_c_9`);
    expect(url.searchParams.get('url')).toBe(record.landingUrl);
    const bare = productListResponseSchema.parse((await get('/home/getProductslist?pageSize=1')).body);
    expect(new URL(bare.data[0]?._source.url.value ?? '').searchParams.get('sub')).toBe(
      `${vendor.user.vendorId}_noid_noid`,
    );
  });

  it('links each product on the tracking host this API serves: following it counts a click for the vendor', async () => {
    const body = productListResponseSchema.parse((await get('/home/getProductslist?pageSize=1&placementId=pp-1')).body);
    const link = body.data[0]?._source.url.value ?? '';
    expect(link.startsWith(`${ctx.config.trackingBaseUrl}/redirect?`)).toBe(true);
    const followed = await request(ctx.app)
      .get(link.slice(ctx.config.trackingBaseUrl.length))
      .set('User-Agent', 'test');
    expect(followed.status).toBe(302);
    await ctx.app.state.clicks.flush();
    const clicks = await clickModel(todayUtc()).find({ vendorId: vendor.user.vendorId, placementId: 'pp-1' }).lean();
    expect(clicks).toHaveLength(1);
    expect(clicks[0]?.campaign).toBe(String(vendor.user.vendorId));
  });

  it('gives each placement its own tracked url on the same product, however many placements ask in turn', async () => {
    const subIdOf = async (query: string, as: BuiltVendor = vendor) => {
      const body = productListResponseSchema.parse((await get(`/home/getProductslist?pageSize=2${query}`, as)).body);
      return body.data.map((product) => new URL(product._source.url.value).searchParams.get('sub'));
    };
    const id = vendor.user.vendorId;
    for (const round of [1, 2]) {
      for (const placement of ['p-1', 'p-2', 'p-3', 'p-4', 'p-5', 'p-6']) {
        expect(await subIdOf(`&placementId=${placement}&clickId=r${String(round)}`)).toEqual([
          `${id}_${placement}_r${String(round)}`,
          `${id}_${placement}_r${String(round)}`,
        ]);
      }
      expect(await subIdOf(`&clickId=r${String(round)}`)).toEqual([
        `${id}_noid_r${String(round)}`,
        `${id}_noid_r${String(round)}`,
      ]);
    }
    // Another vendor, same products: its own vendor id.
    expect(await subIdOf('&placementId=p-1&clickId=r1', admin)).toEqual([
      `${admin.user.vendorId}_p-1_r1`,
      `${admin.user.vendorId}_p-1_r1`,
    ]);
  });

  describe('vendor 5036 (locked to Nautica)', () => {
    const nauticaProducts = sortedProducts.filter((product) => product.merchantId === nautica?._id);

    it('sees only Nautica products, whatever the filters', async () => {
      expect(nauticaProducts.length).toBeGreaterThan(0);
      const body = productListResponseSchema.parse((await get('/home/getProductslist?pageSize=500', locked)).body);
      expect(body.totalRecords).toBe(nauticaProducts.length);
      expect(body.data.every((product) => product._source.merchantName === 'Nautica')).toBe(true);
      const other = catalog.products.find((product) => product.merchantId !== nautica?._id);
      expect((await get(`/home/getProductslist?mid=${other?.merchantId}`, locked)).body).toEqual({
        data: [],
        totalRecords: 0,
      });
    });

    it('cannot read another vendor view, while the admin can preview the lock', async () => {
      const res = await get('/home/getProductslist?vendorId=5001', locked);
      expect(res.status).toBe(403);
      const preview = productListResponseSchema.parse(
        (await get('/home/getProductslist?vendorId=5036&pageSize=500', admin)).body,
      );
      expect(preview.totalRecords).toBe(nauticaProducts.length);
      expect(new URL(preview.data[0]?._source.url.value ?? '').searchParams.get('sub')).toBe('5036_noid_noid');
    });
  });
});

describe('merchants of the connexity source', () => {
  const byName = [...catalog.merchants].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));
  const activeIds = new Set(catalog.products.map((product) => product.merchantId));

  it('lists every merchant by name in the spec shape, with logos served by the API', async () => {
    const body = merchantListResponseSchema.parse((await get('/home/getAllMerchants')).body);
    expect(body.totalRecords).toBe(catalog.merchants.length);
    expect(body.data.map((merchant) => merchant.mid)).toEqual(byName.map((merchant) => merchant._id));
    const first = body.data[0];
    expect(Object.keys(first ?? {}).sort()).toEqual(['merchantInfo', 'mid']);
    expect(Object.keys(first?.merchantInfo ?? {}).sort()).toEqual([
      'logoUrl',
      'logoUrlSmall',
      'merchantUrl',
      'name',
      'url',
    ]);
    const sams = body.data.find((merchant) => merchant.merchantInfo.name === "Sam's Club");
    expect(sams?.merchantInfo.logoUrl).toBe(`${ctx.config.publicApiUrl}/assets/logos/sams-club.svg`);
    expect(sams?.merchantInfo.logoUrlSmall).toBe(`${ctx.config.publicApiUrl}/assets/logos/sams-club.svg?size=small`);
    expect(sams?.merchantInfo.merchantUrl).toBe('https://www.samsclub.com');
  });

  it('lists the active merchants (those with products) apart', async () => {
    const body = merchantListResponseSchema.parse((await get('/home/getMerchants')).body);
    expect(body.totalRecords).toBe(activeIds.size);
    expect(body.totalRecords).toBeLessThan(catalog.merchants.length);
    expect(body.data.every((merchant) => activeIds.has(merchant.mid))).toBe(true);
  });

  it('pages and searches getMerchantsV2 as plain, case-insensitive text', async () => {
    const page2 = merchantListResponseSchema.parse((await get('/home/getMerchantsV2?pageNo=2&pageSize=7')).body);
    expect(page2.totalRecords).toBe(catalog.merchants.length);
    expect(page2.data.map((merchant) => merchant.mid)).toEqual(byName.slice(7, 14).map((merchant) => merchant._id));
    const defaults = merchantListResponseSchema.parse((await get('/home/getMerchantsV2')).body);
    expect(defaults.data).toHaveLength(10);
    for (const [text, names] of [
      ["SAM'S", ["Sam's Club"]],
      ['$', ['Dollar$ Deals']],
      ['(and', ['Books (and More)']],
      ['a.b.c', ['A.B.C. Toys']],
      ['star*', ['Star*Bright Lighting']],
      ['plus+', ['Plus+Size Co']],
      ['.*', []],
    ] as const) {
      const body = merchantListResponseSchema.parse(
        (await get(`/home/getMerchantsV2?searchText=${encodeURIComponent(text)}`)).body,
      );
      expect(
        body.data.map((merchant) => merchant.merchantInfo.name),
        text,
      ).toEqual(names);
    }
  });

  it('gives the CPA view with isPublisherAI=true', async () => {
    const body = merchantListResponseSchema.parse(
      (await get('/home/getMerchantsV2?isPublisherAI=true&pageSize=500')).body,
    );
    expect(body.data.map((merchant) => merchant.mid).sort()).toEqual(
      catalog.merchants
        .filter((merchant) => merchant.hasCpa)
        .map((merchant) => merchant._id)
        .sort(),
    );
  });

  it('shows vendor 5036 only Nautica in every merchant list', async () => {
    for (const path of [
      '/home/getAllMerchants',
      '/home/getMerchants',
      '/home/getMerchantsV2',
      '/home/getMerchantsV2?searchText=sam',
    ]) {
      const body = merchantListResponseSchema.parse((await get(path, locked)).body);
      expect(
        body.data.every((merchant) => merchant.merchantInfo.name === 'Nautica'),
        path,
      ).toBe(true);
    }
    expect(merchantListResponseSchema.parse((await get('/home/getAllMerchants', locked)).body).totalRecords).toBe(1);
  });

  it('answers 400 for a bad page', async () => {
    const res = await get('/home/getMerchantsV2?pageNo=-1');
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toEqual(['pageNo must be at least 1']);
  });
});

describe('categories', () => {
  const withProducts = new Set(catalog.products.flatMap((product) => ancestorsOf(product.categoryId)));

  it('lists the active categories (holding products themselves or below) by name', async () => {
    const body = categoryListResponseSchema.parse((await get('/home/getCategories')).body);
    expect(body.totalRecords).toBe(withProducts.size);
    expect(new Set(body.data.map((category) => category.categoryId))).toEqual(withProducts);
    expect(body.totalRecords).toBeLessThan(catalog.categories.length);
    const names = body.data.map((category) => category.categoryName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('serves the whole tree as id, name, children.category', async () => {
    const body = categoryTreeResponseSchema.parse((await get('/home/getAllCategories')).body);
    expect(body.data.map((node) => node.name)).toContain('Gift Cards');
    expect(treeIds(body.data).sort()).toEqual(catalog.categories.map((category) => category._id).sort());
    const apparel = body.data.find((node) => node.name === 'Apparel');
    expect(apparel?.children.category.map((node) => node.name)).toEqual([
      'Shirts',
      'Dresses',
      'Jeans',
      'Jackets',
      'Shoes',
    ]);
    expect(apparel?.children.category[0]?.children.category.map((node) => node.name)).toEqual([
      'Classic Shirts',
      'Premium Shirts',
      'Value Shirts',
    ]);
  });

  it('prunes the tree to the categories of the given merchants', async () => {
    const mid = nautica?._id ?? '';
    const expected = new Set(
      catalog.products
        .filter((product) => product.merchantId === mid)
        .flatMap((product) => ancestorsOf(product.categoryId)),
    );
    const body = categoryTreeResponseSchema.parse((await get(`/home/getAllCategories?mids=${mid}`)).body);
    expect(new Set(treeIds(body.data))).toEqual(expected);
    const forLocked = categoryTreeResponseSchema.parse((await get('/home/getAllCategories', locked)).body);
    expect(new Set(treeIds(forLocked.data))).toEqual(expected);
    expect((await get('/home/getAllCategories?mids=abc')).status).toBe(400);
  });
});

describe('generated images', () => {
  it('serves a logo as SVG to anyone, cacheable and loadable from the web origin', async () => {
    const res = await request(ctx.app).get('/assets/logos/nautica.svg').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const svg = String(res.body);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="200" height="80"/);
    expect(svg).toContain('>NA</text>');
    expect(svg).toContain('<title>Nautica</title>');
    const again = await request(ctx.app).get('/assets/logos/nautica.svg').buffer(true);
    expect(String(again.body)).toBe(svg);
  });

  it('serves the small logo and a product image', async () => {
    const small = await request(ctx.app).get('/assets/logos/sams-club.svg?size=small').buffer(true);
    expect(String(small.body)).toMatch(/width="64" height="64"/);
    expect(String(small.body)).toContain('>SC</text>');
    const image = await request(ctx.app).get('/assets/products/700000001.svg').buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(String(image.body)).toContain('#000001');
  });

  it.each([
    '/assets/logos/Nautica.SVG',
    '/assets/logos/nautica.png',
    '/assets/logos/-x.svg',
    '/assets/products/%2e%2e.svg',
    '/assets/logos/nautica.svg?size=huge',
  ])('answers 400 for %s', async (path) => {
    const res = await request(ctx.app).get(path);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages.length).toBeGreaterThan(0);
  });
});
