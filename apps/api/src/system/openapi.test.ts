import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import {
  contract,
  contractRoutes,
  addTitleFilterBodySchema,
  controlContract,
  COUNTRY_CODES,
  countryQuerySchema,
  directLinkQuerySchema,
  hostNameField,
  isCalendarDate,
  openApiHintOf,
  queryInt,
  shortUrlHostField,
  updateAccountBodySchema,
  verifyDomainQuerySchema,
} from '@publisher/contract';
import {
  CONTROL_TAG,
  OPENAPI_FILE,
  buildOpenApiDocument,
  fieldsOf,
  openApiText,
  toOpenApi30Dialect,
  withCalendarDayFormat,
} from './openapi';

/** Redocly's command line (a devDependency of the workspace). */
const REDOCLY = join(import.meta.dirname, '..', '..', '..', '..', 'node_modules', '.bin', 'redocly');

interface OpenApiPaths {
  paths: Record<string, Record<string, unknown>>;
}

interface MediaType {
  schema: unknown;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}

interface Parameter {
  name: string;
  in: string;
  description?: string;
  examples?: Record<string, { value: string }>;
}

interface Operation {
  tags: string[];
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

const operationsOf = (document: unknown): [string, Operation][] =>
  Object.entries((document as { paths: Record<string, Record<string, Operation>> }).paths).flatMap(
    ([path, operations]) =>
      Object.entries(operations).map(([method, operation]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
  );

/** OpenAPI 3.0's `minimum` + `exclusiveMinimum: true` as draft-07's `exclusiveMinimum: n` (likewise for maxima). */
function bound(inclusive: unknown, exclusive: unknown, names: [string, string]): Record<string, unknown> {
  if (exclusive === true) return { [names[1]]: inclusive };
  const entries: [string, unknown][] = [
    [names[0], inclusive],
    [names[1], exclusive],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/**
 * OpenAPI 3.0's schema dialect as JSON Schema draft-07, which Ajv reads: a boolean exclusive bound goes back to a
 * number, and `nullable` becomes a union with null (beside `anyOf` it has no type for Ajv to widen). The document
 * keeps the 3.0 form; only what is checked here is converted.
 */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, minimum, exclusiveMinimum, maximum, exclusiveMaximum, ...rest } = value as Record<string, unknown>;
  const result = {
    ...Object.fromEntries(
      Object.entries(rest).map(([key, child]) => [key, key === 'example' ? child : toJsonSchema(child)]),
    ),
    ...bound(minimum, exclusiveMinimum, ['minimum', 'exclusiveMinimum']),
    ...bound(maximum, exclusiveMaximum, ['maximum', 'exclusiveMaximum']),
  };
  return nullable === true ? { anyOf: [result, { type: 'null' }] } : result;
}

/** A JSON-schema validator holding the formats the document uses, so a format is checked, not skipped. */
function validator(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:\S+$/i);
  return ajv;
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.0 by a standard validator (schemas, refs, operations)', async () => {
    const document = buildOpenApiDocument();
    // validate() mutates what it is given (dereferencing): hand it a copy.
    const copy = JSON.parse(JSON.stringify(document)) as Parameters<typeof SwaggerParser.validate>[0];
    await expect(SwaggerParser.validate(copy)).resolves.toBeDefined();
    expect(document.openapi).toMatch(/^3\.0\./);
  });

  it('uses no JSON Schema 2019 numeric exclusive bounds and no oneOf', () => {
    const text = JSON.stringify(buildOpenApiDocument());
    expect(text).not.toMatch(/"exclusive(Minimum|Maximum)":-?\d/);
    expect(text).not.toContain('"oneOf"');
  });

  it('declares 413, 415 and 503 envelopes on every operation', () => {
    const document = buildOpenApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // The control API is a contract of its own, with its own error statuses.
        if (path.startsWith('/__control')) continue;
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(['413', '415', '503']),
        );
      }
    }
  });
});

/**
 * Every schema of the calendar-day pattern in a document, with where it is and its description: its own, or that of
 * the parameter it belongs to (the generator puts a query parameter's description on the parameter).
 */
function calendarDays(
  document: unknown,
): { where: string; schema: Record<string, unknown>; description: string | undefined }[] {
  const found: { where: string; schema: Record<string, unknown>; description: string | undefined }[] = [];
  const visit = (value: unknown, where: string, parameterDescription: string | undefined): void => {
    if (Array.isArray(value)) {
      value.forEach((child, index) => visit(child, `${where}/${String(index)}`, parameterDescription));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as Record<string, unknown>;
    if (node['type'] === 'string' && node['pattern'] === String.raw`^\d{4}-\d{2}-\d{2}$`) {
      const own = typeof node['description'] === 'string' ? node['description'] : undefined;
      found.push({ where, schema: node, description: own ?? parameterDescription });
    }
    const isParameter = typeof node['in'] === 'string' && typeof node['name'] === 'string';
    const description =
      isParameter && typeof node['description'] === 'string' ? node['description'] : parameterDescription;
    for (const [key, child] of Object.entries(node)) visit(child, `${where}/${key}`, description);
  };
  visit(document, '', undefined);
  return found;
}

describe('dates in the OpenAPI document', () => {
  const operations = operationsOf(buildOpenApiDocument());

  it('marks every calendar day `format: date` and says what a day must be', () => {
    const days = calendarDays(buildOpenApiDocument());
    expect(days.length).toBeGreaterThan(50);
    const unmarked = days.filter((day) => day.schema['format'] !== 'date' || !/YYYY-MM-DD/.test(day.description ?? ''));
    expect(unmarked.map((day) => day.where)).toEqual([]);
  });

  it('states the range rule on every operation that takes a start and an end day', () => {
    const ranged = operations.filter(([, operation]) => {
      const body = operation.requestBody?.content?.['application/json']?.schema as
        { properties?: Record<string, unknown> } | undefined;
      const names = [
        ...(operation.parameters ?? []).map((parameter) => parameter.name),
        ...Object.keys(body?.properties ?? {}),
      ];
      return (
        (names.includes('startDate') && names.includes('endDate')) ||
        (names.includes('start_date') && names.includes('end_date'))
      );
    });
    expect(ranged.length).toBeGreaterThan(30);
    const unstated = ranged
      .filter(
        ([, operation]) =>
          !/name a range of calendar days, both included: \w+ on or before \w+, and at most [\d,]+ days long/.test(
            operation.description ?? '',
          ),
      )
      .map(([name]) => name);
    expect(unstated).toEqual([]);
  });

  it('gives every query parameter a type; a whole number is an integer whose description names its range', () => {
    const untyped: string[] = [];
    let wholeNumbers = 0;
    for (const [name, operation] of operations) {
      for (const parameter of operation.parameters ?? []) {
        const schema = (parameter as Parameter & { schema?: Record<string, unknown> }).schema ?? {};
        if (!('type' in schema) && !('anyOf' in schema)) untyped.push(`${name} ${parameter.name}`);
        if (schema['type'] === 'integer' && parameter.in === 'query') {
          wholeNumbers += 1;
          expect(parameter.description, `${name} ${parameter.name}`).toMatch(
            /^A whole number from [\d,]+ to [\d,]+\.$/,
          );
        }
      }
    }
    expect(untyped).toEqual([]);
    expect(wholeNumbers).toBeGreaterThan(40);
  });

  it('marks a request body required unless the contract accepts none', () => {
    const bodies = new Map(
      operations
        .filter(([, operation]) => operation.requestBody !== undefined)
        .map(([name, operation]) => [name, (operation.requestBody as { required?: boolean }).required]),
    );
    expect(bodies.get('POST /home/getEarningsReport')).toBe(true);
    expect(bodies.get('POST /__control/reset')).toBe(false);
    expect([...bodies.values()].filter((required) => required === true).length).toBeGreaterThan(50);
  });

  it('states the rules zod holds in refinements: paging bounds, country codes, a host that is not blank', () => {
    const operations = new Map(operationsOf(buildOpenApiDocument()));
    const parameter = (operation: string, name: string) =>
      (operations.get(operation)?.parameters as { name: string; schema?: unknown; description?: string }[]).find(
        (candidate) => candidate.name === name,
      );
    expect(parameter('GET /home/getProductslist', 'pageSize')).toMatchObject({
      description: 'A whole number from 1 to 500.',
      schema: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
    });
    expect(parameter('GET /home/getProductslist', 'pageNo')?.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100_000,
      default: 1,
    });
    const country = parameter('GET /newdashboard/getMerchants', 'country')?.schema as { enum: string[] };
    expect(country.enum).toEqual(expect.arrayContaining(['us', 'gb', 'all', '']));
    expect(country.enum).toHaveLength(COUNTRY_CODES.length + 2);
    const host = parameter('GET /dashboard/verifyDomain', 'host')?.schema as { pattern: string };
    const hostPattern = new RegExp(host.pattern);
    expect(['whitelabel.localhost:4200', 'a', '..'].filter((value) => hostPattern.test(value))).toHaveLength(3);
    expect(['', '  ', ':4200', '.', '.:80'].filter((value) => hostPattern.test(value))).toEqual([]);
  });

  it("checks each hint against the contract's own schema: the hint allows exactly what the schema accepts", () => {
    const ajv = new Ajv({ strict: false });
    const cases: [string, z.ZodTypeAny, unknown[]][] = [
      [
        'verifyDomain host',
        verifyDomainQuerySchema.shape.host,
        ['whitelabel.localhost:4200', 'a', '..', '', '  ', ':4200', '.', '.:80'],
      ],
      [
        'direct link publisher',
        directLinkQuerySchema.shape.publisher,
        ['5001', ' {pub}-1 ', '', ' ', 'a_b', 'p'.repeat(50), 'p'.repeat(51)],
      ],
      [
        'secondary email',
        updateAccountBodySchema.shape.secondaryEmail,
        ['ops@example.com', ' Ops@Example.com ', '', '  ', 'ops@', 'a@b.c', '"a b"@example.com'],
      ],
      [
        'custom domain',
        hostNameField,
        [
          'shop.example.com',
          'HTTPS://Shop.Example.com/',
          ' a.b. ',
          '',
          'localhost',
          'a..b',
          '-a.com',
          'a.com:80',
          `${'a'.repeat(64)}.com`,
        ],
      ],
      [
        'short URL domain',
        shortUrlHostField,
        [
          'go.localhost:3333',
          'go.example.com',
          'go.example.com:0',
          'go.example.com:65536',
          'go.example.com:65535/',
          'go',
        ],
      ],
      [
        'title filter',
        addTitleFilterBodySchema.shape.filter,
        ['coupon', '  two   words ', '', '   ', 'x'.repeat(100), 'x'.repeat(101)],
      ],
      ['country', countryQuerySchema, ['us', 'all', '', 'xx', 'usa']],
      ['a whole number from 1 to 500', queryInt('pageSize', 1, 500), ['1', '500', '0', '501', '-1', 20, 0]],
    ];
    for (const [name, field, values] of cases) {
      const hint = openApiHintOf(field);
      expect(hint, name).toBeDefined();
      const allows = ajv.compile(hint ?? {});
      // A query string carries whole numbers as digits; the document types them as the numbers clients send.
      const asDocumented = (value: unknown) =>
        hint?.type === 'integer' && typeof value === 'string' ? Number(value) : value;
      for (const value of values) {
        expect(allows(asDocumented(value)), `${name}: ${JSON.stringify(value)}`).toBe(field.safeParse(value).success);
      }
    }
  });

  it('has every hinted field of every route accept, on common edge values, whatever its hint allows', () => {
    const ajv = new Ajv({ strict: false });
    let checked = 0;
    for (const { key, route } of contractRoutes({ ...contract, control: controlContract })) {
      const fields = [route.query, 'body' in route ? route.body : undefined].flatMap((schema) =>
        Object.entries(fieldsOf(schema)),
      );
      for (const [name, field] of fields) {
        const hint = openApiHintOf(field);
        if (hint === undefined) continue;
        checked += 1;
        const allows = ajv.compile(hint);
        const bounds = [hint.minimum, hint.maximum].flatMap((bound) =>
          bound === undefined ? [] : [bound - 1, bound, bound + 1].map(String),
        );
        for (const value of ['', ' ', 'a', 'a.b', '0', '1', '-1', 'us', ' x ', 'x'.repeat(300), ...bounds]) {
          const documented = hint.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
          if (hint.type === 'integer' && typeof documented === 'string') continue;
          // One way only: the API may also take a spelling the document leaves out (a country in capitals or
          // padded with spaces), but never refuses what the document allows.
          if (allows(documented))
            expect(field.safeParse(value).success, `${key} ${name}: ${JSON.stringify(value)}`).toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('withCalendarDayFormat marks only strings of the calendar-day pattern, at any depth', () => {
    const day = { type: 'string', pattern: String.raw`^\d{4}-\d{2}-\d{2}$` };
    expect(
      withCalendarDayFormat({
        properties: { from: day, list: { type: 'array', items: day }, at: { type: 'string', pattern: '^\\d+$' } },
      }),
    ).toEqual({
      properties: {
        from: { ...day, format: 'date' },
        list: { type: 'array', items: { ...day, format: 'date' } },
        at: { type: 'string', pattern: '^\\d+$' },
      },
    });
  });
});

describe('examples, Prefer and the control API in the OpenAPI document', () => {
  const operations = operationsOf(buildOpenApiDocument());

  it('gives every JSON response of every operation an example that passes its schema (Ajv)', () => {
    const ajv = validator();
    const failures: string[] = [];
    let checked = 0;
    for (const [name, operation] of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const media of Object.values(response.content ?? {})) {
          const examples = media.examples
            ? Object.entries(media.examples).map(([label, example]): [string, unknown] => [label, example.value])
            : [['example', media.example] as [string, unknown]];
          if (media.example === undefined && media.examples === undefined) {
            failures.push(`${name} ${status}: no example`);
            continue;
          }
          const validate = ajv.compile(toJsonSchema(media.schema) as object);
          for (const [label, value] of examples) {
            checked += 1;
            if (!validate(value)) failures.push(`${name} ${status} ${label}: ${ajv.errorsText(validate.errors)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(1_000);
  });

  it('names typical and empty on every list operation, and a typical one holds rows', () => {
    const lists = operations.filter(
      ([, operation]) => operation.responses['200']?.content?.['application/json']?.examples?.empty,
    );
    expect(lists.length).toBeGreaterThan(60);
    const coupons = operations.find(([name]) => name === 'GET /coupons/getcoupons')?.[1];
    const typical = coupons?.responses['200']?.content?.['application/json']?.examples?.typical?.value as {
      data: unknown[];
    };
    expect(typical.data.length).toBeGreaterThan(0);
  });

  it("documents Prefer on every product operation with its syntax and the route's example names", () => {
    for (const [name, operation] of operations) {
      const prefer = operation.parameters?.find((parameter) => parameter.name === 'Prefer');
      if (operation.tags.includes(CONTROL_TAG)) {
        expect(prefer, name).toBeUndefined();
        continue;
      }
      expect(prefer?.in, name).toBe('header');
      expect(prefer?.description, name).toMatch(/code=<status>.*delay=<ms>.*example=<name>/s);
    }
    const coupons = operations.find(([name]) => name === 'GET /coupons/getcoupons')?.[1];
    const prefer = coupons?.parameters?.find((parameter) => parameter.name === 'Prefer');
    expect(prefer?.description).toContain('Examples of this route: `typical`, `empty`.');
    expect(Object.values(prefer?.examples ?? {}).map((example) => example.value)).toEqual([
      'code=503',
      'delay=100-300',
      'example=typical',
      'example=empty',
    ]);
  });

  it('leaves Prefer and the control API out of the document of an API without the mock mode', () => {
    const document = buildOpenApiDocument({ mockMode: false });
    expect((document as { tags?: unknown }).tags).toBeUndefined();
    const production = operationsOf(document);
    expect(production.length).toBe(contractRoutes(contract).length);
    for (const [name, operation] of production) {
      expect(operation.tags, name).not.toContain(CONTROL_TAG);
      expect(
        operation.parameters?.some((parameter) => parameter.name === 'Prefer'),
        name,
      ).toBe(false);
    }
  });

  it('documents every route of the control API under its own tag', () => {
    const control = operations.filter(([, operation]) => operation.tags.includes(CONTROL_TAG)).map(([name]) => name);
    const expected = contractRoutes(controlContract).map(
      ({ route }) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(control.sort()).toEqual(expected.sort());
    expect((buildOpenApiDocument() as { tags?: { name: string }[] }).tags?.map((tag) => tag.name)).toContain(
      CONTROL_TAG,
    );
  });
});

describe('docs/openapi.json', () => {
  const committed = readFileSync(OPENAPI_FILE, 'utf8');

  it('is what the contract generates now (run `npm run openapi` after changing the contract)', () => {
    expect(committed === openApiText(), 'docs/openapi.json is stale: run npm run openapi').toBe(true);
  });

  it('is valid OpenAPI 3.0 as written', async () => {
    await expect(SwaggerParser.validate(JSON.parse(committed) as never)).resolves.toBeDefined();
  });

  it("passes Redocly's lint with no error, as written and as an API without the mock mode serves it", () => {
    const scratch = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      const production = join(scratch, 'openapi-production.json');
      writeFileSync(production, JSON.stringify(buildOpenApiDocument({ mockMode: false })));
      for (const file of [OPENAPI_FILE, production]) {
        // Offline: no telemetry, no update check (no test reaches the network).
        const lint = spawnSync(REDOCLY, ['lint', file, '--format=json'], {
          encoding: 'utf8',
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        });
        const report = JSON.parse(lint.stdout) as { totals: { errors: number }; problems: unknown[] };
        expect(report.totals.errors, `${file}: ${JSON.stringify(report.problems).slice(0, 2000)}`).toBe(0);
        expect(lint.status).toBe(0);
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    // Two lints of a 1 MB document: seconds when idle, over a minute on a loaded machine.
  }, 240_000);

  it('has every route of the contract and of the control API, with its method', () => {
    const { paths } = JSON.parse(committed) as OpenApiPaths;
    const routes = [...contractRoutes(contract), ...contractRoutes(controlContract)];
    const missing = routes
      .map(({ method, path }) => ({ method: method.toLowerCase(), path: path.replace(/:(\w+)/g, '{$1}') }))
      .filter(({ method, path }) => paths[path]?.[method] === undefined)
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
    const operations = Object.values(paths).reduce((count, operations) => count + Object.keys(operations).length, 0);
    expect(operations).toBe(routes.length);
  });
});

describe('toOpenApi30Dialect', () => {
  it('turns numeric exclusive bounds into OpenAPI 3.0 booleans, keeping the stricter bound', () => {
    expect(toOpenApi30Dialect({ type: 'number', exclusiveMinimum: 0 })).toEqual({
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
    });
    expect(toOpenApi30Dialect({ type: 'integer', minimum: 5, exclusiveMinimum: 0 })).toEqual({
      type: 'integer',
      minimum: 5,
    });
    expect(toOpenApi30Dialect({ type: 'number', maximum: 10, exclusiveMaximum: 3 })).toEqual({
      type: 'number',
      maximum: 3,
      exclusiveMaximum: true,
    });
  });

  it('says anyOf for unions, at any depth', () => {
    expect(toOpenApi30Dialect({ properties: { a: { oneOf: [{ type: 'string' }, { type: 'number' }] } } })).toEqual({
      properties: { a: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
    });
  });
});
