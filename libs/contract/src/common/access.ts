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
}

export const routeMetadata = (access: RouteAccess): RouteMetadata => ({ access });

/**
 * The access a route declares; a route that forgot to declare one counts as `token`, the strictest non-admin
 * kind. Takes anything with ts-rest's `metadata` (an AppRoute).
 */
export function routeAccessOf(route: { metadata?: unknown } | undefined): RouteAccess {
  return (route?.metadata as Partial<RouteMetadata> | undefined)?.access ?? 'token';
}
