import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { ZodEffects, ZodObject } from 'zod';
import { ACCOUNT_MESSAGES, signupBodySchema, updateAccountBodySchema } from './auth/auth.schema';
import { firstErrorMessage } from './common/error.schema';
import { contract } from './contract';
import { pagedReportBodySchema } from './reports/reports.schema';

function routesOf(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((entry) => (isAppRoute(entry) ? [entry] : routesOf(entry)));
}

describe('contract', () => {
  const routes = routesOf(contract);

  it('declares how every route authenticates', () => {
    for (const route of routes) {
      expect(['public', 'token', 'tokenOrApiKey', 'admin'], `${route.method} ${route.path}`).toContain(
        (route.metadata as { access?: string } | undefined)?.access,
      );
    }
  });

  it('gives every route the error envelope for 400 and 401', () => {
    for (const route of routes) {
      expect(Object.keys(route.responses), `${route.method} ${route.path}`).toEqual(
        expect.arrayContaining(['400', '401', '500']),
      );
    }
  });

  it('states the paging base in the summary of every paged route', () => {
    const fieldsOf = (schema: unknown): string[] => {
      let current = schema;
      while (current instanceof ZodEffects) current = current.innerType();
      return current instanceof ZodObject ? Object.keys(current.shape as object) : [];
    };
    const pagingFields = (route: AppRoute): string[] =>
      [...fieldsOf('body' in route ? route.body : undefined), ...fieldsOf(route.query)].filter(
        (field) => field === 'page' || field === 'pageNo',
      );
    const paged = routes.filter((route) => pagingFields(route).length > 0);
    expect(paged.length).toBeGreaterThan(15);
    for (const route of paged) {
      const fields = pagingFields(route);
      // Part 2 §7 and part 1 §7: `page` is a 0-based index on the wire; the catalog's `pageNo` starts at 1.
      const base = fields.includes('page') ? /\bpage 0-based\b/ : /\bpageNo, 1-based\b/;
      expect(route.summary ?? '', `${route.method} ${route.path}`).toMatch(base);
    }
  });

  it('has no two routes on the same method and path', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('pagedReportBodySchema', () => {
  const range = { startDate: '2026-03-01', endDate: '2026-03-31' };

  it('takes page as a 0-based index, 0 by default (part 2 §7)', () => {
    expect(pagedReportBodySchema.parse(range).page).toBe(0);
    expect(pagedReportBodySchema.parse({ ...range, page: 0 }).page).toBe(0);
    expect(pagedReportBodySchema.safeParse({ ...range, page: -1 }).success).toBe(false);
  });
});

describe('signupBodySchema', () => {
  const valid = {
    fullName: 'Ada Lovelace',
    phoneNumber: '',
    email: 'ada@example.test',
    password: 'engine1',
    conformPassword: 'engine1',
  };

  it('accepts a valid sign-up and defaults the optional phone', () => {
    const withoutPhone = {
      fullName: valid.fullName,
      email: valid.email,
      password: valid.password,
      conformPassword: valid.conformPassword,
    };
    expect(signupBodySchema.parse(withoutPhone).phoneNumber).toBe('');
  });

  it.each([
    [{ fullName: '' }, ACCOUNT_MESSAGES.fullNameRequired],
    [{ email: 'ada@' }, ACCOUNT_MESSAGES.emailInvalid],
    [{ password: 'short', conformPassword: 'short' }, ACCOUNT_MESSAGES.passwordTooShort],
    [{ conformPassword: 'engine2' }, ACCOUNT_MESSAGES.passwordsDiffer],
    [{ phoneNumber: '12345678901' }, ACCOUNT_MESSAGES.phoneDigits],
  ])('rejects %o with the spec message', (overrides, message) => {
    const result = signupBodySchema.safeParse({ ...valid, ...overrides });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('updateAccountBodySchema', () => {
  it('refuses the read-only email and vendorId', () => {
    expect(updateAccountBodySchema.safeParse({ email: 'x@y.test' }).success).toBe(false);
    expect(updateAccountBodySchema.safeParse({ vendorId: 5 }).success).toBe(false);
    expect(updateAccountBodySchema.safeParse({ city: 'Lyon', zip: '69001' }).success).toBe(true);
  });
});

describe('firstErrorMessage', () => {
  it('prefers statusMessages, then errors, then the fallback', () => {
    expect(firstErrorMessage({ statusMessages: ['A'], errors: ['B'] })).toBe('A');
    expect(firstErrorMessage({ statusMessages: [], errors: ['B'] })).toBe('B');
    expect(firstErrorMessage({ message: 'html error page' })).toBe('Something went wrong');
    expect(firstErrorMessage(undefined)).toBe('Something went wrong');
  });
});
