import { isAppRouteNoBody, isAppRouteOtherResponse, type AppRoute } from '@ts-rest/core';
import { z } from 'zod';
import { handWrittenExample } from '../common/access';
import { errorEnvelopeSchema, type ErrorEnvelope } from '../common/error.schema';
import { exampleOf, holdsList } from './example-body';

/**
 * The named examples of the routes: the one source of what `Prefer: example=<name>` answers on the API and in the
 * MSW handlers, and of the examples the OpenAPI document shows. They are built from the response schemas by the
 * field-name rules of the example generator (emails, names, dates in order, money with cents), so a new route
 * gets them with no hand-written JSON.
 */
export const EXAMPLE_DESCRIPTIONS = {
  typical: 'A typical answer: plausible values, lists with a few rows.',
  empty: 'An empty list or page: arrays empty, totals 0.',
} as const;

export type ExampleName = keyof typeof EXAMPLE_DESCRIPTIONS;

const isExampleName = (name: string): name is ExampleName => Object.hasOwn(EXAMPLE_DESCRIPTIONS, name);

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** The zod schema of a JSON answer the route documents for `status`; undefined for no body or another type. */
export function jsonSchemaAt(route: AppRoute, status: number): z.ZodTypeAny | undefined {
  const response = route.responses[status];
  if (response === undefined || isAppRouteNoBody(response) || isAppRouteOtherResponse(response)) return undefined;
  return response instanceof z.ZodType ? response : undefined;
}

/**
 * The examples `route` names for `status`: `typical` for a JSON success, and `empty` too where that answer holds a
 * list or a page. Other statuses have one unnamed example each ({@link exampleBody}).
 */
export function exampleNames(route: AppRoute, status: number): ExampleName[] {
  const schema = jsonSchemaAt(route, status);
  if (!isSuccess(status) || schema === undefined || schema === errorEnvelopeSchema) return [];
  return holdsList(schema) ? ['typical', 'empty'] : ['typical'];
}

/** The envelope a scenario's error answer carries: it says where the error comes from. */
export function scenarioEnvelope(status: number, why: string): ErrorEnvelope {
  const message = `Scenario: ${String(status)} ${why}.`;
  return { statusMessages: [message], errors: [message] };
}

/**
 * The body of the JSON answer `route` documents for `status`: the named example for a success (`typical` when no
 * name is given), a failure-shaped one for a 5xx (a health check says `degraded`), the envelope for an error.
 * Stable: the same route, status and name give the same body. Undefined where the answer is not JSON.
 */
export function exampleBody(route: AppRoute, status: number, name: ExampleName = 'typical'): unknown {
  const schema = jsonSchemaAt(route, status);
  if (schema === undefined) return undefined;
  if (schema === errorEnvelopeSchema) return scenarioEnvelope(status, 'as asked by the Prefer header');
  const written = handWrittenExample(route, status);
  if (written !== undefined && (status >= 500 || name === 'typical')) return written;
  const seed = `${route.method} ${route.path} ${String(status)}`;
  return exampleOf(schema, { seed, isEmpty: name === 'empty', isFailure: status >= 500 });
}

export type ExampleChoice = { ok: true; name?: ExampleName } | { ok: false; message: string };

/**
 * What `Prefer: example=<asked>` selects for `status` of `route`. A name the route has is chosen. A name some route
 * has but this one does not (`empty` where nothing is a list) is ignored, as RFC 7240 lets a server do: the dev
 * panel may send one preference with every call. Any other name is a 400 that lists the route's names, since a
 * misspelt example that silently did nothing would let a test pass for the wrong reason.
 */
export function chooseExample(route: AppRoute, status: number, asked: string | undefined): ExampleChoice {
  if (asked === undefined) return { ok: true };
  const names = exampleNames(route, status);
  const found = names.find((name) => name === asked);
  if (found !== undefined) return { ok: true, name: found };
  if (isExampleName(asked)) return { ok: true };
  const has = names.length > 0 ? names.join(', ') : 'none';
  return {
    ok: false,
    message: `Prefer: example=${asked} is not an example of ${route.method} ${route.path} ${String(status)}; it has: ${has}.`,
  };
}
