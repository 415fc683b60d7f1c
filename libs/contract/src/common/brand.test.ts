import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { ZodEffects, ZodObject } from 'zod';
import { contract } from '../contract';
import { SECOND_BRAND_QUERY_FLAG } from './brand';

function routesOf(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((entry) => (isAppRoute(entry) ? [entry] : routesOf(entry)));
}

/** The object schema under any refinements and transforms. */
function objectOf(schema: unknown): ZodObject<Record<string, never>> | null {
  let current = schema;
  while (current instanceof ZodEffects) current = current.innerType();
  return current instanceof ZodObject ? (current as ZodObject<Record<string, never>>) : null;
}

describe(`the second-brand query flag ${SECOND_BRAND_QUERY_FLAG}`, () => {
  it('is accepted by every route: no query schema is strict or names the flag', () => {
    for (const route of routesOf(contract)) {
      const query = objectOf(route.query);
      if (!query) continue;
      expect(query._def.unknownKeys, `${route.method} ${route.path}`).not.toBe('strict');
      expect(Object.keys(query.shape), `${route.method} ${route.path}`).not.toContain(SECOND_BRAND_QUERY_FLAG);
    }
  });
});
