/**
 * `cd apps/api && npx tsx src/bench/validation-cost.ts`: the CPU cost of checking one answer of each of the bench's four
 * hot reads against its route, as ts-rest's responseValidation does it (zod's safeParse) and as the API does it
 * (apps/api/src/shared/response-validation.ts, compiled once per schema). One process, the two measured in turns,
 * so a loaded machine slows both alike: the ratio is what counts. Bodies are the contract's example rows repeated
 * to each read's size (90 daily earnings rows, a page of 50 conversion rows, 20 products, 100 coupons).
 *
 * The figure that matters beside it: an answer's whole cost in the API with validation off (`npm run bench`,
 * 1 / req/s of one process); validation on costs that plus the check.
 */
import { contract } from '@publisher/contract';
import { exampleOf } from '@publisher/contract/mock';
import type { z } from 'zod';
import { compileResponseCheck } from '../shared/response-validation';

const schemaOf = (route: { responses: Record<number, unknown> }): z.ZodTypeAny => route.responses[200] as z.ZodTypeAny;

/** An example body whose list (at `path`) holds `rows` copies of its first row. */
function sized(schema: z.ZodTypeAny, path: string[], rows: number): unknown {
  const body = exampleOf(schema, { seed: path.join('.') }) as Record<string, unknown>;
  let holder = body;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
  const last = path.at(-1) ?? '';
  const [first] = holder[last] as unknown[];
  holder[last] = Array.from({ length: rows }, () => structuredClone(first));
  return body;
}

const READS = [
  {
    name: 'earnings (90 daily rows)',
    schema: schemaOf(contract.reports.getEarningsReport),
    path: ['reports', 'earnings'],
    rows: 90,
  },
  {
    name: 'conversions (50 rows)',
    schema: schemaOf(contract.reports.getConversionReports),
    path: ['reportsData'],
    rows: 50,
  },
  { name: 'products (20 rows)', schema: schemaOf(contract.catalog.getProductslist), path: ['data'], rows: 20 },
  { name: 'coupons (100 rows)', schema: schemaOf(contract.coupons.getCoupons), path: ['data'], rows: 100 },
];

const ROUNDS = Number(process.env['ROUNDS'] ?? '3');
const PER_ROUND = Number(process.env['PER_ROUND'] ?? '2000');

function microsecondsPerCall(check: () => unknown): number {
  const started = performance.now();
  for (let index = 0; index < PER_ROUND; index += 1) check();
  return ((performance.now() - started) / PER_ROUND) * 1000;
}

for (const read of READS) {
  const body = sized(read.schema, read.path, read.rows);
  const compiled = compileResponseCheck(read.schema);
  if (!read.schema.safeParse(body).success) throw new Error(`${read.name}: the example body is off its schema`);
  // Warm both (the JIT), then alternate rounds.
  microsecondsPerCall(() => read.schema.safeParse(body));
  microsecondsPerCall(() => compiled(body));
  const zod: number[] = [];
  const ours: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    zod.push(microsecondsPerCall(() => read.schema.safeParse(body)));
    ours.push(microsecondsPerCall(() => compiled(body)));
  }
  const best = (values: number[]): number => Math.min(...values);
  console.log(
    `${read.name.padEnd(26)} zod safeParse ${best(zod).toFixed(0).padStart(5)} µs, compiled ${best(ours).toFixed(0).padStart(4)} µs (${(best(zod) / best(ours)).toFixed(1)}x less)`,
  );
}
