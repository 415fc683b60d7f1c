import { isAppRouteNoBody, isAppRouteOtherResponse, type AppRoute } from '@ts-rest/core';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { csvColumnsOf } from '../common/csv';
import { contractRoutes } from '../common/routes';
import { contract } from '../contract';
import { controlContract } from '../control/control.contract';
import { exampleOf } from './example-body';
import { exampleBody } from './named-examples';
import { answer, answerProblem, createContractHandlers, findRoute } from './msw';

const API = 'http://api.mock.test';
const everything = { ...contract, control: controlContract };
const server = setupServer(...createContractHandlers(everything, { baseUrl: API }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/**
 * Requests whose schemas the example generator cannot satisfy alone (a refinement across fields, a file name
 * pattern, a host name): the parts to put over its example.
 */
const FIXTURES: Record<string, { params?: Record<string, string>; body?: Record<string, unknown> }> = {
  'reports.createBulkReports': {
    body: {
      reports: [
        {
          FROM_DATE: '2026-01-10',
          TO_DATE: '2026-01-10',
          CAMPAIGN_ID: 12,
          PLACEMENT_ID: '5001_placement',
          CLICKS: 40,
          SALES_COUNT: 3,
          SALES: 120.5,
          EARNINGS: 12.05,
          CONVERSION_RATE: 7.5,
          CPC: 0.3,
        },
      ],
      uniqueDates: ['2026-01-10'],
    },
  },
  'auth.signup': { body: { password: 'Harbor#2026', conformPassword: 'Harbor#2026' } },
  'catalog.merchantLogo': { params: { file: 'example.svg' } },
  'catalog.productImage': { params: { file: 'example.svg' } },
  'settings.addDomainName': { body: { name: 'shop.example.com' } },
  'settings.checkDomainNameIsExit': { body: { name: 'shop.example.com' } },
  'settings.addShortURLDomainName': { body: { name: 'go.example.com' } },
  'settings.checkShortURLNameIsExit': { body: { name: 'go.example.com' } },
  'content.uploadPodcastFile': { params: { key: '507f1f77bcf86cd799439011-episode.mp3' } },
  'content.getPodcastFile': { params: { key: '507f1f77bcf86cd799439011-episode.mp3' } },
  'control.setLatency': { body: { minMs: 0, maxMs: 100 } },
  'control.deleteStub': { params: { id: 'stub-1' } },
};

/** A request the route accepts: the least it needs (defaults fill the rest), else an example of its schema. */
function inputFor(schema: unknown, seed: string): unknown {
  if (!(schema instanceof z.ZodType)) return undefined;
  if (schema.safeParse({}).success) return {};
  return exampleOf(schema, { seed });
}

function urlOf(key: string, route: AppRoute): string {
  const params = {
    ...((inputFor(route.pathParams, route.path) ?? {}) as Record<string, unknown>),
    ...FIXTURES[key]?.params,
  };
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    return encodeURIComponent(typeof value === 'string' || typeof value === 'number' ? String(value) : 'example');
  });
  const query = (inputFor(route.query, route.path) ?? {}) as Record<string, unknown>;
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([name, value]): [string, string][] =>
      value === undefined ? [] : [[name, String(value as string | number | boolean)]],
    ),
  );
  return `${API}${path}${search.size > 0 ? `?${search.toString()}` : ''}`;
}

function requestOf(key: string, route: AppRoute, prefer?: string): Request {
  const headers = new Headers(prefer ? { prefer } : {});
  const isMultipart = 'contentType' in route && route.contentType === 'multipart/form-data';
  let body: string | undefined;
  if (route.method !== 'GET' && 'body' in route && !isMultipart) {
    const value = inputFor(route.body, `${route.path} body`);
    if (value !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify({ ...(value as Record<string, unknown>), ...FIXTURES[key]?.body });
    }
  }
  // A redirect is the answer under test, not something to follow.
  return new Request(urlOf(key, route), { method: route.method, headers, body, redirect: 'manual' });
}

/** Checks an answer against what the route documents for its status. */
async function breaksTheContract(route: AppRoute, response: Response): Promise<string | undefined> {
  const documented = route.responses[response.status];
  if (documented === undefined) return `undocumented status ${String(response.status)}`;
  if (isAppRouteNoBody(documented)) return (await response.text()) === '' ? undefined : 'a body where none is due';
  if (isAppRouteOtherResponse(documented)) {
    const type = response.headers.get('content-type') ?? '';
    return type.startsWith(documented.contentType.split(';')[0] ?? '') ? undefined : `content type ${type}`;
  }
  if (!(documented instanceof z.ZodType)) return undefined;
  const result = documented.safeParse(await response.json());
  return result.success ? undefined : result.error.message;
}

describe('the MSW handlers of the contract', () => {
  const routes = contractRoutes(everything);

  it('answer every route of the contract with its success status and a body its schema accepts', async () => {
    const failures: string[] = [];
    for (const { key, route } of routes) {
      const response = await fetch(requestOf(key, route));
      const statuses = Object.keys(route.responses).map(Number);
      const success = statuses.find((status) => status >= 200 && status < 300) ?? statuses.find((s) => s < 400);
      if (response.status !== success) {
        failures.push(`${key}: ${String(response.status)} ${await response.text()}`);
        continue;
      }
      const broken = await breaksTheContract(route, response);
      if (broken) failures.push(`${key}: ${broken}`);
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('honour Prefer: code=N with an example of what the route documents for N', async () => {
    for (const { key, route } of routes.filter((entry) => entry.key.startsWith('auth.'))) {
      for (const status of Object.keys(route.responses).map(Number)) {
        const response = await fetch(requestOf(key, route, `code=${String(status)}`));
        expect(response.status).toBe(status);
        expect(response.headers.get('preference-applied')).toBe(`code=${String(status)}`);
        expect(await breaksTheContract(route, response)).toBeUndefined();
      }
    }
  });

  it('honour Prefer: example=empty on list routes and ignore preferences they do not know', async () => {
    const response = await fetch(
      requestOf('catalog.getMerchantsV2', contract.catalog.getMerchantsV2, 'respond-async, example=empty'),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('preference-applied')).toBe('example=empty');
    expect(await response.json()).toEqual({ data: [], totalRecords: 0 });

    const notAList = await fetch(
      requestOf('reports.getConversionReportSummary', contract.reports.getConversionReportSummary, 'example=empty'),
    );
    expect(notAList.headers.get('preference-applied')).toBeNull();
  });

  it('honour Prefer: example=typical and refuse a name the route lacks, listing its names', async () => {
    const route = contract.catalog.getMerchantsV2;
    const typical = await fetch(requestOf('catalog.getMerchantsV2', route, 'example=typical'));
    expect(typical.headers.get('preference-applied')).toBe('example=typical');
    expect(await typical.json()).toEqual(exampleBody(route, 200, 'typical'));
    const unknown = await fetch(requestOf('catalog.getMerchantsV2', route, 'example=full'));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { statusMessages: string[] }).statusMessages).toEqual([
      `Prefer: example=full is not an example of GET ${route.path} 200; it has: typical, empty.`,
    ]);
  });

  it('answer 400 with the API envelope on bad input, also before a Prefer success code', async () => {
    for (const prefer of [undefined, 'code=200']) {
      const response = await fetch(`${API}/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(prefer ? { prefer } : {}) },
        body: JSON.stringify({}),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { statusMessages: string[]; errors: string[] };
      expect(body.statusMessages.length).toBeGreaterThan(0);
      expect(body.errors.length).toBe(body.statusMessages.length);
    }
    const badPage = await fetch(`${API}/home/getMerchantsV2?pageNo=one`);
    expect(badPage.status).toBe(400);
    expect(await badPage.json()).toEqual({
      statusMessages: ['pageNo must be a whole number'],
      errors: ['query.pageNo: pageNo must be a whole number'],
    });
  });

  it('answer a CSV download with the header line its route declares, as the API writes it', async () => {
    const downloads = routes.filter(({ route }) => {
      const success = route.responses[200];
      return success !== undefined && isAppRouteOtherResponse(success) && success.contentType.startsWith('text/csv');
    });
    // Every download declares its columns: a new one without them would get the mock's placeholder line.
    expect(downloads.filter(({ route }) => csvColumnsOf(route) === undefined).map(({ key }) => key)).toEqual([]);
    expect(downloads).toHaveLength(14);
    for (const { key, route } of downloads) {
      for (const prefer of [undefined, 'code=200']) {
        const response = await fetch(requestOf(key, route, prefer));
        expect(response.status, key).toBe(200);
        expect(await response.text(), key).toBe(`${(csvColumnsOf(route) ?? []).join(',')}\r\n`);
      }
    }
    const all = await fetch(`${API}/reports/downloadConversionReportsAll?campaign_id=5001`);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await all.text()).toBe(
      'REPORT_DATE,CAMPAIGN_ID,PLACEMENT_ID,RID,MERCHANT_NAME,CLICKS,SALES_COUNT,SALES,EARNINGS,CONVERSION_RATE,CPC\r\n',
    );
  });

  it('validate the request before a redirect code too, as before a success code', async () => {
    const refused = await fetch(`${API}/redirect`, { headers: { prefer: 'code=302' }, redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
    expect(((await refused.json()) as { statusMessages: string[] }).statusMessages).toHaveLength(4);
    const query = new URLSearchParams({ source: '22261', publisher: '1', sub: '5001_noid', url: 'https://shop.test/' });
    const redirected = await fetch(`${API}/redirect?${query.toString()}`, {
      headers: { prefer: 'code=302' },
      redirect: 'manual',
    });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('https://example.test/');
    expect(redirected.headers.get('preference-applied')).toBe('code=302');
  });

  it('say in Preference-Applied what the API says: the delay waited, then the code', async () => {
    const failed = await fetch(`${API}/coupons/getFilters`, { headers: { prefer: 'code=503, delay=1' } });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('preference-applied')).toBe('delay=1, code=503');
    const delayed = await fetch(`${API}/coupons/getFilters`, { headers: { prefer: 'delay=1' } });
    expect(delayed.status).toBe(200);
    expect(delayed.headers.get('preference-applied')).toBe('delay=1');
  });

  it('check credentials as the API does only when asked: a route that is not public answers 401 without any', async () => {
    const url = `${API}/coupons/getFilters`;
    expect((await fetch(url)).status).toBe(200);
    server.use(...createContractHandlers(contract, { baseUrl: API, requireCredentials: true }));
    const refused = await fetch(url, { headers: { prefer: 'code=200' } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ statusMessages: ['Unauthenticated.'], errors: ['Unauthenticated.'] });
    expect((await fetch(url, { headers: { authorization: 'Bearer any' } })).status).toBe(200);
    const download = `${API}/reports/downloadConversionReportsAll?campaign_id=5001`;
    expect((await fetch(download)).status).toBe(401);
    expect((await fetch(`${download}&apiKey=key-1`)).status).toBe(200);
    expect((await fetch(`${API}/health`)).status).toBe(200);
  });

  it('let a test replace any route answer, typed by the contract', async () => {
    server.use(
      answer(
        contract.auth.signin,
        ({ body }) => ({
          status: 401,
          body: { statusMessages: [`No account for ${(body as { email: string }).email}`], errors: [] },
        }),
        { baseUrl: API },
      ),
    );
    const response = await fetch(`${API}/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@publisher.test', password: 'secret' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ statusMessages: ['No account for nobody@publisher.test'], errors: [] });
  });

  it('find the route of a call and tell what an answer gets wrong against it', () => {
    expect(findRoute(everything, 'post', '/auth/signin')).toBe(contract.auth.signin);
    expect(findRoute(everything, 'GET', '/auth/507f1f77bcf86cd799439011')).toBe(contract.auth.getUser);
    expect(findRoute(everything, 'GET', '/nowhere')).toBeUndefined();
    const route = contract.catalog.getMerchantsV2;
    expect(answerProblem(route, 200, { data: [], totalRecords: 0 })).toBeUndefined();
    expect(answerProblem(route, 200, { data: [] })).toBe('GET /home/getMerchantsV2 200: totalRecords: Required');
    expect(answerProblem(route, 502, 'Bad gateway')).toMatch(/^GET \/home\/getMerchantsV2 does not document 502/);
  });
});
