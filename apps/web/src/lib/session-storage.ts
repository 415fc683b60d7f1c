import { userSchema, type User } from '@publisher/contract';

/** localStorage keys of the signed-in session (part 1 §4: "stores the token and user locally"). */
export const STORAGE_KEYS = { token: 'token', user: 'user' } as const;

export interface StoredSession {
  token: string;
  user: User;
}

function storage(): Storage | null {
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

/** The stored user, validated against the contract; anything stale or tampered with is discarded. */
export function readUser(): User | null {
  const store = storage();
  const raw = store?.getItem(STORAGE_KEYS.user);
  if (!store || !raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: fall through and discard it.
  }
  store.removeItem(STORAGE_KEYS.user);
  return null;
}

/** Token and user together, or nothing: a token without a usable user cannot drive the menu. */
export function readSession(): StoredSession | null {
  const token = readToken();
  const user = readUser();
  return token && user ? { token, user } : null;
}

export function writeSession(session: StoredSession): void {
  const store = storage();
  store?.setItem(STORAGE_KEYS.token, session.token);
  store?.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
}

export function writeUser(user: User): void {
  storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Part 2 §4 "Logout clears all local storage", not only the session keys. */
export function clearStorage(): void {
  storage()?.clear();
}
