import { UserModel, type UserRecord } from '../../auth/user.model';

/**
 * A short-lived cache of users by id for the access check, which runs on every authenticated request and would
 * otherwise cost a database read each time (on FerretDB that read dominates a cached report's latency).
 * Writes in this process invalidate at once; other processes see a change within TTL_MS.
 */
const TTL_MS = 2_000;
const MAX_ENTRIES = 5_000;
const entries = new Map<string, { user: UserRecord; expiresAt: number }>();

export async function findUserForAccess(userId: string): Promise<UserRecord | null> {
  const now = Date.now();
  const hit = entries.get(userId);
  if (hit && hit.expiresAt > now) return hit.user;
  const user = await UserModel.findById(userId).lean<UserRecord>();
  if (!user) {
    entries.delete(userId);
    return null;
  }
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(userId, { user, expiresAt: now + TTL_MS });
  return user;
}

/** Call after any write to a user (profile, password, deletion). */
export function invalidateUserForAccess(userId: string): void {
  entries.delete(userId);
}
