/**
 * How a route authenticates, declared in the contract as `metadata.access` and enforced by the API's
 * one access middleware.
 * - `public`: no credentials.
 * - `token`: the `Authorization` header carries the JWT (bare or `Bearer <token>`).
 * - `tokenOrApiKey`: a token, or the `apiKey` + `vendorId` pair in the query (scripts, the download page).
 * - `admin`: a token whose user is an admin (vendor 5029).
 */
export type RouteAccess = 'public' | 'token' | 'tokenOrApiKey' | 'admin';

export interface RouteMetadata {
  access: RouteAccess;
  /**
   * Example bodies written by hand, by status, where the one generated from the schema would show values no server
   * sends (a failing health check's figures). The mock answers, the MSW handlers and /openapi.json use them.
   */
  examples?: Partial<Record<number, unknown>>;
}

export const routeMetadata = (
  access: RouteAccess,
  examples?: Partial<Record<number, unknown>>,
): RouteMetadata => (examples ? { access, examples } : { access });

/** The hand-written example body of `route` for `status`, if the contract gives one. */
export function handWrittenExample(route: { metadata?: unknown }, status: number): unknown {
  return (route.metadata as Partial<RouteMetadata> | undefined)?.examples?.[status];
}

/**
 * The access a route declares; a route that forgot to declare one counts as `token`, the strictest non-admin
 * kind. Takes anything with ts-rest's `metadata` (an AppRoute).
 */
export function routeAccessOf(route: { metadata?: unknown } | undefined): RouteAccess {
  return (route?.metadata as Partial<RouteMetadata> | undefined)?.access ?? 'token';
}
