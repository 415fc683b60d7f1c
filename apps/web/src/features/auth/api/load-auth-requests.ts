import type * as AuthRequests from './auth-requests';

// eslint-disable-next-line state/no-module-state -- a handle on a module the module system holds once per page anyway
let loaded: typeof AuthRequests | null = null;

/** The auth provider's session layer (auth-requests.ts), loaded on first use and then shared. */
export async function loadAuthRequests(): Promise<typeof AuthRequests> {
  loaded = await import('./auth-requests');
  return loaded;
}

/** The session layer if it has loaded already: a stored session then restores without waiting for it. */
export function loadedAuthRequests(): typeof AuthRequests | null {
  return loaded;
}
