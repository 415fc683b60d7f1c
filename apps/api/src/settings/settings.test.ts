import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SECOND_BRAND_QUERY_FLAG,
  SETTINGS_MESSAGES,
  checkCustomDomainResponseSchema,
  customDomainListResponseSchema,
  customDomainResponseSchema,
  shortUrlDomainListResponseSchema,
  shortUrlDomainResponseSchema,
  titleFilterListResponseSchema,
  titleFilterResponseSchema,
  updateVendorSettingsResponseSchema,
  vendorSettingsResponseSchema,
  verifyDomainResponseSchema,
} from '@publisher/contract';
import { buildAdmin } from '../reports/testing/report-fixtures';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';

const ctx = useTestApp();

let admin: BuiltVendor;
let vendor: BuiltVendor;
let other: BuiltVendor;

beforeAll(async () => {
  admin = await buildAdmin({ vendorId: 5029 });
  vendor = await buildVendor({ vendorId: 5001, fullName: 'Acme Deals' });
  other = await buildVendor();
});

const post = (path: string, body: object, as: BuiltVendor | null = admin) => {
  const call = request(ctx.app).post(path).send(body);
  return as ? call.set('Authorization', as.token) : call;
};
const get = (path: string, as: BuiltVendor | null = admin) => {
  const call = request(ctx.app).get(path);
  return as ? call.set('Authorization', as.token) : call;
};

const MISSING_ID = '0123456789abcdef01234567';

const ADMIN_CALLS: readonly [string, string, object][] = [
  ['POST', '/dashboard/addDomainName', { name: 'a.example.com', vendorId: 5001 }],
  ['POST', '/dashboard/deleteDomain', { _id: MISSING_ID }],
  ['POST', '/dashboard/checkDomainNameIsExit', { name: 'a.example.com' }],
  ['GET', '/dashboard/allCustomDomains', {}],
  ['POST', '/dashboard/addTitleFilters', { filter: 'xl' }],
  ['POST', '/dashboard/deleteTitleFilters', { _id: MISSING_ID }],
  ['GET', '/dashboard/allTitleFilters', {}],
  ['POST', '/dashboard/addShortURLDomainName', { name: 'a.example.com', vendorId: 5001 }],
  ['POST', '/dashboard/deleteShortURLDomain', { _id: MISSING_ID }],
  ['POST', '/dashboard/checkShortURLNameIsExit', { name: 'a.example.com' }],
  ['GET', '/dashboard/allShortURLDomains', {}],
];

describe.each(ADMIN_CALLS)('%s %s access', (method, path, body) => {
  const call = (as: BuiltVendor | null) => (method === 'GET' ? get(path, as) : post(path, body, as));

  it('401 without a token', async () => {
    const res = await call(null);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusMessages: ['Unauthenticated.'], errors: ['Unauthenticated.'] });
  });

  it('403 with the envelope for a vendor, whatever the body', async () => {
    const res = await call(vendor);
    expect(res.status).toBe(403);
    expect(res.body.statusMessages).toEqual(['You do not have access to this resource.']);
    expect(res.body.errors).toHaveLength(1);
  });
});

describe.each([
  ['custom domains', '/dashboard/addDomainName', '/dashboard/deleteDomain', '/dashboard/checkDomainNameIsExit'],
  [
    'short URL domains',
    '/dashboard/addShortURLDomainName',
    '/dashboard/deleteShortURLDomain',
    '/dashboard/checkShortURLNameIsExit',
  ],
])('%s: validation', (_what, addPath, deletePath, checkPath) => {
  it.each([
    [{ name: '', vendorId: 5001 }, SETTINGS_MESSAGES.nameRequired],
    [{ name: '  ', vendorId: 5001 }, SETTINGS_MESSAGES.nameRequired],
    [{ vendorId: 5001 }, SETTINGS_MESSAGES.nameRequired],
    [{ name: 'not a host', vendorId: 5001 }, SETTINGS_MESSAGES.invalidHostName],
    [{ name: 'shop.example.com/path', vendorId: 5001 }, SETTINGS_MESSAGES.invalidHostName],
    [{ name: 'shop.example.com' }, SETTINGS_MESSAGES.vendorIdRequired],
    [{ name: 'shop.example.com', vendorId: 'abc' }, SETTINGS_MESSAGES.vendorIdRequired],
  ])('400 on add %j', async (body, message) => {
    const res = await post(addPath, body);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe(message);
  });

  it('400 when the vendorId is no vendor', async () => {
    const res = await post(addPath, { name: 'ghost.example.com', vendorId: 999_999 });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toEqual([SETTINGS_MESSAGES.unknownVendor]);
  });

  it('400 on a delete without a valid _id, 404 for an id that is not there', async () => {
    expect((await post(deletePath, { _id: 'nope' })).status).toBe(400);
    const missing = await post(deletePath, { _id: MISSING_ID });
    expect(missing.status).toBe(404);
    expect(missing.body.statusMessages[0]).toMatch(/not found/);
  });

  it('400 on a check without a name', async () => {
    const res = await post(checkPath, { name: '' });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toEqual([SETTINGS_MESSAGES.nameRequired]);
  });
});

describe('custom domains', () => {
  it('adds a domain lower-cased (a pasted scheme and slash dropped), lists it newest first, checks and deletes it', async () => {
    const first = await post('/dashboard/addDomainName', { name: 'HTTPS://Portal.Acme-Deals.Test/', vendorId: '5001' });
    expect(first.status).toBe(200);
    const added = customDomainResponseSchema.parse(first.body);
    expect(added.statusMessages).toEqual([SETTINGS_MESSAGES.domainAdded]);
    expect(added.data).toMatchObject({ name: 'portal.acme-deals.test', vendorId: 5001, campaign_id: 5001 });
    const second = customDomainResponseSchema.parse(
      (await post('/dashboard/addDomainName', { name: 'second.acme-deals.test', vendorId: 5001 })).body,
    );

    const list = customDomainListResponseSchema.parse((await get('/dashboard/allCustomDomains')).body);
    expect(list.data.map((row) => row.name).slice(0, 2)).toEqual(['second.acme-deals.test', 'portal.acme-deals.test']);

    const found = checkCustomDomainResponseSchema.parse(
      (await post('/dashboard/checkDomainNameIsExit', { name: 'PORTAL.acme-deals.test' })).body,
    );
    expect(found).toEqual({ success: true, data: added.data });
    expect((await post('/dashboard/checkDomainNameIsExit', { name: 'nobody.acme-deals.test' })).body).toEqual({
      success: false,
      data: null,
    });

    const deleted = await post('/dashboard/deleteDomain', { _id: second.data._id });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ statusMessages: [SETTINGS_MESSAGES.domainDeleted] });
    const again = await post('/dashboard/deleteDomain', { _id: second.data._id });
    expect(again.status).toBe(404);
    expect(again.body.statusMessages).toEqual([SETTINGS_MESSAGES.domainNotFound]);
  });

  it('409 for a name that exists in any case, for any vendor', async () => {
    await post('/dashboard/addDomainName', { name: 'dup.acme-deals.test', vendorId: 5001 });
    const res = await post('/dashboard/addDomainName', { name: 'DUP.Acme-Deals.test', vendorId: other.user.vendorId });
    expect(res.status).toBe(409);
    expect(res.body.statusMessages).toEqual([SETTINGS_MESSAGES.domainTaken]);
  });
});

describe('unique title filters', () => {
  it('adds a filter as typed with a lower-cased name, refuses its duplicate in another case, lists and deletes', async () => {
    const res = await post('/dashboard/addTitleFilters', { filter: '  Size   XXL ' });
    expect(res.status).toBe(200);
    const added = titleFilterResponseSchema.parse(res.body);
    expect(added.data).toMatchObject({ filter: 'Size XXL', name: 'size xxl', campaign_id: null });
    expect(added.statusMessages).toEqual([SETTINGS_MESSAGES.filterAdded]);

    const duplicate = await post('/dashboard/addTitleFilters', { filter: 'size xxl' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.statusMessages).toEqual([SETTINGS_MESSAGES.filterTaken]);

    const list = titleFilterListResponseSchema.parse((await get('/dashboard/allTitleFilters')).body);
    expect(list.data.map((row) => row.name)).toContain('size xxl');

    expect((await post('/dashboard/deleteTitleFilters', { _id: added.data._id })).body).toEqual({
      statusMessages: [SETTINGS_MESSAGES.filterDeleted],
    });
    const missing = await post('/dashboard/deleteTitleFilters', { _id: added.data._id });
    expect(missing.status).toBe(404);
    expect(missing.body.statusMessages).toEqual([SETTINGS_MESSAGES.filterNotFound]);
  });

  it('400 "Please enter valid name" on an empty filter; 400 for a campaign_id that is no vendor', async () => {
    const empty = await post('/dashboard/addTitleFilters', { filter: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.statusMessages).toEqual([SETTINGS_MESSAGES.nameRequired]);
    const ghost = await post('/dashboard/addTitleFilters', { filter: 'ghost', campaign_id: 999_999 });
    expect(ghost.status).toBe(400);
    expect(ghost.body.statusMessages).toEqual([SETTINGS_MESSAGES.unknownVendor]);
  });
});

describe('short URL domains', () => {
  it('adds lower-cased, refuses duplicates, lists "vendorId - name" data, checks and deletes', async () => {
    const res = await post('/dashboard/addShortURLDomainName', { name: 'Go.Acme-Deals.Test', vendorId: 5001 });
    expect(res.status).toBe(200);
    const added = shortUrlDomainResponseSchema.parse(res.body);
    expect(added.data).toMatchObject({ name: 'go.acme-deals.test', vendorId: 5001, campaign_id: 5001 });
    expect(added.statusMessages).toEqual([SETTINGS_MESSAGES.shortUrlDomainAdded]);

    const duplicate = await post('/dashboard/addShortURLDomainName', { name: 'go.acme-deals.test', vendorId: 5029 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.statusMessages).toEqual([SETTINGS_MESSAGES.shortUrlDomainTaken]);

    const list = shortUrlDomainListResponseSchema.parse((await get('/dashboard/allShortURLDomains')).body);
    expect(list.data.map((row) => `${row.vendorId} - ${row.name}`)).toContain('5001 - go.acme-deals.test');
    expect((await post('/dashboard/checkShortURLNameIsExit', { name: 'go.acme-deals.test' })).body.success).toBe(true);

    expect((await post('/dashboard/deleteShortURLDomain', { _id: added.data._id })).status).toBe(200);
    expect((await post('/dashboard/checkShortURLNameIsExit', { name: 'go.acme-deals.test' })).body).toEqual({
      success: false,
      data: null,
    });
  });
});

describe('host names with a port', () => {
  it('a custom domain refuses a port; a short URL domain keeps it (links are built on it as written)', async () => {
    const custom = await post('/dashboard/addDomainName', { name: 'shop.example.com:8080', vendorId: 5001 });
    expect(custom.status).toBe(400);
    expect(custom.body.statusMessages).toEqual([SETTINGS_MESSAGES.invalidHostName]);
    const short = await post('/dashboard/addShortURLDomainName', { name: 'Go.Localhost:3333', vendorId: 5001 });
    expect(short.status).toBe(200);
    expect(short.body.data.name).toBe('go.localhost:3333');
    expect(
      (await post('/dashboard/addShortURLDomainName', { name: 'go.localhost:99999', vendorId: 5001 })).status,
    ).toBe(400);
    await post('/dashboard/deleteShortURLDomain', { _id: short.body.data._id });
  });
});

describe('GET /dashboard/verifyDomain (public)', () => {
  beforeAll(async () => {
    await post('/dashboard/addDomainName', { name: 'whitelabel.localhost', vendorId: 5001 });
  });

  it.each(['localhost', 'localhost:4200', '127.0.0.1:4200', 'ai.localhost', 'x.ai.localhost', 'brand2.localhost'])(
    '%s is an app host: success without a white-label name',
    async (host) => {
      const res = await get(`/dashboard/verifyDomain?host=${encodeURIComponent(host)}`, null);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
    },
  );

  it("a vendor's custom domain (any case, any port) answers the vendor's white-label name", async () => {
    const res = await get('/dashboard/verifyDomain?host=WhiteLabel.localhost:4200', null);
    expect(verifyDomainResponseSchema.parse(res.body)).toEqual({
      success: true,
      whiteLabelName: 'Acme Deals',
      vendorId: 5001,
    });
  });

  it('an unknown host answers success false (the blocking page)', async () => {
    const res = await get('/dashboard/verifyDomain?host=unknown.localhost', null);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false });
  });

  it('400 without a host', async () => {
    const res = await get('/dashboard/verifyDomain', null);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toMatch(/host/);
  });
});

describe('GET and PUT /dashboard/settings', () => {
  it('401 without a token', async () => {
    expect((await get('/dashboard/settings', null)).status).toBe(401);
    expect((await request(ctx.app).put('/dashboard/settings').send({})).status).toBe(401);
  });

  it("answers the caller's own settings, with the tracking host as its short-URL domain when it has none", async () => {
    const res = await get('/dashboard/settings', other);
    expect(res.status).toBe(200);
    expect(vendorSettingsResponseSchema.parse(res.body).data).toEqual({
      vendorId: other.user.vendorId,
      apiKey: other.user.apiKey,
      isShortUrlEnabled: false,
      secondaryEmail: '',
      secondaryEmail2: '',
      secondaryEmail3: '',
      secondaryEmail4: '',
      shortUrlDomains: ['localhost:3333'],
      customDomains: [],
    });
  });

  it('a vendor switches its short URLs and sets secondary emails (lower-cased); the change shows at once', async () => {
    const res = await request(ctx.app)
      .put('/dashboard/settings')
      .set('Authorization', other.token)
      .send({ isShortUrlEnabled: true, secondaryEmail: 'Ops@Example.com', secondaryEmail2: '' });
    expect(res.status).toBe(200);
    const body = updateVendorSettingsResponseSchema.parse(res.body);
    expect(body.statusMessages).toEqual([SETTINGS_MESSAGES.settingsUpdated]);
    expect(body.data).toMatchObject({ isShortUrlEnabled: true, secondaryEmail: 'ops@example.com' });
    const me = await get(`/auth/${other.user._id.toHexString()}`, other);
    expect(me.body.data).toMatchObject({ isShortUrlEnabled: true, secondaryEmail: 'ops@example.com' });
  });

  it('400 for an invalid secondary email or a field it does not own', async () => {
    const bad = await request(ctx.app)
      .put('/dashboard/settings')
      .set('Authorization', other.token)
      .send({ secondaryEmail4: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessages[0]).toMatch(/Please Enter valid email/);
    const foreign = await request(ctx.app)
      .put('/dashboard/settings')
      .set('Authorization', other.token)
      .send({ vendorId: 5001 });
    expect(foreign.status).toBe(400);
  });

  it("403 when a vendor names another vendor's settings; the admin may", async () => {
    expect((await get('/dashboard/settings?vendorId=5001', other)).status).toBe(403);
    const asAdmin = await get('/dashboard/settings?vendorId=5001');
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.vendorId).toBe(5001);
    expect(asAdmin.body.data.customDomains).toContain('whitelabel.localhost');
    expect((await get('/dashboard/settings?vendorId=999999')).status).toBe(404);
  });

  it("the admin changes a vendor's switch; the apiKey a post call carries is never written", async () => {
    const before = vendorSettingsResponseSchema.parse((await get('/dashboard/settings?vendorId=5001')).body).data;
    const res = await request(ctx.app)
      .put('/dashboard/settings?vendorId=5001')
      .set('Authorization', admin.token)
      .send({ isShortUrlEnabled: !before.isShortUrlEnabled, apiKey: admin.user.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isShortUrlEnabled: !before.isShortUrlEnabled, apiKey: before.apiKey });
  });

  it('shows the new apiKey after a regeneration, and the old one stops working at once', async () => {
    const before = vendorSettingsResponseSchema.parse((await get('/dashboard/settings', vendor)).body).data.apiKey;
    const regenerated = await post('/auth/regenerateApiKey', {}, vendor);
    expect(regenerated.status).toBe(200);
    const after = vendorSettingsResponseSchema.parse((await get('/dashboard/settings', vendor)).body).data.apiKey;
    expect(after).not.toBe(before);
    const withOldKey = await request(ctx.app).get(
      `/v1/connexity/getConversionReportSummary?apiKey=${before}&vendorId=5001&startDate=2026-01-01&endDate=2026-01-02`,
    );
    expect(withOldKey.status).toBe(401);
  });
});

describe(`the second-brand flag (${SECOND_BRAND_QUERY_FLAG}=true) on every call`, () => {
  const flagged = (path: string) => `${path}${path.includes('?') ? '&' : '?'}${SECOND_BRAND_QUERY_FLAG}=true`;

  it.each([
    ['GET', '/dashboard/allCustomDomains'],
    ['GET', '/dashboard/settings'],
    ['GET', '/dashboard/verifyDomain?host=localhost'],
    ['GET', '/home/getAllVendors'],
    ['GET', '/home/logs/apiLogs'],
    ['GET', '/home/getProductslist?pageNo=1&pageSize=5'],
    ['POST', '/dashboard/checkDomainNameIsExit'],
    ['POST', '/home/getEarningsReport'],
  ])('%s %s answers as it does without the flag', async (method, path) => {
    const body =
      path === '/dashboard/checkDomainNameIsExit'
        ? { name: 'whitelabel.localhost' }
        : { startDate: '2026-01-01', endDate: '2026-01-07', aggregation: 'daily' };
    const send = (url: string) => (method === 'GET' ? get(url) : post(url, body));
    const [plain, withFlag] = [await send(path), await send(flagged(path))];
    expect(withFlag.status).toBe(plain.status);
    expect(withFlag.status).not.toBe(400);
  });
});
