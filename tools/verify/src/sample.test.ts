import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, contractRoutes } from '@publisher/contract';
import { ROUTE_OVERRIDES } from './overrides';
import { requiredFields, sample } from './sample';

describe('sample', () => {
  it('fills required fields only, with the hints first, through refinements and pipelines', () => {
    const schema = z
      .object({
        startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        pageNo: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().min(1)),
        kind: z.enum(['daily', 'weekly']),
        note: z.string().optional(),
      })
      .refine((value) => value.startDate < '2030-01-01');
    expect(sample(schema, undefined, { startDate: ['2026-11-01'] })).toEqual({
      startDate: '2026-11-01',
      pageNo: '1',
      kind: 'daily',
    });
  });

  it('skips a hint the schema refuses and answers undefined when nothing fits', () => {
    expect(sample(z.object({ vendorId: z.number() }), undefined, { vendorId: ['5001', 5001] })).toEqual({
      vendorId: 5001,
    });
    expect(sample(z.string().regex(/^zz-\d{9}$/), 'code', {})).toBeUndefined();
  });

  it('builds a valid request for every route of the contract that has no override', () => {
    const hints = { startDate: ['2026-11-01'], endDate: ['2026-11-07'], country: ['us'] };
    const missing = contractRoutes(contract)
      .filter((entry) => !ROUTE_OVERRIDES[entry.key]?.build)
      .flatMap((entry) =>
        (['pathParams', 'query', 'body'] as const).flatMap((part) => {
          const schema = (entry.route as Partial<Record<typeof part, unknown>>)[part];
          if (!(schema instanceof z.ZodType)) return [];
          const value = sample(schema, undefined, hints);
          return schema.safeParse(value).success ? [] : [`${entry.key} ${part}`];
        }),
      );
    expect(missing).toEqual([]);
  });
});

describe('requiredFields', () => {
  it('names the fields without a default that undefined does not satisfy', () => {
    const schema = z.object({ a: z.string(), b: z.string().optional(), c: z.number().default(1), d: z.boolean() });
    expect(requiredFields(schema)).toEqual(['a', 'd']);
  });
});
