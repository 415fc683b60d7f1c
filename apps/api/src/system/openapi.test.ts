import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { contract, contractRoutes } from '@publisher/contract';
import { OPENAPI_FILE, buildOpenApiDocument, openApiText, toOpenApi30Dialect } from './openapi';

interface OpenApiPaths {
  paths: Record<string, Record<string, unknown>>;
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
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(['413', '415', '503']),
        );
      }
    }
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

  it('has every route of the contract, with its method', () => {
    const { paths } = JSON.parse(committed) as OpenApiPaths;
    const missing = contractRoutes(contract)
      .map(({ method, path }) => ({ method: method.toLowerCase(), path: path.replace(/:(\w+)/g, '{$1}') }))
      .filter(({ method, path }) => paths[path]?.[method] === undefined)
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
    const operations = Object.values(paths).reduce((count, operations) => count + Object.keys(operations).length, 0);
    expect(operations).toBe(contractRoutes(contract).length);
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
