import { z, type ZodTypeAny } from 'zod';
import { isDeeplyFrozen } from './frozen-rows';

/**
 * A precompiled answer to one question about a response body: "is this value already exactly what the schema's
 * `parse` would return?" (the same JSON value: no key zod would strip, no default it would fill in, no string it
 * would trim or lower-case, every check passing). When it is, the handler's own value can be sent as it is;
 * when it is not, or the schema holds something the compiler does not model (transforms, pipelines,
 * intersections), the caller parses with zod as before, which gives the stripped output or the exact error.
 *
 * Why: zod 3 builds a fresh copy of every object and array it parses, so validating a page of 100 coupons
 * allocates thousands of objects per request; the check walks the same value without allocating. It is sound
 * by construction, never by sampling: `true` only where zod would return an equal value (see exact-check.test.ts,
 * which compares it with zod over the whole contract).
 */
export type ExactCheck = (value: unknown) => boolean;

const compiled = new WeakMap<ZodTypeAny, ExactCheck>();

/** The check for a schema, compiled once per schema object. */
export function exactCheck(schema: ZodTypeAny): ExactCheck {
  let check = compiled.get(schema);
  if (!check) {
    // Recursive schemas (z.lazy) reach themselves while compiling: the placeholder defers to the finished check.
    const slot: { check?: ExactCheck } = {};
    compiled.set(schema, (value) => (slot.check ?? never)(value));
    slot.check = compile(schema);
    compiled.set(schema, slot.check);
    check = slot.check;
  }
  return check;
}

const never: ExactCheck = () => false;
const always: ExactCheck = () => true;

/** zod's own verdict on a subtree, for checks the compiler does not model one by one (it allocates only a result). */
const byZod =
  (schema: ZodTypeAny): ExactCheck =>
  (value) =>
    schema.safeParse(value).success;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

function compile(schema: ZodTypeAny): ExactCheck {
  if (schema instanceof z.ZodString) return compileString(schema);
  if (schema instanceof z.ZodNumber) return compileNumber(schema);
  if (schema instanceof z.ZodBoolean) return (value) => typeof value === 'boolean';
  if (schema instanceof z.ZodNull) return (value) => value === null;
  if (schema instanceof z.ZodUndefined) return (value) => value === undefined;
  if (schema instanceof z.ZodAny || schema instanceof z.ZodUnknown) return always;
  if (schema instanceof z.ZodLiteral) {
    const literal: unknown = schema.value;
    return (value) => value === literal;
  }
  if (schema instanceof z.ZodEnum) {
    const options = new Set<unknown>(schema.options as readonly string[]);
    return (value) => typeof value === 'string' && options.has(value);
  }
  if (schema instanceof z.ZodDate) {
    const zodCheck = byZod(schema);
    return (value) => value instanceof Date && !Number.isNaN(value.getTime()) && zodCheck(value);
  }
  if (schema instanceof z.ZodOptional) {
    const inner = exactCheck(schema.unwrap() as ZodTypeAny);
    return (value) => value === undefined || inner(value);
  }
  if (schema instanceof z.ZodNullable) {
    const inner = exactCheck(schema.unwrap() as ZodTypeAny);
    return (value) => value === null || inner(value);
  }
  if (schema instanceof z.ZodDefault) {
    // zod would fill the default in: not the same value.
    const inner = exactCheck(schema.removeDefault() as ZodTypeAny);
    return (value) => value !== undefined && inner(value);
  }
  if (schema instanceof z.ZodCatch) return exactCheck(schema.removeCatch() as ZodTypeAny);
  if (schema instanceof z.ZodBranded) return exactCheck(schema.unwrap() as ZodTypeAny);
  if (schema instanceof z.ZodReadonly) return exactCheck(schema.unwrap() as ZodTypeAny);
  if (schema instanceof z.ZodLazy) {
    const lazy = schema;
    return (value) => exactCheck(lazy.schema as ZodTypeAny)(value);
  }
  if (schema instanceof z.ZodArray) return compileArray(schema as z.ZodArray<ZodTypeAny>);
  if (schema instanceof z.ZodObject) return compileObject(schema as z.AnyZodObject);
  if (schema instanceof z.ZodRecord) return compileRecord(schema as z.ZodRecord);
  if (schema instanceof z.ZodTuple) return compileTuple(schema as z.ZodTuple);
  if (schema instanceof z.ZodUnion) return compileUnion(schema.options as readonly ZodTypeAny[]);
  if (schema instanceof z.ZodDiscriminatedUnion)
    return compileDiscriminatedUnion(schema as z.ZodDiscriminatedUnion<string, z.AnyZodObject[]>);
  if (schema instanceof z.ZodEffects) {
    // A refinement returns its input unchanged: exact when the inner value is and zod accepts the whole.
    const { effect } = schema._def;
    if (effect.type !== 'refinement') return never;
    const inner = exactCheck(schema.innerType() as ZodTypeAny);
    return (value) => inner(value) && refines(effect.refinement, value);
  }
  // Transforms, pipelines, intersections, maps, sets, promises...: let zod parse.
  return never;
}

/**
 * Runs a refinement as zod does (`refine` and `superRefine` both report failure through `ctx.addIssue`) with one
 * shared context instead of zod's per-parse state: a date field checked on every row of a report allocates
 * nothing. An asynchronous refinement is not decided here (zod refuses it in a synchronous parse).
 */
let refinementFailed = false;
const refinementContext: z.RefinementCtx = {
  addIssue: () => {
    refinementFailed = true;
  },
  path: [],
};
function refines(refinement: (value: unknown, ctx: z.RefinementCtx) => unknown, value: unknown): boolean {
  refinementFailed = false;
  const result = refinement(value, refinementContext);
  if (result instanceof Promise) {
    result.catch(() => undefined);
    return false;
  }
  return !refinementFailed;
}

function compileString(schema: z.ZodString): ExactCheck {
  const checks: ((value: string) => boolean)[] = [];
  let needsZod = false;
  for (const check of schema._def.checks) {
    switch (check.kind) {
      case 'min':
        checks.push((value) => value.length >= check.value);
        break;
      case 'max':
        checks.push((value) => value.length <= check.value);
        break;
      case 'length':
        checks.push((value) => value.length === check.value);
        break;
      case 'regex': {
        const { regex } = check;
        checks.push((value) => {
          regex.lastIndex = 0;
          return regex.test(value);
        });
        break;
      }
      case 'trim':
        checks.push((value) => value === value.trim());
        break;
      case 'toLowerCase':
        checks.push((value) => value === value.toLowerCase());
        break;
      case 'toUpperCase':
        checks.push((value) => value === value.toUpperCase());
        break;
      case 'startsWith':
        checks.push((value) => value.startsWith(check.value));
        break;
      case 'endsWith':
        checks.push((value) => value.endsWith(check.value));
        break;
      case 'url':
        // zod's own test (`new URL(value)` does not throw), without building the URL object.
        checks.push((value) => URL.canParse(value));
        break;
      default:
        // email, datetime, uuid...: zod's own check of the string (no copy to make).
        needsZod = true;
    }
  }
  const zodCheck = needsZod ? byZod(schema) : undefined;
  return (value) => {
    if (typeof value !== 'string') return false;
    for (const check of checks) if (!check(value)) return false;
    return zodCheck === undefined || zodCheck(value);
  };
}

function compileNumber(schema: z.ZodNumber): ExactCheck {
  const checks: ((value: number) => boolean)[] = [];
  for (const check of schema._def.checks) {
    switch (check.kind) {
      case 'int':
        checks.push((value) => Number.isInteger(value));
        break;
      case 'min':
        checks.push(check.inclusive ? (value) => value >= check.value : (value) => value > check.value);
        break;
      case 'max':
        checks.push(check.inclusive ? (value) => value <= check.value : (value) => value < check.value);
        break;
      case 'finite':
        checks.push((value) => Number.isFinite(value));
        break;
      case 'multipleOf': {
        const zodCheck = byZod(schema);
        checks.push((value) => zodCheck(value));
        break;
      }
    }
  }
  return (value) => {
    if (typeof value !== 'number' || Number.isNaN(value)) return false;
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

function compileArray(schema: z.ZodArray<ZodTypeAny>): ExactCheck {
  const { minLength, maxLength, exactLength } = schema._def;
  const item = exactCheck(schema._def.type);
  // Deeply frozen items that passed once pass forever (shared/frozen-rows.ts): a read model's rows are checked once.
  const passed = new WeakSet<object>();
  return (value) => {
    if (!Array.isArray(value)) return false;
    if (minLength && value.length < minLength.value) return false;
    if (maxLength && value.length > maxLength.value) return false;
    if (exactLength && value.length !== exactLength.value) return false;
    for (let index = 0; index < value.length; index += 1) {
      const element: unknown = value[index];
      const isObject = typeof element === 'object' && element !== null;
      if (isObject && passed.has(element)) continue;
      if (!item(element)) return false;
      if (isObject && isDeeplyFrozen(element)) passed.add(element);
    }
    return true;
  };
}

function compileObject(schema: z.AnyZodObject): ExactCheck {
  const shape = schema.shape as Record<string, ZodTypeAny>;
  const keys = Object.keys(shape);
  const fields = keys.map((key) => [key, exactCheck(shape[key] as ZodTypeAny)] as const);
  const known = new Set(keys);
  const catchall = schema._def.catchall as ZodTypeAny;
  const catchallIsNever = catchall instanceof z.ZodNever;
  const extra: ExactCheck | 'strip' | 'strict' | 'passthrough' = catchallIsNever
    ? (schema._def.unknownKeys as 'strip' | 'strict' | 'passthrough')
    : exactCheck(catchall);
  return (value) => {
    if (!isPlainObject(value)) return false;
    for (const [key, check] of fields) if (!check(value[key])) return false;
    if (extra === 'passthrough') return true;
    for (const key in value) {
      if (known.has(key) || !Object.prototype.hasOwnProperty.call(value, key)) continue;
      // A key zod would strip only matters when it reaches the JSON.
      if (extra === 'strip') {
        if (value[key] !== undefined) return false;
      } else if (extra === 'strict' || !extra(value[key])) return false;
    }
    return true;
  };
}

function compileRecord(schema: z.ZodRecord): ExactCheck {
  const keyCheck = exactCheck(schema._def.keyType as ZodTypeAny);
  const valueCheck = exactCheck(schema._def.valueType);
  return (value) => {
    if (!isPlainObject(value)) return false;
    for (const key of Object.keys(value)) if (!keyCheck(key) || !valueCheck(value[key])) return false;
    return true;
  };
}

function compileTuple(schema: z.ZodTuple): ExactCheck {
  const items = (schema._def.items as ZodTypeAny[]).map((item) => exactCheck(item));
  const rest = schema._def.rest ? exactCheck(schema._def.rest as ZodTypeAny) : undefined;
  return (value) => {
    if (!Array.isArray(value)) return false;
    if (value.length < items.length || (!rest && value.length > items.length)) return false;
    return value.every((item, index) => (items[index] ?? rest ?? never)(item));
  };
}

/**
 * zod answers a union with its first option that parses. Exact when the first option that accepts the value
 * accepts it exactly; an earlier option that accepts it by stripping (say) would make zod's answer differ.
 */
function compileUnion(options: readonly ZodTypeAny[]): ExactCheck {
  const checks = options.map((option) => [option, exactCheck(option)] as const);
  return (value) => {
    for (const [option, check] of checks) {
      if (check(value)) return true;
      if (option.safeParse(value).success) return false;
    }
    return false;
  };
}

function compileDiscriminatedUnion(schema: z.ZodDiscriminatedUnion<string, z.AnyZodObject[]>): ExactCheck {
  const { discriminator, optionsMap } = schema._def;
  return (value) => {
    if (!isPlainObject(value)) return false;
    const option = optionsMap.get(value[discriminator] as z.Primitive);
    return option !== undefined && exactCheck(option)(value);
  };
}
