import { userSchema, type User } from '@publisher/contract';
import { readToken, storage, STORAGE_KEYS, type StoredSession } from './session-storage';

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
