import mongoose from 'mongoose';
import { withDatabase } from '../../shared/tenant';
import { READS_THROUGH, type KeptState } from '../data-states';
import { releaseConnection } from '../sessions';

/**
 * Each collection's digest (its documents' raw BSON and its indexes): two databases with equal digests hold the
 * same data byte for byte. The equality the reset and session tests assert against a fresh seed.
 */
export const digests = (state: KeptState): Record<string, string> =>
  Object.fromEntries([...state.collections].map(([name, kept]) => [name, kept.digest]));

/**
 * Runs `work` on a connection of its own to the database `name` and lets that one connection go after (test files
 * share a process, and mongoose keeps every `useDb` connection in `otherDbs`: a later file counting the sessions'
 * connections would see it). Only that object is taken out: a session's own connection of the same name stays.
 */
export async function onDatabase<T>(name: string, work: () => Promise<T>): Promise<T> {
  // A session's database that reads a base until it writes (control/copy-on-write.ts) is read as its session sees
  // it: through the session's own connection.
  const { otherDbs } = mongoose.connection as unknown as { otherDbs: mongoose.Connection[] };
  const live = otherDbs.find(
    (other) => other.name === name && (other as unknown as Record<symbol, unknown>)[READS_THROUGH] !== undefined,
  );
  if (live) return withDatabase(live, work);
  const connection = mongoose.connection.useDb(name, { useCache: false });
  try {
    return await withDatabase(connection, work);
  } finally {
    releaseConnection(connection);
  }
}
