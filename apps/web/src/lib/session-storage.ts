import type { User } from '@publisher/contract';

/** localStorage keys of the signed-in session (part 1 §4: "stores the token and user locally"). */
export const STORAGE_KEYS = { token: 'token', user: 'user' } as const;

export interface StoredSession {
  token: string;
  user: User;
}

export function storage(): Storage | null {
  // Private modes and some embedded browsers throw on access; the app then simply starts signed out.
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  const token = storage()?.getItem(STORAGE_KEYS.token);
  return token && token.length > 0 ? token : null;
}

/**
 * Whether a session is stored (a token and a user, not yet validated): the app then restores it through
 * `readSession` (lib/stored-session.ts), which needs the contract's schemas and so loads after the first paint.
 */
export function hasStoredSession(): boolean {
  return readToken() !== null && Boolean(storage()?.getItem(STORAGE_KEYS.user));
}

export function writeSession(session: StoredSession): void {
  const store = storage();
  store?.setItem(STORAGE_KEYS.token, session.token);
  store?.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
}

export function writeUser(user: User): void {
  storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/**
 * Display preferences the user chose on this browser (not session data): they outlive a sign-out, as a browser's
 * own settings do, so a vendor who switched the report tables to cents finds them in cents after signing in again.
 */
export const PREFERENCE_KEYS = { moneyInCents: 'reportMoneyInCents' } as const;

const preferenceKeys: ReadonlySet<string> = new Set<string>(Object.values(PREFERENCE_KEYS));

/**
 * Part 2 §4 "Logout clears all local storage": every key goes, not only the session's, except the display
 * preferences above (docs/SPEC-NOTES.md).
 */
export function clearStorage(): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter(
    (key): key is string => key !== null && !preferenceKeys.has(key),
  );
  for (const key of keys) store.removeItem(key);
}
