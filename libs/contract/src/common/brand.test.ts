import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { ZodEffects, ZodObject } from 'zod';
import { contract } from '../contract';
import {
  brandHostsFrom,
  DEFAULT_AI_BRAND_HOSTS,
  DEFAULT_SECOND_BRAND_HOSTS,
  isHostOrSubdomainOf,
  SECOND_BRAND_QUERY_FLAG,
} from './brand';

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

describe('the brand hosts both apps read', () => {
  it('default to ai.localhost and brand2.localhost when the variable is unset', () => {
    expect(brandHostsFrom(undefined, DEFAULT_AI_BRAND_HOSTS)).toEqual(['ai.localhost']);
    expect(brandHostsFrom(undefined, DEFAULT_SECOND_BRAND_HOSTS)).toEqual(['brand2.localhost']);
  });

  it('take a set variable as the whole list: trimmed, lower-cased, without ports; empty means none', () => {
    expect(brandHostsFrom(' B2.Example.com:443 ,, brand2.test', DEFAULT_SECOND_BRAND_HOSTS)).toEqual([
      'b2.example.com',
      'brand2.test',
    ]);
    expect(brandHostsFrom('', DEFAULT_SECOND_BRAND_HOSTS)).toEqual([]);
  });

  it('count sub-domains of a brand host, not look-alikes', () => {
    expect(isHostOrSubdomainOf('brand2.localhost', DEFAULT_SECOND_BRAND_HOSTS)).toBe(true);
    expect(isHostOrSubdomainOf('Shop.Brand2.localhost', DEFAULT_SECOND_BRAND_HOSTS)).toBe(true);
    expect(isHostOrSubdomainOf('notbrand2.localhost', DEFAULT_SECOND_BRAND_HOSTS)).toBe(false);
    expect(isHostOrSubdomainOf('', DEFAULT_SECOND_BRAND_HOSTS)).toBe(false);
  });
});
