import { generateMock } from '@anatine/zod-mock';
import { isAppRoute, isAppRouteOtherResponse, isZodType, type AppRouter } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { z, type ZodTypeAny } from 'zod';
import { contract } from '@publisher/contract';
import { exactCheck } from './exact-check';

/** Keys sorted at every level: the JSON value, whatever order an object was built in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

function responseSchemas(router: AppRouter, prefix = ''): { name: string; schema: ZodTypeAny }[] {
  return Object.entries(router).flatMap(([key, node]) => {
    if (!isAppRoute(node)) return responseSchemas(node, `${prefix}${key}.`);
    return Object.entries(node.responses).flatMap(([status, declared]) => {
      const schema: unknown = isAppRouteOtherResponse(declared) ? declared.body : declared;
      return isZodType(schema) ? [{ name: `${prefix}${key} ${status}`, schema: schema }] : [];
    });
  });
}

/** Whether a schema recurses (z.lazy): zod-mock builds such trees without a depth bound, so they are tested by hand below. */
function recurses(schema: ZodTypeAny): boolean {
  const def = schema._def as Record<string, unknown>;
  if (schema instanceof z.ZodLazy) return true;
  if (schema instanceof z.ZodObject) return Object.values(schema.shape as Record<string, ZodTypeAny>).some(recurses);
  const inner = [
    def['type'],
    def['innerType'],
    def['schema'],
    def['valueType'],
    ...((def['options'] as unknown[]) ?? []),
  ];
  return inner.some((child) => isZodType(child) && recurses(child));
}

describe('exactCheck', () => {
  it('accepts a value only when zod would return the same value, over every response schema of the contract', () => {
    const schemas = responseSchemas(contract).filter(({ schema }) => !recurses(schema));
    expect(schemas.length).toBeGreaterThan(100);
    let exactSchemas = 0;
    for (const { name, schema } of schemas) {
      let exactOnce = false;
      for (let seed = 1; seed <= 4; seed += 1) {
        let value: unknown;
        try {
          value = generateMock(schema, { seed, recordKeysLength: 2, mapEntriesLength: 2 });
        } catch {
          continue;
        }
        if (!exactCheck(schema)(value)) continue;
        exactOnce = true;
        const parsed = schema.safeParse(value);
        expect(parsed.success, `${name}: exact but zod refuses it`).toBe(true);
        expect(canonical(parsed.success ? parsed.data : undefined), `${name}: zod's output differs`).toBe(
          canonical(value),
        );
      }
      if (exactOnce) exactSchemas += 1;
    }
    // Sound is not enough: the check must also say yes where it can, or every answer pays for zod.
    expect(exactSchemas / schemas.length).toBeGreaterThan(0.8);
  });

  it('says no where zod would change the value: stripped keys, filled defaults, trimmed or lower-cased text', () => {
    const row = z.object({
      id: z.string(),
      count: z.number().int().nonnegative(),
      tag: z.string().trim().toLowerCase(),
    });
    const check = exactCheck(row);
    expect(check({ id: 'a', count: 2, tag: 'x' })).toBe(true);
    expect(check({ id: 'a', count: 2, tag: 'x', passwordHash: 'secret' })).toBe(false);
    expect(check({ id: 'a', count: 2, tag: 'x', notSent: undefined })).toBe(true);
    expect(check({ id: 'a', count: 2, tag: ' x' })).toBe(false);
    expect(check({ id: 'a', count: 2, tag: 'X' })).toBe(false);
    expect(check({ id: 'a', count: 2.5, tag: 'x' })).toBe(false);
    expect(check({ id: 'a', count: -1, tag: 'x' })).toBe(false);
    expect(check({ id: 'a', tag: 'x' })).toBe(false);
    expect(exactCheck(z.object({ page: z.number().default(1) }))({})).toBe(false);
    expect(exactCheck(z.string().transform((text) => text.length))('abc')).toBe(false);
    expect(
      exactCheck(z.array(row).max(1))([
        { id: 'a', count: 1, tag: 'x' },
        { id: 'b', count: 1, tag: 'y' },
      ]),
    ).toBe(false);
    for (const text of [
      'not a url',
      'https://example.test/a',
      'mailto:a@b.test',
      'http://[::1',
      'https://x.test/?q=a b',
      '',
    ]) {
      expect(exactCheck(z.string().url())(text), text).toBe(z.string().url().safeParse(text).success);
    }
  });

  it('follows zod through unions (its first accepting option wins), nullables, literals and recursion', () => {
    const wide = z.object({ a: z.string() });
    const narrowFirst = z.union([wide, z.object({ a: z.string(), b: z.number() })]);
    // zod answers { a } (the first option strips b): not the same value.
    expect(exactCheck(narrowFirst)({ a: 'x', b: 1 })).toBe(false);
    expect(exactCheck(narrowFirst)({ a: 'x' })).toBe(true);
    expect(exactCheck(z.literal('on').nullable())(null)).toBe(true);
    expect(exactCheck(z.literal('on').nullable())('off')).toBe(false);
    interface Tree {
      name: string;
      children: Tree[];
    }
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
    expect(exactCheck(tree)({ name: 'a', children: [{ name: 'b', children: [] }] })).toBe(true);
    expect(exactCheck(tree)({ name: 'a', children: [{ name: 'b', children: [], extra: 1 }] })).toBe(false);
  });

  it('runs refinements itself, refine and superRefine alike, and agrees with zod on every verdict', () => {
    const day = z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && text.slice(8) <= '31', 'not a day');
    const even = z.number().superRefine((value, ctx) => {
      if (value % 2 !== 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'odd' });
    });
    const row = z.object({ date: day, count: even });
    for (const value of [
      { date: '2026-03-01', count: 2 },
      { date: '2026-13-01', count: 2 },
      { date: '2026-03-1', count: 2 },
      { date: '2026-03-01', count: 3 },
      // A failure must not stick: the shared context starts clean for every value.
      { date: '2026-03-02', count: 4 },
    ]) {
      expect(exactCheck(row)(value), JSON.stringify(value)).toBe(row.safeParse(value).success);
    }
    const asyncRefined = z.string().refine(async () => true);
    expect(exactCheck(asyncRefined)('a')).toBe(false);
  });
});
