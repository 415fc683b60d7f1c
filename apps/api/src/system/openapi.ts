import { join } from 'node:path';
import type { AppRoute } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';
import { ZodEffects, ZodObject, ZodType, type ZodTypeAny } from 'zod';
import {
  CALENDAR_DAY_REGEX,
  CONTROL_PATH_PREFIX,
  MAX_SCENARIO_DELAY_MS,
  contract,
  controlContract,
  openApiHintOf,
  routeAccessOf,
} from '@publisher/contract';
import { EXAMPLE_DESCRIPTIONS, exampleBody, exampleNames } from '@publisher/contract/mock';
import { API_VERSION } from './system.router';

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Rewrites what the generator emits in JSON Schema 2019 style into OpenAPI 3.0's dialect, which validators
 * (and the clients generated from the document) hold it to:
 * - a numeric `exclusiveMinimum: n` (zod's `.positive()`, `.gt(n)`) becomes `minimum: n, exclusiveMinimum: true`,
 *   likewise for maxima;
 * - `oneOf` becomes `anyOf`: a zod union accepts a value that matches any branch (the first that matches wins),
 *   while `oneOf` would refuse one that matches two.
 */
export function toOpenApi30Dialect(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(toOpenApi30Dialect);
  if (value === null || typeof value !== 'object') return value;
  let result: { [key: string]: JsonValue } = {};
  for (const [key, child] of Object.entries(value)) {
    result[key === 'oneOf' ? 'anyOf' : key] = toOpenApi30Dialect(child);
  }
  for (const [exclusive, inclusive, stricter] of [
    ['exclusiveMinimum', 'minimum', Math.max],
    ['exclusiveMaximum', 'maximum', Math.min],
  ] as const) {
    const bound = result[exclusive];
    if (typeof bound !== 'number') continue;
    const other = result[inclusive];
    result = Object.fromEntries(Object.entries(result).filter(([key]) => key !== exclusive));
    // With both bounds keep the stricter; an inclusive bound at the same value is looser than the exclusive one.
    if (typeof other !== 'number' || stricter(other, bound) === bound) {
      result[inclusive] = bound;
      result[exclusive] = true;
    }
  }
  // A schema of any value (z.unknown().nullable()) already allows null: 3.0 gives `nullable` meaning only beside a
  // `type`, and linters (Redocly's nullable-type-sibling) reject it alone.
  if (result['nullable'] === true && Object.keys(result).every((key) => SCHEMA_ANNOTATIONS.has(key))) {
    delete result['nullable'];
  }
  return result;
}

/** Keys of a schema that say nothing about the value's type. */
const SCHEMA_ANNOTATIONS: ReadonlySet<string> = new Set(['nullable', 'description', 'title', 'example', 'default']);

/** Applies `rule` to every object of a JSON value, children first. */
function mapObjects(value: JsonValue, rule: (node: { [key: string]: JsonValue }) => void): JsonValue {
  if (Array.isArray(value)) return value.map((child) => mapObjects(child, rule));
  if (value === null || typeof value !== 'object') return value;
  const result = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, mapObjects(child, rule)]));
  rule(result);
  return result;
}

/** The wire pattern of a calendar day (isoDateSchema, queryDate). */
const CALENDAR_DAY_PATTERN = CALENDAR_DAY_REGEX.source;

/**
 * Marks every calendar-day string `format: date` (RFC 3339 full-date, which is exactly the wire format), so clients
 * generated from the document type them as dates and fuzzers generate real days; the pattern stays.
 */
export const withCalendarDayFormat = (value: JsonValue): JsonValue =>
  mapObjects(value, (node) => {
    if (node['type'] === 'string' && node['pattern'] === CALENDAR_DAY_PATTERN) node['format'] = 'date';
  });

/** The fields of a request schema, through the refinements of rules across fields (withDateRange). */
export function fieldsOf(schema: unknown): Record<string, ZodTypeAny> {
  let current = schema;
  while (current instanceof ZodEffects) current = current.innerType();
  return current instanceof ZodObject ? (current.shape as Record<string, ZodTypeAny>) : {};
}

/**
 * The field's JSON Schema as its hint says it (openApiHintOf), keeping the generator's default and description;
 * the generated one where the field has no hint.
 */
function hinted(generated: unknown, field: ZodTypeAny | undefined): unknown {
  const hint = field === undefined ? undefined : openApiHintOf(field);
  if (hint === undefined || generated === null || typeof generated !== 'object') return generated;
  const { default: fallback, description } = generated as { default?: unknown; description?: unknown };
  return {
    ...hint,
    ...(fallback === undefined ? {} : { default: fallback }),
    ...(description === undefined ? {} : { description }),
  };
}

/** Puts the hints of the route's query fields and top-level body fields on their parameters and properties. */
function withHints(operation: Operation, route: AppRoute): Operation {
  const query = fieldsOf(route.query);
  const parameters = operation.parameters?.map((parameter) =>
    'in' in parameter && parameter.in === 'query'
      ? { ...parameter, schema: hinted(parameter.schema, query[parameter.name]) as typeof parameter.schema }
      : parameter,
  );
  const requestBody = operation.requestBody && 'content' in operation.requestBody ? operation.requestBody : undefined;
  const json = requestBody?.content['application/json'];
  const bodySchema = json?.schema as { properties?: Record<string, unknown> } | undefined;
  if (requestBody === undefined || json === undefined || bodySchema?.properties === undefined || !('body' in route)) {
    return { ...operation, parameters };
  }
  const body = fieldsOf(route.body);
  const properties = Object.fromEntries(
    Object.entries(bodySchema.properties).map(([name, schema]) => [name, hinted(schema, body[name])]),
  );
  return {
    ...operation,
    parameters,
    requestBody: {
      ...requestBody,
      content: {
        ...requestBody.content,
        'application/json': { ...json, schema: { ...bodySchema, properties } as typeof json.schema },
      },
    },
  };
}

/**
 * The description of a route's request (its body's or its query's schema, as the contract describes it): the rules
 * across fields that JSON Schema cannot say, such as a date range's (withDateRange).
 */
function requestDescription(route: AppRoute): string | undefined {
  const described = ['body' in route ? route.body : undefined, route.query]
    .map((schema) => (schema instanceof ZodType ? schema.description : undefined))
    .filter((text): text is string => text !== undefined);
  return described.length > 0 ? [...new Set(described)].join(' ') : undefined;
}

type Operation = Parameters<NonNullable<Parameters<typeof generateOpenApi>[2]>['operationMapper'] & object>[0];

interface JsonContent {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
}

/** The tag of the control API, which is mounted only in the mock mode. */
export const CONTROL_TAG = 'control';

const PREFER_SYNTAX =
  'Scenario controls of the mock mode (RFC 7240 syntax; ignored outside the mock mode, and unknown preferences are ' +
  'ignored): `code=<status>` answers that documented status with its example (a 2xx still validates the request); ' +
  `\`delay=<ms>\` or \`delay=<min>-<max>\` holds the answer back (at most ${String(MAX_SCENARIO_DELAY_MS)} ms); ` +
  '`example=<name>` answers the named example of the success response. Combine them with commas: ' +
  '`code=200, example=empty, delay=100-300`.';

/** The `Prefer` header of one operation: its syntax, and the example names this route has. */
function preferParameter(
  route: AppRoute,
  successStatus: number | undefined,
): NonNullable<Operation['parameters']>[number] {
  const names = successStatus === undefined ? [] : exampleNames(route, successStatus);
  const namesText =
    names.length > 0 ? ` Examples of this route: ${names.map((name) => `\`${name}\``).join(', ')}.` : '';
  return {
    name: 'Prefer',
    in: 'header',
    required: false,
    description: `${PREFER_SYNTAX}${namesText}`,
    schema: { type: 'string' },
    examples: {
      code: { summary: 'An error answer (every route documents 503)', value: 'code=503' },
      delay: { summary: 'A slow answer', value: 'delay=100-300' },
      ...Object.fromEntries(
        names.map((name) => [name, { summary: EXAMPLE_DESCRIPTIONS[name], value: `example=${name}` }]),
      ),
    },
  };
}

/**
 * Puts on every JSON response the example the mock answers for it (one source: `@publisher/contract/mock`): the
 * named examples of a success, the failure-shaped or error example of the others.
 */
function withExamples(operation: Operation, route: AppRoute): Operation {
  const responses = operation.responses as Record<string, { content?: Record<string, JsonContent> }>;
  for (const [statusText, response] of Object.entries(responses)) {
    const json = response.content?.['application/json'];
    const status = Number(statusText);
    if (json === undefined) continue;
    const names = exampleNames(route, status);
    if (names.length > 0) {
      json.examples = Object.fromEntries(
        names.map((name) => [name, { summary: EXAMPLE_DESCRIPTIONS[name], value: exampleBody(route, status, name) }]),
      );
    } else {
      const body = exampleBody(route, status);
      if (body !== undefined) json.example = body;
    }
  }
  return operation;
}

const successOf = (route: AppRoute): number | undefined =>
  Object.keys(route.responses)
    .map(Number)
    .find((status) => status >= 200 && status < 300);

/**
 * The OpenAPI document, generated from the contract so it cannot drift from the code: the product API, and in the
 * mock mode (the default: docs/openapi.json is read by frontend developers mocking the API) the `Prefer` header and
 * the control API under a tag of its own; an API without the mock mode does not advertise what it does not mount.
 */
export function buildOpenApiDocument({ mockMode = true }: { mockMode?: boolean } = {}): ReturnType<
  typeof generateOpenApi
> {
  const document = generateOpenApi(
    mockMode ? { ...contract, [CONTROL_TAG]: controlContract } : contract,
    {
      info: {
        title: 'Publisher portal API',
        version: API_VERSION,
        description:
          'Affiliate publisher portal. Errors always answer `{ statusMessages: string[], errors: string[] }`. ' +
          'Authenticated routes take the token from POST /auth/signin in the Authorization header (bare or Bearer). ' +
          'In the mock mode every product route reads a `Prefer` header (see its parameter) and the ' +
          `\`${CONTROL_PATH_PREFIX}\` routes (tag \`${CONTROL_TAG}\`) set data, clock, latency and errors.`,
      },
      ...(mockMode
        ? {
            tags: [
              {
                name: CONTROL_TAG,
                description:
                  `Scenario controls, mounted only in the mock mode (MOCK_CONTROLS; a plain 404 otherwise). ` +
                  'A separate contract (`controlContract`): `Prefer` does not apply to these routes.',
              },
            ],
          }
        : {}),
      // Where it is served: `npm start` and the API image (port 3333), or the compose stack through nginx.
      servers: [
        { url: 'http://localhost:3333', description: 'npm start, or the API image alone' },
        { url: 'http://localhost:8080/api', description: 'npm run compose:mock (through nginx)' },
      ],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          apiKey: { type: 'apiKey', in: 'query', name: 'apiKey' },
        },
      },
    },
    {
      setOperationId: 'concatenated-path',
      operationMapper: (operation, route) => {
        const access = routeAccessOf(route);
        const token: Record<string, string[]> = { token: [] };
        const apiKey: Record<string, string[]> = { apiKey: [] };
        const security = access === 'public' ? [] : access === 'tokenOrApiKey' ? [token, apiKey] : [token];
        const isControl = route.path.startsWith(CONTROL_PATH_PREFIX);
        const hintedOperation = withHints(operation, route);
        const parameters = [
          ...(hintedOperation.parameters ?? []),
          ...(isControl || !mockMode ? [] : [preferParameter(route, successOf(route))]),
        ];
        const description = requestDescription(route);
        // The generator leaves every request body optional; a body the contract cannot do without is required.
        const body = 'body' in route ? route.body : undefined;
        if (hintedOperation.requestBody && 'content' in hintedOperation.requestBody && body instanceof ZodType) {
          hintedOperation.requestBody.required = !body.safeParse(undefined).success;
        }
        return {
          ...withExamples(hintedOperation, route),
          // Every operation has a summary (OpenAPI tools list operations by it): the route's own, else its call.
          summary: hintedOperation.summary ?? `${route.method} ${route.path}`,
          ...(description === undefined ? {} : { description }),
          parameters,
          security,
          'x-access': access,
        };
      },
    },
  );
  return withCalendarDayFormat(toOpenApi30Dialect(document)) as unknown as typeof document;
}

/** Where `npm run openapi` writes the document, for clients and other frontends to read without the API. */
export const OPENAPI_FILE = join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'openapi.json');

/** The document as `docs/openapi.json` holds it: two-space JSON with a final newline. */
export const openApiText = (): string => `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
