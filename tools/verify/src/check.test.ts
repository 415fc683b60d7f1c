import { describe, expect, it } from 'vitest';
import { contract } from '@publisher/contract';
import { checkAnswer, checkBody, successStatusOf } from './check';

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
      'uptimeSeconds: Expected number, received string',
    );
  });

  it('says which status came instead, with the envelope message', () => {
    const refused = json(400, { statusMessages: ['startDate is required'], errors: [] });
    expect(checkAnswer(contract.reports.getEarningsReport, refused, 200)).toBe(
      'expected 200, got 400: startDate is required',
    );
    expect(checkAnswer(health, json(418, {}), 200)).toMatch(/^expected 200, got 418 \(not documented\)/);
  });

  it('checks the content type of CSV answers and the Location of redirects', () => {
    const csv = { status: 200, headers: new Headers({ 'content-type': 'text/csv; charset=utf-8' }), text: 'a,b\n' };
    expect(checkBody(contract.reports.downloadQualityReport, csv)).toBeUndefined();
    const html = { ...csv, headers: new Headers({ 'content-type': 'text/html' }) };
    expect(checkBody(contract.reports.downloadQualityReport, html)).toBe('content-type text/html, documented text/csv');
    const redirect = { status: 302, headers: new Headers(), text: '' };
    expect(checkBody(contract.deepLinks.followDirectLink, redirect)).toBe('status 302 without a Location header');
  });
});

describe('successStatusOf', () => {
  it('is the first documented 2xx or 3xx', () => {
    expect(successStatusOf(contract.auth.signup)).toBe(201);
    expect(successStatusOf(contract.deepLinks.followShortUrl)).toBe(302);
    expect(successStatusOf(contract.auth.signin)).toBe(200);
  });
});
