import { generateOpenApi } from '@ts-rest/open-api';
import { contract, routeAccessOf } from '@publisher/contract';
import { API_VERSION } from './system.router';

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
  return document;
}
