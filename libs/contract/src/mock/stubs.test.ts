import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../contract';
import { MOCK_STUB_HEADER, STUB_BODY_LIMIT } from '../control/stubs.schema';
import { createContractHandlers, StubRefusedError, stubHandlers } from './msw';
import { resolveStub, stubMatches } from './stubs';

const API = 'http://api.stub.test';
const vendorRow = {
  _id: '507f1f77bcf86cd799439011',
  fullName: 'Odd Row Ltd',
  email: 'odd@example.com',
  vendorId: 5001,
  apiKey: '************a1b2',
  createdAt: '2026-01-02T03:04:05.000Z',
};

describe('resolveStub', () => {
  it('takes a route by its name or by method and path', () => {
    const byName = resolveStub(contract, {
      route: 'admin.getAllVendors',
      answer: { status: 200, body: { data: [vendorRow], totalRecords: 1 } },
    });
    const byPath = resolveStub(contract, {
      route: 'get /home/getAllVendors',
      answer: { status: 200, body: { data: [], totalRecords: 0 } },
    });
    expect(byName.ok && byName.stub.name).toBe('admin.getAllVendors');
    expect(byPath.ok && byPath.stub.name).toBe('admin.getAllVendors');
  });

  it('matches the path parameters of a concrete path', () => {
    const resolved = resolveStub(contract, {
      route: 'POST /home/vendors/5001/revealApiKey',
      answer: { status: 404, body: { statusMessages: ['No such vendor.'], errors: [] } },
    });
    expect(resolved.ok && resolved.stub.match).toEqual({ params: { vendorId: '5001' } });
  });

  it('refuses a body off the contract, naming each zod issue', () => {
    const refused = resolveStub(contract, {
      route: 'admin.getAllVendors',
      answer: { status: 200, body: { data: [{ ...vendorRow, vendorId: 'five' }] } },
    });
    expect(refused).toEqual({
      ok: false,
      messages: ['answer.body.data.0.vendorId: Expected number, received string', 'answer.body.totalRecords: Required'],
    });
  });

  it('refuses an unknown route with the names of its domain', () => {
    const refused = resolveStub(contract, { route: 'admin.getAllVendor', answer: { status: 200 } });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.messages[0]).toMatch(
      /^route: admin\.getAllVendor is no route of the contract; routes of admin: admin\.getAllVendors, /,
    );
  });

  it('refuses an undocumented success and takes an undeclared error status in the error envelope', () => {
    const success = resolveStub(contract, { route: 'admin.getAllVendors', answer: { status: 201, body: {} } });
    expect(!success.ok && success.messages).toEqual([
      'answer.status: GET /home/getAllVendors does not document 201; it documents 200, 400, 401, 403, 404, 409, 413, 415, 429, 500, 503.',
    ]);
    const error = resolveStub(contract, {
      route: 'admin.getAllVendors',
      answer: { status: 418, body: { statusMessages: ['Teapot.'], errors: [] } },
    });
    expect(error.ok).toBe(true);
    const offEnvelope = resolveStub(contract, { route: 'admin.getAllVendors', answer: { status: 418, body: {} } });
    expect(!offEnvelope.ok && offEnvelope.messages).toEqual([
      'answer.body.statusMessages: Required',
      'answer.body.errors: Required',
    ]);
  });

  it('refuses a body over the size limit before reading it against the schema', () => {
    const refused = resolveStub(contract, {
      route: 'admin.getAllVendors',
      answer: { status: 200, body: { data: [], totalRecords: 0, note: 'x'.repeat(STUB_BODY_LIMIT) } },
    });
    expect(!refused.ok && refused.messages).toEqual([
      `answer.body: ${String(STUB_BODY_LIMIT + 38)} characters of JSON, over the limit of ${String(STUB_BODY_LIMIT)}`,
    ]);
  });

  it('refuses a path parameter the route does not have', () => {
    const refused = resolveStub(contract, {
      route: 'admin.revealVendorApiKey',
      match: { params: { id: '1' } },
      answer: { status: 404, body: { statusMessages: ['x'], errors: [] } },
    });
    expect(!refused.ok && refused.messages).toEqual([
      'match.params.id: /home/vendors/:vendorId/revealApiKey has the path parameters vendorId',
    ]);
  });
});

describe('stubMatches', () => {
  it('compares only the keys the match gives', () => {
    const match = { query: { order: 'newest' }, body: { filter: { country: ['US'] } } };
    const call = { params: {}, query: { order: 'newest', pageNo: '2' }, body: { filter: { country: ['US'] }, x: 1 } };
    expect(stubMatches(match, call)).toBe(true);
    expect(stubMatches(match, { ...call, query: { order: 'oldest' } })).toBe(false);
    expect(stubMatches(match, { ...call, body: { filter: { country: ['CA'] } } })).toBe(false);
    expect(stubMatches({}, call)).toBe(true);
  });

  it('takes the body as a subset at every depth: objects by the keys given, arrays item by item', () => {
    // Fails on a match that compares each top-level field whole: `owner` has a key the match does not give.
    const call = (body: unknown) => ({ params: {}, query: {}, body });
    const match = { body: { owner: { address: { country: 'US' } }, tags: [{ id: 1 }, 'b'] } };
    const sent = { owner: { name: 'Ann', address: { country: 'US', zip: '1' } }, tags: [{ id: 1, x: 0 }, 'b'], n: 2 };
    expect(stubMatches(match, call(sent))).toBe(true);
    expect(stubMatches(match, call({ ...sent, owner: { address: { country: 'CA' } } }))).toBe(false);
    expect(stubMatches(match, call({ ...sent, owner: { address: 'US' } }))).toBe(false);
    // Arrays: the same length, in the same order.
    expect(stubMatches(match, call({ ...sent, tags: [{ id: 1 }, 'b', 'c'] }))).toBe(false);
    expect(stubMatches(match, call({ ...sent, tags: ['b', { id: 1 }] }))).toBe(false);
    expect(stubMatches(match, call({ ...sent, tags: { 0: { id: 1 }, 1: 'b' } }))).toBe(false);
    // Other values equal, no coercion; a null given must be there.
    expect(stubMatches({ body: { count: 1 } }, call({ count: '1' }))).toBe(false);
    expect(stubMatches({ body: { note: null } }, call({}))).toBe(false);
    expect(stubMatches({ body: { note: null } }, call({ note: null }))).toBe(true);
    expect(stubMatches({ body: { owner: {} } }, call({ owner: { name: 'Ann' } }))).toBe(true);
    expect(stubMatches({ body: { owner: {} } }, call({ owner: [] }))).toBe(false);
    // An empty match takes any call; a given one never a call without a body.
    expect(stubMatches({ body: {} }, call(undefined))).toBe(true);
    expect(stubMatches(match, call(undefined))).toBe(false);
  });
});

describe('stubHandlers (msw)', () => {
  const server = setupServer(...createContractHandlers(contract, { baseUrl: API }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('answers the matching calls with the stub, the times it is given, then the contract example', async () => {
    server.use(
      ...stubHandlers(
        contract,
        [
          {
            route: 'admin.getAllVendors',
            match: { query: { order: 'newest' } },
            answer: { status: 200, body: { data: [vendorRow], totalRecords: 1 }, headers: { 'X-Odd': 'yes' } },
            times: 1,
          },
        ],
        { baseUrl: API },
      ),
    );
    const other = await fetch(`${API}/home/getAllVendors?order=oldest`);
    expect(other.headers.get(MOCK_STUB_HEADER)).toBeNull();
    const stubbed = await fetch(`${API}/home/getAllVendors?order=newest`);
    expect(stubbed.status).toBe(200);
    expect(stubbed.headers.get(MOCK_STUB_HEADER)).toBe('msw-1');
    expect(stubbed.headers.get('x-odd')).toBe('yes');
    expect(await stubbed.json()).toEqual({ data: [vendorRow], totalRecords: 1 });
    const after = await fetch(`${API}/home/getAllVendors?order=newest`);
    expect(after.headers.get(MOCK_STUB_HEADER)).toBeNull();
  });

  it('matches a body as a subset at every depth, as the API does', async () => {
    server.use(
      ...stubHandlers(
        contract,
        [
          {
            route: 'auth.signin',
            match: { body: { email: 'odd@example.com', device: { os: 'ios' } } },
            answer: { status: 401, body: { statusMessages: ['Locked.'], errors: [] } },
          },
        ],
        { baseUrl: API },
      ),
    );
    const signin = (device: unknown) =>
      fetch(`${API}/auth/signin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'odd@example.com', password: 'x', device }),
      });
    const stubbed = await signin({ os: 'ios', version: '17' });
    expect(stubbed.status).toBe(401);
    expect(stubbed.headers.get(MOCK_STUB_HEADER)).toBe('msw-1');
    const other = await signin({ os: 'android' });
    expect(other.headers.get(MOCK_STUB_HEADER)).toBeNull();
  });

  it('refuses a stub off the contract with the same words as the API', () => {
    expect(() =>
      stubHandlers(contract, [{ route: 'admin.getAllVendors', answer: { status: 200, body: { data: 'none' } } }]),
    ).toThrow(
      new StubRefusedError(['answer.body.data: Expected array, received string', 'answer.body.totalRecords: Required']),
    );
  });

  it('answers ahead of Prefer (code, example, delay), as on the API; a request that fails its schema falls through', async () => {
    // Fails with the stubs after Prefer: the contract handler's 503 answered first.
    server.use(
      ...stubHandlers(
        contract,
        [{ route: 'admin.getAllVendors', answer: { status: 200, body: { data: [vendorRow], totalRecords: 1 } } }],
        { baseUrl: API },
      ),
    );
    for (const prefer of ['code=503', 'example=empty', 'code=nonsense']) {
      const preferred = await fetch(`${API}/home/getAllVendors`, { headers: { Prefer: prefer } });
      expect(preferred.status).toBe(200);
      expect(preferred.headers.get(MOCK_STUB_HEADER)).toBe('msw-1');
      expect(preferred.headers.get('preference-applied')).toBeNull();
      expect(await preferred.json()).toEqual({ data: [vendorRow], totalRecords: 1 });
    }
    const invalid = await fetch(`${API}/home/getAllVendors?order=sideways`);
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get(MOCK_STUB_HEADER)).toBeNull();
  });
});
