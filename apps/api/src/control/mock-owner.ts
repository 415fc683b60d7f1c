import type mongoose from 'mongoose';
import { AppError } from '../shared/app-error';
import { holdLease } from '../shared/lease';
import { withDatabase } from '../shared/tenant';

/**
 * The database beside `<database>` where the mock-mode process serving it holds its lease. Not inside it: a reset
 * drops that database or rewrites its written collections, which would take the lease with them.
 */
export const ownerDatabaseOf = (database: string): string => `${database}__owner`;

/** A held claim lapses this long after its holder stops renewing it (it died without a word). */
export const MOCK_OWNER_TTL_MS = 30_000;

const LEASE_NAME = 'mock-controls';

export interface ClaimOptions {
  ttlMs?: number;
  /** How long to wait for another holder's claim to lapse: by default past its ttl, so a restart gets in. */
  waitMs?: number;
  log?: (line: string) => void;
}

/**
 * Claims the database of `connection` for this process's mock mode, for as long as the process runs; answers the
 * release (for a clean stop). The mock mode owns its database: a reset empties it, and the start drops every
 * session database of it as left by a dead process (control/sessions.ts). A second mock-mode process on the same
 * database would wipe the first one's data and sessions, so it is refused with what to do instead. A claim whose
 * holder died lapses: at once when that was a process of this host, else after the ttl, which a restarted process
 * (a container keeps its host name) waits out.
 */
export async function claimMockDatabase(
  connection: mongoose.Connection,
  options: ClaimOptions = {},
): Promise<() => Promise<void>> {
  const { ttlMs = MOCK_OWNER_TTL_MS, waitMs = ttlMs + 5_000, log = () => undefined } = options;
  const database = connection.name;
  const owner = connection.useDb(ownerDatabaseOf(database), { useCache: true });
  const busyMessage =
    `Another API process with MOCK_CONTROLS=true serves the database ${database}: its resets empty that database ` +
    `and it drops the session databases it finds at start, so two of them would wipe each other's data. Give this ` +
    `process a database of its own (MONGODB_DB_NAME) or start it with MOCK_CONTROLS=false.`;
  const hold = (wait: number) =>
    withDatabase(owner, () => holdLease(LEASE_NAME, { ttlMs, waitMs: wait, busyMessage, log }));
  let release: () => Promise<void>;
  try {
    release = await hold(0);
  } catch (error) {
    if (!(error instanceof AppError) || waitMs <= 0) throw error;
    log(
      `[mock] the database ${database} is claimed by another mock-mode process; waiting up to ` +
        `${String(Math.round(waitMs / 1000))} s for its claim to lapse (a restarted process waits out its own)`,
    );
    release = await hold(waitMs);
  }
  return () => withDatabase(owner, release);
}
