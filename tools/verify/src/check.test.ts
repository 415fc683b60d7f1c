import { describe, expect, it } from 'vitest';
import { contract } from '@publisher/contract';
import { z } from 'zod';
import { checkAnswer, checkBody, inspectAnswer, successStatusOf, undeclaredKeys } from './check';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers({ 'content-type': 'application/json', ...headers }),
  text: JSON.stringify(body),
});

describe('checkAnswer', () => {
  const health = contract.system.health;
  const healthy = {
    status: 'ok',
    database: { kind: 'ferretdb', state: 'connected', name: 'x', responding: true, restarts: 0 },
    version: '1',
    uptimeSeconds: 1,
    filteredClicks: { duplicates: 0, overAddressLimit: 0, searchTextsOverLimit: 0 },
  };

  it('accepts a documented status with a body of the documented schema', () => {
    expect(checkAnswer(health, json(200, healthy), 200)).toBeUndefined();
  });

  it('names the first field that differs', () => {
    expect(checkAnswer(health, json(200, { ...healthy, uptimeSeconds: 'long' }), 200)).toBe(
      'uptimeSeconds: expected number, received string',
    );
  });

  it('says which status came instead, with the envelope message', () => {
    const refused = json(400, { statusMessages: ['startDate is required'], errors: [] });
    expect(checkAnswer(contract.reports.getEarningsReport, refused, 200)).toBe(
      'status: expected 200, received 400: startDate is required',
    );
    expect(checkAnswer(health, json(418, {}), 200)).toMatch(/^status: expected 200, received 418 \(not documented\)/);
  });

  it('checks the content type of CSV answers and the Location of redirects', () => {
    const csv = { status: 200, headers: new Headers({ 'content-type': 'text/csv; charset=utf-8' }), text: 'a,b\n' };
    expect(checkBody(contract.reports.downloadQualityReport, csv)).toBeUndefined();
    const html = { ...csv, headers: new Headers({ 'content-type': 'text/html' }) };
    expect(checkBody(contract.reports.downloadQualityReport, html)).toBe(
      'content-type: expected text/csv, received text/html',
    );
    const redirect = { status: 302, headers: new Headers(), text: '' };
    expect(checkBody(contract.deepLinks.followDirectLink, redirect)).toBe(
      'headers.location: expected a Location with status 302, received none',
    );
  });
});

describe('inspectAnswer', () => {
  const health = contract.system.health;
  const healthy = {
    status: 'ok',
    database: { kind: 'ferretdb', state: 'connected', name: 'x', responding: true, restarts: 0 },
    version: '1',
    uptimeSeconds: 1,
    filteredClicks: { duplicates: 0, overAddressLimit: 0, searchTextsOverLimit: 0 },
  };

  it('names every difference with its path, what the contract expects and what came', () => {
    const broken = { ...healthy, status: 'fine', version: 2, database: { ...healthy.database, restarts: -1 } };
    const found = inspectAnswer(health, json(200, broken), 200);
    expect(found.differences).toEqual(
      expect.arrayContaining([
        { path: 'status', expected: expect.stringContaining('"ok"'), received: '"fine"' },
        { path: 'version', expected: 'string', received: 'number' },
        { path: 'database.restarts', expected: expect.stringMatching(/0/), received: '-1' },
      ]),
    );
    expect(found.differences).toHaveLength(3);
    expect(found.warnings).toEqual([]);
  });

  it('reports undeclared keys as warnings with their path, nested and in arrays, not as differences', () => {
    const extra = { ...healthy, region: 'eu', database: { ...healthy.database, shard: 3 } };
    const found = inspectAnswer(health, json(200, extra), 200);
    expect(found.differences).toEqual([]);
    expect(found.warnings.map((issue) => issue.path)).toEqual(['database.shard', 'region']);
    expect(found.warnings[1]).toEqual({ path: 'region', expected: 'no such key (undeclared)', received: '"eu"' });
  });

  it('walks arrays and records', () => {
    const schema = z.object({
      rows: z.array(z.object({ id: z.number() })),
      byDay: z.record(z.object({ n: z.number() })),
    });
    const value = { rows: [{ id: 1 }, { id: 2, name: 'x' }], byDay: { a: { n: 1, m: 2 } } };
    expect(undeclaredKeys(schema, value).map((issue) => issue.path)).toEqual(['rows.1.name', 'byDay.a.m']);
    expect(undeclaredKeys(schema.passthrough(), { ...value, more: 1 }).map((issue) => issue.path)).toEqual([
      'rows.1.name',
      'byDay.a.m',
    ]);
  });
});

describe('successStatusOf', () => {
  it('is the first documented 2xx or 3xx', () => {
    expect(successStatusOf(contract.auth.signup)).toBe(201);
    expect(successStatusOf(contract.deepLinks.followShortUrl)).toBe(302);
    expect(successStatusOf(contract.auth.signin)).toBe(200);
  });
});
