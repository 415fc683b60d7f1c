import { z } from 'zod';
import { createRng, type Rng } from './prng';

/**
 * Builds a value that passes a zod schema, for the `Prefer: code=N` and `example=empty` scenario controls.
 *
 * Why our own walker and not `@anatine/zod-mock`: measured over this contract, zod-mock's values failed 21 of
 * the response schemas (its regex strings are not real calendar dates) and it recursed without end on the
 * category tree (a `z.lazy`); it and faker are also development dependencies, which the production image does
 * not install. This walker is deterministic (the seed's PRNG, seeded per route), bounds arrays and recursion,
 * and checks every string it makes against the schema that holds it (refinements included).
 */
export interface ExampleOptions {
  /** Stable seed: the same route gets the same example. */
  seed: string;
  /** Every array empty (unless its schema needs items) and every number 0 (or its minimum): an empty list/page. */
  isEmpty?: boolean;
  /** An answer of a failure (5xx): states read as such (`degraded`, `disconnected`) and flags are false. */
  isFailure?: boolean;
}

/** Enum values that say something is wrong, picked for a failure's example when the enum has one. */
const FAILURE_VALUES = ['degraded', 'disconnected', 'failed', 'error', 'down', 'unavailable'];

/** Arrays hold at most this many items; deeper than MAX_DEPTH arrays are empty and optional fields absent. */
const MAX_ITEMS = 2;
const MAX_DEPTH = 4;

/** Values tried, in order, for a string with a pattern or a refinement: the formats this contract uses. */
const STRING_CANDIDATES = [
  '2026-01-15',
  '2026-01-15T12:00:00.000Z',
  '507f1f77bcf86cd799439011',
  'https://example.test/item',
  'example@publisher.test',
  // A page size or count (`limit=20`) before a code-like number: both are digits, only one fits a page's bounds.
  '20',
  '12345',
  'example.test',
  'Example',
  'example',
  'abc1234',
  '5001_placement',
  'US',
  '',
];

const WORDS = ['alpha', 'harbor', 'maple', 'summit', 'cedar', 'orbit', 'willow', 'ember', 'delta', 'meadow'];

interface Context {
  rng: Rng;
  isEmpty: boolean;
  isFailure: boolean;
  depth: number;
  key: string;
}

function accepts(schema: z.ZodTypeAny, value: unknown): boolean {
  return schema.safeParse(value).success;
}

function fitLength(text: string, min: number, max: number): string {
  let value = text;
  while (value.length < min) value += 'x';
  return value.slice(0, max);
}

const capitalised = (word: string): string => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** Text that reads like what its field holds: an email for `email`, a person's name for `fullName`... */
function plausibleText(key: string, first: string, second: string): string {
  const name = key.toLowerCase();
  if (name.includes('email')) return `${first}.${second}@publisher.test`;
  if (name.includes('phone')) return '+1 555 010 2026';
  if (name.includes('url') || name.includes('link') || name.includes('logo')) return `https://example.test/${first}`;
  if (name.includes('domain') || name === 'host') return `${first}.example.test`;
  if (name.includes('name') || name.includes('title')) return `${capitalised(first)} ${capitalised(second)}`;
  return `${first} ${second}`;
}

function stringValue(schema: z.ZodString, context: Context): string {
  const checks = schema._def.checks;
  let min = 0;
  let max = 40;
  for (const check of checks) {
    if (check.kind === 'min') min = Math.max(min, check.value);
    if (check.kind === 'max') max = Math.min(max, check.value);
    if (check.kind === 'length') min = max = check.value;
  }
  const kinds = new Set(checks.map((check) => check.kind));
  if (kinds.has('datetime')) return '2026-01-15T12:00:00.000Z';
  if (kinds.has('date')) return '2026-01-15';
  if (kinds.has('email')) return 'example@publisher.test';
  if (kinds.has('url')) return 'https://example.test/item';
  if (kinds.has('uuid')) return '0f8fad5b-d9cb-469f-a165-70867728950e';
  const first = context.rng.pick(WORDS);
  const second = context.rng.pick(WORDS);
  const plain = fitLength(plausibleText(context.key, first, second), min, Math.max(max, min));
  if (!kinds.has('regex') && accepts(schema, plain)) return plain;
  return STRING_CANDIDATES.find((candidate) => accepts(schema, candidate)) ?? plain;
}

function numberValue(schema: z.ZodNumber, context: Context): number {
  let min = -Infinity;
  let max = Infinity;
  for (const check of schema._def.checks) {
    if (check.kind === 'min') min = check.inclusive ? check.value : Math.floor(check.value) + 1;
    if (check.kind === 'max') max = check.inclusive ? check.value : Math.ceil(check.value) - 1;
  }
  const low = Number.isFinite(min) ? Math.ceil(min) : 0;
  if (context.isEmpty) return Math.min(Math.max(0, low), Number.isFinite(max) ? max : Infinity);
  const high = Number.isFinite(max) ? Math.floor(max) : low + 100;
  // Integers either way: a whole number passes both int() and plain number schemas.
  return context.rng.int(low, Math.max(low, Math.min(high, low + 100)));
}

/** Candidate values of a schema: one for most types, several for strings (the holder's refinements choose). */
function candidates(schema: z.ZodTypeAny, context: Context): unknown[] {
  if (schema instanceof z.ZodString) {
    return [stringValue(schema, context), ...STRING_CANDIDATES.filter((candidate) => accepts(schema, candidate))];
  }
  return [generate(schema, context)];
}

function generate(schema: z.ZodTypeAny, context: Context): unknown {
  if (schema instanceof z.ZodString) return stringValue(schema, context);
  if (schema instanceof z.ZodNumber) return numberValue(schema, context);
  if (schema instanceof z.ZodBigInt) return 0n;
  if (schema instanceof z.ZodBoolean) return !context.isEmpty && !context.isFailure;
  if (schema instanceof z.ZodDate) return new Date('2026-01-15T12:00:00.000Z');
  if (schema instanceof z.ZodNull) return null;
  if (schema instanceof z.ZodUndefined || schema instanceof z.ZodVoid) return undefined;
  if (schema instanceof z.ZodAny || schema instanceof z.ZodUnknown) return null;
  if (schema instanceof z.ZodLiteral) return schema._def.value as unknown;
  if (schema instanceof z.ZodEnum) {
    const values = schema._def.values as readonly unknown[];
    const failure = context.isFailure ? values.find((value) => FAILURE_VALUES.includes(String(value))) : undefined;
    return failure ?? values[0];
  }
  if (schema instanceof z.ZodNativeEnum) return Object.values(schema._def.values as Record<string, unknown>)[0];
  if (schema instanceof z.ZodOptional) {
    return context.depth > MAX_DEPTH ? undefined : generate(schema._def.innerType as z.ZodTypeAny, context);
  }
  if (schema instanceof z.ZodNullable) {
    return context.depth > MAX_DEPTH ? null : generate(schema._def.innerType as z.ZodTypeAny, context);
  }
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodCatch || schema instanceof z.ZodReadonly) {
    return generate(schema._def.innerType as z.ZodTypeAny, context);
  }
  if (schema instanceof z.ZodBranded) return generate(schema._def.type as z.ZodTypeAny, context);
  if (schema instanceof z.ZodPipeline) return generate(schema._def.in as z.ZodTypeAny, context);
  if (schema instanceof z.ZodLazy)
    return generate(schema._def.getter() as z.ZodTypeAny, { ...context, depth: context.depth + 1 });
  if (schema instanceof z.ZodEffects) {
    const inner = schema._def.schema as z.ZodTypeAny;
    const options = candidates(inner, context);
    return options.find((option) => accepts(schema, option)) ?? options[0];
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    const value: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const fieldValue = generate(field, { ...context, key, depth: context.depth + 1 });
      if (fieldValue !== undefined) value[key] = fieldValue;
    }
    return value;
  }
  if (schema instanceof z.ZodArray) {
    const minLength = schema._def.minLength?.value ?? 0;
    const exact = schema._def.exactLength?.value;
    const wanted = context.isEmpty || context.depth > MAX_DEPTH ? 0 : MAX_ITEMS;
    const count = exact ?? Math.max(minLength, wanted);
    return Array.from({ length: count }, () =>
      generate(schema._def.type as z.ZodTypeAny, { ...context, depth: context.depth + 1 }),
    );
  }
  if (schema instanceof z.ZodTuple) {
    return (schema._def.items as z.ZodTypeAny[]).map((item) => generate(item, context));
  }
  if (schema instanceof z.ZodRecord) {
    if (context.isEmpty) return {};
    return { example: generate(schema._def.valueType as z.ZodTypeAny, { ...context, depth: context.depth + 1 }) };
  }
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    const options = [...(schema.options as Iterable<z.ZodTypeAny>)];
    for (const option of options) {
      const value = generate(option, context);
      if (accepts(option, value)) return value;
    }
    return generate(options[0] ?? z.null(), context);
  }
  if (schema instanceof z.ZodIntersection) {
    const left = generate(schema._def.left as z.ZodTypeAny, context);
    const right = generate(schema._def.right as z.ZodTypeAny, context);
    return typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left;
  }
  return null;
}

/** A value the schema accepts (checked by the caller's response validation tests), stable for one seed. */
export function exampleOf(schema: z.ZodTypeAny, { seed, isEmpty = false, isFailure = false }: ExampleOptions): unknown {
  return generate(schema, { rng: createRng(seed), isEmpty, isFailure, depth: 0, key: '' });
}

/** Whether answers of this schema hold a list: an array at the top or as a field of the top object. */
export function holdsList(schema: z.ZodTypeAny): boolean {
  let current: z.ZodTypeAny = schema;
  while (current instanceof z.ZodEffects || current instanceof z.ZodLazy || current instanceof z.ZodOptional) {
    current = (
      current instanceof z.ZodEffects
        ? current._def.schema
        : current instanceof z.ZodLazy
          ? current._def.getter()
          : current._def.innerType
    ) as z.ZodTypeAny;
  }
  if (current instanceof z.ZodArray) return true;
  if (!(current instanceof z.ZodObject)) return false;
  return Object.values(current.shape as Record<string, z.ZodTypeAny>).some((field) => holdsList(field));
}
