import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';

/** One route of a ts-rest router, with the dotted key that names it (`auth.signin`). */
export interface ContractRoute {
  key: string;
  method: AppRoute['method'];
  path: string;
  route: AppRoute;
}

/**
 * Every route of a (nested) ts-rest router in declaration order: the one list the API's 405 handler, the
 * contract coverage test, the OpenAPI check and the verifier walk.
 */
export function contractRoutes(router: AppRouter, prefix: readonly string[] = []): ContractRoute[] {
  return Object.entries(router).flatMap(([name, entry]) => {
    const key = [...prefix, name];
    return isAppRoute(entry)
      ? [{ key: key.join('.'), method: entry.method, path: entry.path, route: entry }]
      : contractRoutes(entry, key);
  });
}
