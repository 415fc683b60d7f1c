import { Stream } from 'node:stream';
import {
  isAppRoute,
  isAppRouteOtherResponse,
  isZodType,
  ResponseValidationError,
  TsRestResponseError,
  type AppRoute,
  type AppRouter,
} from '@ts-rest/core';
import { createExpressEndpoints } from '@ts-rest/express';
import { z } from 'zod';

/**
 * Response validation (config/env.ts RESPONSE_VALIDATION), made cheap enough for development mode: every answer
 * is checked against its contract route as ts-rest's `responseValidation` checks it (off the contract: a
 * ResponseValidationError, which the error handler logs and answers as a 500; undeclared keys stripped), but
 * through a checker compiled once per response schema instead of a zod parse per answer.
 *
 * Why: zod 3 builds a context per value and a status object per refinement; the dashboard's earnings read (90
 * rows with a calendar-day refinement each) spent 1.5 ms per answer in `safeParse`, halving the API's throughput
 * with validation on (docs/BENCHMARKS.md). The compiled checker walks the same schema with plain loops.
 *
 * It proves validity and never decides a failure: a value it cannot prove valid (a real failure, or a schema part
 * it does not know: transforms, defaults, lazy, dates, string formats other than a pattern...) goes to zod, whose
 * answer and error are the ones used. So it can only accept what zod accepts, with the same output; the test
 * holds it to zod on every response schema of the contract.
 */

/** What a check answers when it cannot prove the value valid. */
export const UNPROVEN: unique symbol = Symbol('unproven');
/** Answers the value as zod would output it (undeclared keys stripped), or UNPROVEN. */
export type ValueCheck = (value: unknown) => unknown;

/** A schema part the compiler does not know: zod parses it (correct, as slow as before). */
const byZod =
  (schema: z.ZodTypeAny): ValueCheck =>
  (value) => {
    const result = schema.safeParse(value);
    return result.success ? (result.data as unknown) : UNPROVEN;
  };

/** What zod calls an object: not null, an array, a promise, a Map, a Set or a Date. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (value instanceof Map || value instanceof Set || value instanceof Date) return false;
  const thenable = value as { then?: unknown; catch?: unknown };
  return !(typeof thenable.then === 'function' && typeof thenable.catch === 'function');
}

function compileString(schema: z.ZodString): ValueCheck {
  const def = schema._def;
  if (def.coerce) return byZod(schema);
  const tests: ((text: string) => boolean)[] = [];
  for (const check of def.checks) {
    if (check.kind === 'min') tests.push((text) => text.length >= check.value);
    else if (check.kind === 'max') tests.push((text) => text.length <= check.value);
    else if (check.kind === 'length') tests.push((text) => text.length === check.value);
    else if (check.kind === 'regex')
      tests.push((text) => {
        check.regex.lastIndex = 0;
        return check.regex.test(text);
      });
    // Formats (url, email, datetime...) and the transforming checks (trim, toLowerCase): zod's own.
    else return byZod(schema);
  }
  return (value) => {
    if (typeof value !== 'string') return UNPROVEN;
    for (const test of tests) if (!test(value)) return UNPROVEN;
    return value;
  };
}

function compileNumber(schema: z.ZodNumber): ValueCheck {
  const def = schema._def;
  if (def.coerce) return byZod(schema);
  const tests: ((number: number) => boolean)[] = [];
  for (const check of def.checks) {
    if (check.kind === 'int') tests.push((number) => Number.isInteger(number));
    else if (check.kind === 'finite') tests.push((number) => Number.isFinite(number));
    else if (check.kind === 'min')
      tests.push(check.inclusive ? (number) => number >= check.value : (number) => number > check.value);
    else if (check.kind === 'max')
      tests.push(check.inclusive ? (number) => number <= check.value : (number) => number < check.value);
    else return byZod(schema);
  }
  return (value) => {
    if (typeof value !== 'number' || Number.isNaN(value)) return UNPROVEN;
    for (const test of tests) if (!test(value)) return UNPROVEN;
    return value;
  };
}

function compileObject(schema: z.AnyZodObject, compile: (schema: z.ZodTypeAny) => ValueCheck): ValueCheck {
  const def = schema._def;
  const isStrip = def.unknownKeys === 'strip';
  if (
    !(def.catchall instanceof z.ZodNever) ||
    !(isStrip || def.unknownKeys === 'strict' || def.unknownKeys === 'passthrough')
  )
    return byZod(schema);
  const shape = schema.shape as Record<string, z.ZodTypeAny>;
  const keys = Object.keys(shape);
  const checks = keys.map((key) => compile(shape[key] as z.ZodTypeAny));
  const known = new Set(keys);
  return (value) => {
    if (!isPlainObject(value)) return UNPROVEN;
    const output: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index] as string;
      const checked = (checks[index] as ValueCheck)(value[key]);
      if (checked === UNPROVEN) return UNPROVEN;
      // As zod: a key is written when its value is defined or the input has it.
      if (checked !== undefined || key in value) output[key] = checked;
    }
    if (!isStrip)
      for (const key in value) {
        if (known.has(key)) continue;
        if (def.unknownKeys === 'strict') return UNPROVEN;
        output[key] = value[key];
      }
    return output;
  };
}

function compileArray(schema: z.ZodArray<z.ZodTypeAny>, compile: (schema: z.ZodTypeAny) => ValueCheck): ValueCheck {
  const { exactLength, minLength, maxLength, type } = schema._def;
  const element = compile(type);
  return (value) => {
    if (!Array.isArray(value)) return UNPROVEN;
    if (exactLength !== null && value.length !== exactLength.value) return UNPROVEN;
    if (minLength !== null && value.length < minLength.value) return UNPROVEN;
    if (maxLength !== null && value.length > maxLength.value) return UNPROVEN;
    const output: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      const checked = element(value[index]);
      if (checked === UNPROVEN) return UNPROVEN;
      output[index] = checked;
    }
    return output;
  };
}

/** A refinement (`.refine`, `.superRefine`): the inner value, then the check, counting any issue it raises. */
function compileRefinement(
  schema: z.ZodEffects<z.ZodTypeAny>,
  compile: (schema: z.ZodTypeAny) => ValueCheck,
): ValueCheck {
  const { effect } = schema._def;
  if (effect.type !== 'refinement') return byZod(schema);
  const inner = compile(schema._def.schema);
  // One context for every call (a refinement runs synchronously, start to end): a new closure per value costs
  // more than the check itself under tsx, which names every function it creates.
  const context = {
    raised: false,
    addIssue(): void {
      context.raised = true;
    },
    path: [],
  };
  return (value) => {
    const checked = inner(value);
    if (checked === UNPROVEN) return UNPROVEN;
    context.raised = false;
    const result: unknown = effect.refinement(checked, context);
    // An asynchronous refinement: zod's synchronous parse throws on it, so zod decides.
    if (result instanceof Promise) return UNPROVEN;
    return context.raised ? UNPROVEN : checked;
  };
}

/** Compiles a response schema into its checker, each schema part once. */
export function compileResponseCheck(root: z.ZodTypeAny): ValueCheck {
  const compiled = new Map<z.ZodTypeAny, ValueCheck>();
  const compile = (schema: z.ZodTypeAny): ValueCheck => {
    const known = compiled.get(schema);
    if (known) return known;
    const check = compileNode(schema, compile);
    compiled.set(schema, check);
    return check;
  };
  return compile(root);
}

function compileNode(schema: z.ZodTypeAny, compile: (schema: z.ZodTypeAny) => ValueCheck): ValueCheck {
  if (schema instanceof z.ZodString) return compileString(schema);
  if (schema instanceof z.ZodNumber) return compileNumber(schema);
  if (schema instanceof z.ZodObject) return compileObject(schema as z.AnyZodObject, compile);
  if (schema instanceof z.ZodArray) return compileArray(schema as z.ZodArray<z.ZodTypeAny>, compile);
  if (schema instanceof z.ZodEffects) return compileRefinement(schema as z.ZodEffects<z.ZodTypeAny>, compile);
  if (schema instanceof z.ZodBoolean)
    return schema._def.coerce ? byZod(schema) : (value) => (typeof value === 'boolean' ? value : UNPROVEN);
  if (schema instanceof z.ZodNull) return (value) => (value === null ? value : UNPROVEN);
  if (schema instanceof z.ZodAny || schema instanceof z.ZodUnknown) return (value) => value;
  if (schema instanceof z.ZodLiteral) {
    const literal: unknown = schema._def.value;
    return (value) => (value === literal ? value : UNPROVEN);
  }
  if (schema instanceof z.ZodEnum) {
    const values = new Set<unknown>(schema._def.values as readonly string[]);
    return (value) => (typeof value === 'string' && values.has(value) ? value : UNPROVEN);
  }
  if (schema instanceof z.ZodOptional) {
    const inner = compile((schema as z.ZodOptional<z.ZodTypeAny>)._def.innerType);
    return (value) => (value === undefined ? undefined : inner(value));
  }
  if (schema instanceof z.ZodNullable) {
    const inner = compile((schema as z.ZodNullable<z.ZodTypeAny>)._def.innerType);
    return (value) => (value === null ? null : inner(value));
  }
  if (schema instanceof z.ZodUnion) {
    // zod answers the first option that holds.
    const options = (schema._def.options as z.ZodTypeAny[]).map(compile);
    return (value) => {
      for (const option of options) {
        const checked = option(value);
        if (checked !== UNPROVEN) return checked;
      }
      return UNPROVEN;
    };
  }
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const union = schema as z.ZodDiscriminatedUnion<string, z.AnyZodObject[]>;
    const options = new Map([...union.optionsMap].map(([key, option]) => [key, compile(option)]));
    return (value) => {
      if (!isPlainObject(value)) return UNPROVEN;
      const option = options.get(value[union.discriminator] as z.Primitive);
      return option ? option(value) : UNPROVEN;
    };
  }
  return byZod(schema);
}

/** The zod schema of one answer of a route (none: ts-rest checks nothing, and neither does this). */
function responseSchema(route: AppRoute, status: number): z.ZodTypeAny | undefined {
  const declared = (route.responses as Record<number, Parameters<typeof isAppRouteOtherResponse>[0] | undefined>)[
    status
  ];
  const schema: unknown = declared !== undefined && isAppRouteOtherResponse(declared) ? declared.body : declared;
  return isZodType(schema) ? schema : undefined;
}

interface HandlerResult {
  status: number | string;
  body: unknown;
}
type Handler = (args: unknown) => Promise<HandlerResult>;

/**
 * The routers of a contract with every handler's answer checked against its route: the body a handler answers
 * (or a TsRestResponseError carries) is replaced by its checked form, or a ResponseValidationError is thrown, as
 * ts-rest's `responseValidation: true` does. Streams pass unchecked, as there. Each route's checkers are compiled
 * on its first answer of each status, once per call of this function (one app).
 */
export function withResponseValidation<Routers extends object>(contract: AppRouter, routers: Routers): Routers {
  const wrap = (route: AppRoute, handler: Handler): Handler => {
    const checks = new Map<number, ValueCheck | undefined>();
    const checkFor = (status: number): ValueCheck | undefined => {
      if (!checks.has(status)) {
        const schema = responseSchema(route, status);
        checks.set(status, schema && compileResponseCheck(schema));
      }
      return checks.get(status);
    };
    return async (args) => {
      let result: HandlerResult;
      try {
        result = await handler(args);
      } catch (error) {
        if (!(error instanceof TsRestResponseError)) throw error;
        result = { status: error.statusCode, body: error.body };
      }
      if (result.body instanceof Stream) return result;
      const status = Number(result.status);
      const check = checkFor(status);
      if (!check) return result;
      const checked = check(result.body);
      if (checked !== UNPROVEN) return { ...result, body: checked };
      const schema = responseSchema(route, status);
      const parsed = schema?.safeParse(result.body);
      if (parsed && !parsed.success) throw new ResponseValidationError(route, parsed.error);
      return { ...result, body: parsed?.data };
    };
  };
  const walk = (node: AppRouter | AppRoute, implementation: unknown): unknown => {
    if (isAppRoute(node)) {
      if (typeof implementation === 'function') return wrap(node, implementation as Handler);
      const options = implementation as { handler: Handler };
      return { ...options, handler: wrap(node, options.handler) };
    }
    const walked: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(implementation as Record<string, unknown>)) {
      const route = (node as Record<string, AppRouter | AppRoute | undefined>)[key];
      walked[key] = route ? walk(route, child) : child;
    }
    return walked;
  };
  return walk(contract, routers) as Routers;
}

/**
 * ts-rest's createExpressEndpoints, with `responseValidation: true` served by withResponseValidation (the same
 * check, compiled) instead of ts-rest's zod parse per answer.
 */
export const createCheckedEndpoints: typeof createExpressEndpoints = (contract, routers, app, options) => {
  const checks = options?.responseValidation === true;
  createExpressEndpoints(contract, checks ? withResponseValidation(contract, routers) : routers, app, {
    ...options,
    responseValidation: false,
  });
};
