import { join } from 'node:path';
import { generateOpenApi } from '@ts-rest/open-api';
import { contract, routeAccessOf } from '@publisher/contract';
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
  return result;
}

/** The OpenAPI document, generated from the contract so it cannot drift from the code. */
export function buildOpenApiDocument(): ReturnType<typeof generateOpenApi> {
  const document = generateOpenApi(
    contract,
    {
      info: {
        title: 'Publisher portal API',
        version: API_VERSION,
        description:
          'Affiliate publisher portal. Errors always answer `{ statusMessages: string[], errors: string[] }`. ' +
          'Authenticated routes take the token from POST /auth/signin in the Authorization header (bare or Bearer).',
      },
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
        return { ...operation, security, 'x-access': access };
      },
    },
  );
  return toOpenApi30Dialect(document) as unknown as typeof document;
}

/** Where `npm run openapi` writes the document, for clients and other frontends to read without the API. */
export const OPENAPI_FILE = join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'openapi.json');

/** The document as `docs/openapi.json` holds it: two-space JSON with a final newline. */
export const openApiText = (): string => `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
