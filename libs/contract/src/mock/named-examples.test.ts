import { describe, expect, it } from 'vitest';
import { contractRoutes } from '../common/routes';
import { contract } from '../contract';
import { controlContract } from '../control/control.contract';
import { healthResponseSchema } from '../system/system.contract';
import { holdsList } from './example-body';
import { chooseExample, exampleBody, exampleNames, jsonSchemaAt } from './named-examples';

const routes = contractRoutes({ ...contract, control: controlContract }).map(({ route }) => route);

/** Every object of a JSON value, at any depth. */
function objectsIn(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(objectsIn);
  if (value === null || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  return [object, ...Object.values(object).flatMap(objectsIn)];
}

/** Pairs of fields that open and close a range, as the contract names them. */
const RANGES: [string, string][] = [
  ['startDate', 'endDate'],
  ['FROM_DATE', 'TO_DATE'],
  ['startsAt', 'endsAt'],
  ['startDateGMT', 'endDateGMT'],
  ['createdAt', 'updatedAt'],
  ['minMs', 'maxMs'],
];

describe('named examples', () => {
  it('gives every list route `typical` (with rows) and `empty`, each passing its schema', () => {
    let lists = 0;
    for (const route of routes) {
      for (const status of Object.keys(route.responses).map(Number)) {
        const schema = jsonSchemaAt(route, status);
        const names = exampleNames(route, status);
        if (status < 200 || status >= 300 || schema === undefined) {
          expect(names, `${route.path} ${String(status)}`).toEqual([]);
          continue;
        }
        if (holdsList(schema)) {
          lists += 1;
          expect(names, route.path).toEqual(['typical', 'empty']);
          expect(JSON.stringify(exampleBody(route, status, 'typical'))).toMatch(/\[\{|\["|\[\d/);
        }
        for (const name of names) {
          const result = schema.safeParse(exampleBody(route, status, name));
          expect(result.success, `${route.method} ${route.path} ${String(status)} ${name}`).toBe(true);
        }
      }
    }
    expect(lists).toBeGreaterThan(60);
  });

  it('holds plausible values: emails, names, ranges in order, money with cents', () => {
    const objects = routes.flatMap((route) =>
      Object.keys(route.responses)
        .map(Number)
        .filter((status) => status < 300)
        .flatMap((status) => objectsIn(exampleBody(route, status))),
    );
    const emails = objects.flatMap((object) =>
      Object.entries(object).filter(([key, value]) => /email/i.test(key) && typeof value === 'string'),
    );
    expect(emails.length).toBeGreaterThan(5);
    for (const [key, email] of emails) expect(email, key).toMatch(/^[a-z.]+@[a-z]+\.test$/);
    const fullNames = objects.flatMap((object) => (typeof object.fullName === 'string' ? [object.fullName] : []));
    for (const name of fullNames) expect(name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    let ranges = 0;
    for (const object of objects) {
      for (const [start, end] of RANGES) {
        const [from, to] = [object[start], object[end]];
        if (
          !(typeof from === 'string' && typeof to === 'string') &&
          !(typeof from === 'number' && typeof to === 'number')
        )
          continue;
        ranges += 1;
        expect(from <= to, `${start} ${String(from)} > ${end} ${String(to)}`).toBe(true);
      }
    }
    expect(ranges).toBeGreaterThan(10);
    const earnings = objects.flatMap((object) => (typeof object.EARNINGS === 'number' ? [object.EARNINGS] : []));
    expect(earnings.some((value) => !Number.isInteger(value))).toBe(true);
  });

  it('says degraded in the 503 of /health, with figures a server sends: the database not answering, a real heap', () => {
    const health = healthResponseSchema.parse(exampleBody(contract.system.health, 503));
    expect(health.status).toBe('degraded');
    expect(health.database.responding).toBe(false);
    expect(health.memory?.heapUsedBytes).toBeGreaterThan(1_000_000);
    expect(health.memory?.heapLimitBytes).toBeGreaterThan(health.memory?.heapUsedBytes ?? 0);
    // Nothing is read from a database that does not answer.
    expect(health.uploadsSetAside).toBeUndefined();
    expect(healthResponseSchema.parse(exampleBody(contract.system.health, 200)).status).toBe('ok');
  });

  it("keeps every hand-written example true to its route's schema", () => {
    const written = routes.flatMap((route) =>
      Object.entries((route.metadata as { examples?: Record<string, unknown> } | undefined)?.examples ?? {}).map(
        ([status, body]) => ({ route, status: Number(status), body }),
      ),
    );
    expect(written.length).toBeGreaterThan(0);
    for (const { route, status, body } of written) {
      expect(jsonSchemaAt(route, status)?.safeParse(body).success, `${route.path} ${String(status)}`).toBe(true);
    }
  });

  it('chooses a name the route has, ignores one only other routes have, refuses any other listing the names', () => {
    expect(chooseExample(contract.coupons.getCoupons, 200, 'empty')).toEqual({ ok: true, name: 'empty' });
    expect(chooseExample(contract.coupons.getCoupons, 200, undefined)).toEqual({ ok: true });
    expect(chooseExample(contract.reports.getConversionReportSummary, 200, 'empty')).toEqual({ ok: true });
    expect(chooseExample(contract.coupons.getCoupons, 200, 'nonesuch')).toEqual({
      ok: false,
      message: 'Prefer: example=nonesuch is not an example of GET /coupons/getcoupons 200; it has: typical, empty.',
    });
  });
});
