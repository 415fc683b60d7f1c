import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { categoryNodeSchema } from '../catalog/catalog.schema';
import { contract } from '../contract';
import { exampleOf, holdsList } from './example-body';

function routesOf(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((entry) => (isAppRoute(entry) ? [entry] : routesOf(entry)));
}

describe('example bodies', () => {
  it('builds, for every JSON response of every contract route, a full and an empty example its schema accepts', () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of routesOf(contract)) {
      for (const [status, schema] of Object.entries(route.responses)) {
        if (!(schema instanceof z.ZodType)) continue;
        for (const isEmpty of [false, true]) {
          const result = schema.safeParse(exampleOf(schema, { seed: route.path, isEmpty }));
          checked += 1;
          if (!result.success) failures.push(`${route.method} ${route.path} ${status}: ${result.error.message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(1_000);
  });

  it('is stable for one seed and bounds recursion', () => {
    const first = exampleOf(categoryNodeSchema, { seed: 'tree' });
    expect(exampleOf(categoryNodeSchema, { seed: 'tree' })).toEqual(first);
    expect(JSON.stringify(first).length).toBeLessThan(20_000);
  });

  it('empties lists and zeroes totals', () => {
    const page = z.object({ data: z.array(z.object({ id: z.string() })), totalCount: z.number().int().min(0) });
    expect(exampleOf(page, { seed: 'page', isEmpty: true })).toEqual({ data: [], totalCount: 0 });
    const full = page.parse(exampleOf(page, { seed: 'page' }));
    expect(full.data.length).toBeGreaterThan(0);
  });

  it('tells list answers from others', () => {
    expect(holdsList(z.object({ data: z.array(z.string()) }))).toBe(true);
    expect(holdsList(z.array(z.number()))).toBe(true);
    expect(holdsList(z.object({ ok: z.boolean(), user: z.object({ name: z.string() }) }))).toBe(false);
  });
});
