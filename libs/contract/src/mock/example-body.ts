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
const FIRST_NAMES = ['Avery', 'Jordan', 'Maya', 'Lucas', 'Priya', 'Noah', 'Elena', 'Omar', 'Sofia', 'Daniel'];
const LAST_NAMES = ['Carter', 'Nguyen', 'Patel', 'Okafor', 'Silva', 'Becker', 'Kim', 'Moreau', 'Haddad', 'Walsh'];
const SHOP_NAMES = ['Northwind Outfitters', 'Bluebird Home', 'Cedar & Co', 'Summit Sports', 'Harbor Books'];
const CITIES = ['Austin', 'Denver', 'Portland', 'Raleigh', 'Madison'];
const HEX = '0123456789abcdef';

interface Context {
  rng: Rng;
  isEmpty: boolean;
  isFailure: boolean;
  depth: number;
  key: string;
  /** The field that holds the current object (`database` for `database.name`): it tells what a `name` names. */
  parent: string;
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

const hexText = (rng: Rng, length: number): string =>
  Array.from({ length }, () => HEX.charAt(rng.int(0, HEX.length - 1))).join('');

/** A field name compared without case or underscores: `REPORT_DATE`, `reportDate` and `report_date` read alike. */
const normalised = (key: string): string => key.toLowerCase().replace(/_/g, '');

/**
 * Which end of a range a date field is: a start (`startDate`, `from`, `createdAt`) falls on January 1-14, an end
 * (`endDate`, `to`, `expiresAt`, `updatedAt`) on January 15-28, so the pairs of one object are in order and a
 * range stays within the 31 days the report routes accept.
 */
function dateRole(key: string): 'start' | 'end' | 'other' {
  const name = normalised(key);
  if (/start|^from|begin|since|created|issued/.test(name)) return 'start';
  if (/end|^to$|until|expire|updated/.test(name)) return 'end';
  return 'other';
}

/** Whether a field holds a date or a time by its name (`REPORT_DATE`, `startsAt`, `fixedNow`, `lastResetAt`). */
function isDateKey(key: string): boolean {
  const name = normalised(key);
  return (
    /date|time|now$|at$|edon$|gmt|since|until|expires|^day$|^from$|^to$/.test(name) && !/days|ms$|seconds/.test(name)
  );
}

/** A calendar day of 2026 in the range its role gives, and the same day as a UTC datetime. */
function dateTexts(key: string, rng: Rng): [string, string] {
  const role = dateRole(key);
  const day = role === 'other' ? rng.int(1, 28) : role === 'start' ? rng.int(1, 14) : rng.int(15, 28);
  const date = `2026-01-${String(day).padStart(2, '0')}`;
  const hour = role === 'end' ? '18' : '09';
  return [date, `${date}T${hour}:${String(rng.int(10, 59))}:00.000Z`];
}

const isIdKey = (key: string): boolean => key === '_id' || key === 'id' || /(Id|ID|_id)$/.test(key);

/** Ids as the seed writes them: a Mongo ObjectId for `_id`, a number for the other ids (merchant 5012...). */
function idTexts(key: string, rng: Rng): string[] {
  const objectId = hexText(rng, 24);
  const numeric = String(rng.int(1001, 9999));
  return key === '_id' ? [objectId, numeric] : [numeric, `${numeric}_placement`, objectId];
}

/** Text that reads like what its field holds: an email for `email`, a person's name for `fullName`... */
function plausibleText(key: string, rng: Rng, parent = ''): string {
  const first = rng.pick(WORDS);
  const second = rng.pick(WORDS);
  const name = normalised(key);
  if (name.includes('email')) return `${first}.${second}@publisher.test`;
  if (name.includes('phone')) return `+1 555 010 ${String(rng.int(1000, 9999))}`;
  if (name.includes('url') || name.includes('link') || name.includes('logo')) return `https://example.test/${first}`;
  if (name.includes('domain') || name === 'host') return `${first}.example.test`;
  if (name === 'firstname') return rng.pick(FIRST_NAMES);
  if (name === 'lastname') return rng.pick(LAST_NAMES);
  if (name === 'name') {
    const holder = normalised(parent);
    if (/database|^db$/.test(holder)) return 'publisher_portal';
    if (/merchant|store|shop|brand|advertiser/.test(holder)) return rng.pick(SHOP_NAMES);
    if (/user|vendor|publisher|profile|account|member/.test(holder)) {
      return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    }
  }
  if (/fullname|username|author|contact/.test(name)) return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  if (/merchant|store|shop|brand|advertiser/.test(name)) return rng.pick(SHOP_NAMES);
  if (name.includes('name') || name.includes('title')) return `${capitalised(first)} ${capitalised(second)}`;
  if (name === 'version') return `1.${String(rng.int(0, 9))}.${String(rng.int(0, 9))}`;
  if (name === 'city') return rng.pick(CITIES);
  if (name.includes('country')) return 'US';
  if (name === 'location') return rng.pick(CITIES);
  if (name === 'path') return '/coupons/getcoupons';
  if (name === 'method') return 'GET';
  // Figures some upstream reports send as text (Yahoo's `estimated_revenue`, `ctr`, `impressions`).
  if (isMoneyKey(key) || /^(rpc|rpm|ctr)$/.test(name)) return (rng.int(150, 250_000) / 100).toFixed(2);
  if (/clicks|impressions|count$/.test(name) && !name.endsWith('account')) return String(rng.int(3, 900));
  if (name === 'state') return 'TX';
  if (name.startsWith('address')) return `${String(rng.int(1, 999))} ${capitalised(first)} Street`;
  if (name === 'zip' || name.includes('postal')) return String(rng.int(10000, 99999));
  if (/apikey|token|secret/.test(name)) return hexText(rng, 32);
  if (name.includes('couponcode')) return `SAVE${String(rng.int(1, 5) * 10)}`;
  if (/description|message|text|error|quote/.test(name))
    return `${capitalised(first)} ${second} at ${rng.pick(SHOP_NAMES)}.`;
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
  const { key, rng } = context;
  if (isDateKey(key) || kinds.has('date') || kinds.has('datetime')) {
    const [date, datetime] = dateTexts(key, rng);
    const fitting = (kinds.has('date') ? [date, datetime] : [datetime, date]).find((text) => accepts(schema, text));
    if (fitting !== undefined) return fitting;
  }
  if (kinds.has('email')) return plausibleText('email', rng);
  if (kinds.has('url')) return `https://example.test/${rng.pick(WORDS)}`;
  if (kinds.has('uuid')) return '0f8fad5b-d9cb-469f-a165-70867728950e';
  if (isIdKey(key)) {
    const id = idTexts(key, rng).find((text) => accepts(schema, text));
    if (id !== undefined) return id;
  }
  const plain = fitLength(plausibleText(key, rng, context.parent), min, Math.max(max, min));
  if (!kinds.has('regex') && accepts(schema, plain)) return plain;
  return STRING_CANDIDATES.find((candidate) => accepts(schema, candidate)) ?? plain;
}

/** Money fields (`EARNINGS`, `salesAmount`, `price`, `cpc`...): they get cents where the schema allows them. */
function isMoneyKey(key: string): boolean {
  const name = normalised(key);
  return (
    /earning|amount|price|revenue|commission|payout|cost|cpc|cpa|aov|epc|^sales$|perredirect|balance/.test(name) &&
    !/count|redirects|clicks/.test(name)
  );
}

const isRateKey = (key: string): boolean => /rate$|percent|ratio/.test(normalised(key));

function numberValue(schema: z.ZodNumber, context: Context): number {
  let min = -Infinity;
  let max = Infinity;
  for (const check of schema._def.checks) {
    if (check.kind === 'min') min = check.inclusive ? check.value : Math.floor(check.value) + 1;
    if (check.kind === 'max') max = check.inclusive ? check.value : Math.ceil(check.value) - 1;
  }
  const low = Number.isFinite(min) ? Math.ceil(min) : 0;
  if (context.isEmpty) return Math.min(Math.max(0, low), Number.isFinite(max) ? max : Infinity);
  const high = Number.isFinite(max) ? Math.floor(max) : low + 1_000_000;
  const clamp = (value: number): number => Math.min(Math.max(value, low), Math.max(low, high));
  const { key, rng } = context;
  const name = normalised(key);
  // Of a pair, the minimum draws from the low end and the maximum from the high end (`minMs` <= `maxMs`).
  if (name.startsWith('min')) return clamp(low + rng.int(0, 40));
  if (name.startsWith('max')) return clamp(low + rng.int(60, 100));
  // Per click or per redirect: cents, not hundreds.
  if (!schema.isInt && /cpc|epc|perredirect/.test(name)) return clamp(rng.int(5, 250) / 100);
  if (!schema.isInt && isMoneyKey(key)) return clamp(rng.int(150, 250_000) / 100);
  if (!schema.isInt && isRateKey(key)) return clamp(rng.int(50, 1200) / 100);
  // A page's total counts at least the rows the example holds.
  if (/^total(count|records|rows|items)?$/.test(name)) return clamp(rng.int(MAX_ITEMS + 10, 240));
  if (/count|clicks|redirects|records|orders|conversions/.test(name)) return clamp(rng.int(3, 900));
  // Integers otherwise: a whole number passes both int() and plain number schemas.
  return rng.int(low, Math.max(low, Math.min(high, low + 100)));
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
      const fieldValue = generate(field, { ...context, key, parent: context.key, depth: context.depth + 1 });
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
  return generate(schema, { rng: createRng(seed), isEmpty, isFailure, depth: 0, key: '', parent: '' });
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
