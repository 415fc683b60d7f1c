import type mongoose from 'mongoose';
import { currentDb } from '../shared/tenant';

/**
 * Empties a database by dropping its collections one at a time, never the database itself.
 *
 * FerretDB v1.24 (SQLite backend) drops a database by closing its pool and deleting its file while statements of
 * other connections on it may still run (its own code says so: it closes the database's cursors first, and a
 * concurrent call may start another). The next write to the name makes a new file, whose first connection resets
 * the shared-memory index (`-shm`) the old, still running statement has mapped: that statement faults (SIGBUS)
 * and FerretDB dies with code 2, often leaving a 4 KiB database file without its metadata table that it then
 * refuses to start on (docs/ARCHITECTURE.md, "Failures"). A reset that dropped the database and seeded it again at
 * once did exactly that under load. Dropping collections is done by SQLite itself, under its own locks: calls
 * still running on the data fail or see it empty, and the server stays up.
 */
export async function emptyDatabase(db: mongoose.mongo.Db = currentDb()): Promise<void> {
  const collections = await db.listCollections({}, { nameOnly: true }).toArray();
  // One at a time: FerretDB v1 takes few concurrent schema changes.
  for (const { name } of collections) {
    if (name.startsWith('system.')) continue;
    // Gone meanwhile (a concurrent call's doing) is as good as dropped.
    await db.dropCollection(name).catch((error: unknown) => {
      if (!(error instanceof Error && /ns not found|NamespaceNotFound/i.test(error.message))) throw error;
    });
  }
}
