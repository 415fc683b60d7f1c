import { contract } from '@publisher/contract';
import { exampleOf } from '@publisher/contract/mock';
import { isAppRoute, isAppRouteOtherResponse, isZodType, ResponseValidationError, type AppRoute } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseCheck, UNPROVEN, withResponseValidation } from './response-validation';

/** Every response schema of the contract, by route and status. */
function responseSchemas(): { name: string; schema: z.ZodTypeAny }[] {
  const found: { name: string; schema: z.ZodTypeAny }[] = [];
  const walk = (node: unknown): void => {
    if (isAppRoute(node as AppRoute)) {
      const route = node as AppRoute;
      for (const [status, declared] of Object.entries(route.responses as Record<string, unknown>)) {
        const schema = isAppRouteOtherResponse(declared as never) ? (declared as { body: unknown }).body : declared;
        if (isZodType(schema)) found.push({ name: `${route.method} ${route.path} ${status}`, schema });
      }
      return;
    }
    for (const child of Object.values(node as Record<string, unknown>)) walk(child);
  };
  walk(contract);
  return found;
}

/** Off-contract variants of a valid body: each value in turn replaced by one of another type or removed. */
function* mutants(value: unknown): Generator {
  const replacements: unknown[] = [undefined, null, 1.5, -1, '', '2026-02-30', true, {}];
  for (const replacement of replacements) if (replacement !== value) yield replacement;
  if (Array.isArray(value)) {
    const items = value as unknown[];
    for (let index = 0; index < items.length; index += 1)
      for (const inner of mutants(items[index])) yield items.map((item, at) => (at === index ? inner : item));
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    yield { ...record, undeclared: 'stripped or refused' };
    for (const key of Object.keys(record)) for (const inner of mutants(record[key])) yield { ...record, [key]: inner };
  }
}

const schemas = responseSchemas();

describe('the compiled response check', () => {
  it('covers every response schema of the contract', () => {
    expect(schemas.length).toBeGreaterThan(100);
  });

  it('answers what zod answers for every example body of every response schema', () => {
    for (const { name, schema } of schemas)
      for (const options of [
        { seed: name },
        { seed: `${name} empty`, isEmpty: true },
        { seed: name, isFailure: true },
      ]) {
        const body = exampleOf(schema, options);
        const parsed = schema.safeParse(body);
        const checked = compileResponseCheck(schema)(body);
        if (parsed.success) expect(checked, name).toEqual(parsed.data);
        else expect(checked, name).toBe(UNPROVEN);
      }
  });

  it('accepts no off-contract body that zod refuses, and strips what zod strips', () => {
    let refused = 0;
    for (const { name, schema } of schemas) {
      const check = compileResponseCheck(schema);
      let tried = 0;
      for (const mutant of mutants(exampleOf(schema, { seed: name }))) {
        // Enough to reach every field of the larger bodies' first rows; the rest repeat them.
        if ((tried += 1) > 400) break;
        const parsed = schema.safeParse(mutant);
        const checked = check(mutant);
        if (!parsed.success) {
          refused += 1;
          expect(checked, `${name}: ${JSON.stringify(mutant)}`).toBe(UNPROVEN);
        } else if (checked !== UNPROVEN) expect(checked, name).toEqual(parsed.data);
      }
    }
    // The mutants do reach the checks: most of them are off the contract.
    expect(refused).toBeGreaterThan(1_000);
  });

  it('holds refinements, enums, literals, unions and strictness as zod does', () => {
    const schema = z.object({
      day: z.string().refine((text) => text !== '2026-02-30', 'not a day'),
      kind: z.enum(['a', 'b']),
      exact: z.literal(3),
      either: z.union([z.number().int().min(1), z.string().max(2)]),
      tagged: z.discriminatedUnion('type', [
        z.object({ type: z.literal('x'), x: z.number() }),
        z.object({ type: z.literal('y'), y: z.string() }),
      ]),
      strict: z.object({ only: z.boolean() }).strict(),
      open: z.object({ kept: z.number().nonnegative() }).passthrough(),
      maybe: z.string().nullable().optional(),
    });
    const check = compileResponseCheck(schema);
    const good = {
      day: '2026-02-28',
      kind: 'a',
      exact: 3,
      either: 'ab',
      tagged: { type: 'y', y: 'text', extra: 1 },
      strict: { only: true },
      open: { kept: 0, extra: 'kept' },
      maybe: null,
      extra: 'stripped',
    };
    expect(check(good)).toEqual(schema.parse(good));
    expect(check(good)).not.toHaveProperty('extra');
    for (const bad of [
      { ...good, day: '2026-02-30' },
      { ...good, kind: 'c' },
      { ...good, exact: 4 },
      { ...good, either: 0.5 },
      { ...good, either: 'abc' },
      { ...good, tagged: { type: 'x', y: 'text' } },
      { ...good, strict: { only: true, more: 1 } },
      { ...good, open: { kept: -1 } },
      { ...good, maybe: 5 },
    ]) {
      expect(schema.safeParse(bad).success).toBe(false);
      expect(check(bad), JSON.stringify(bad)).toBe(UNPROVEN);
    }
  });
});

describe('withResponseValidation', () => {
  const health = contract.system.health as AppRoute;
  const routers = (body: unknown) =>
    withResponseValidation({ health }, { health: async () => ({ status: 200, body }) }) as {
      health: (args: unknown) => Promise<{ status: number; body: unknown }>;
    };

  it('throws ts-rest ResponseValidationError, with zod error, for an off-contract answer', async () => {
    const answer = routers({ status: 'ok', version: 42 }).health({});
    await expect(answer).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(answer).rejects.toThrow(/Response validation failed for GET \/health/);
  });

  it('answers the checked body of an on-contract answer', async () => {
    const schema = health.responses[200] as z.ZodTypeAny;
    const body = exampleOf(schema, { seed: 'health' });
    const answer = await routers({ ...(body as object), undeclared: true }).health({});
    expect(answer).toEqual({ status: 200, body: schema.parse(body) });
  });
});
