import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR_DATABASES, stopStaleFerretDb } from '@publisher/db';

/** Where the API keeps seeds by default under DATA_DIR (apps/api/src/config/env.ts, KEPT_SEEDS_DIR). */
const KEPT_SEEDS_FOLDER = 'kept-seeds';

/** What {@link startOver} did: the folders deleted, or why it refused. */
export type StartOver = { deleted: string[] } | { refused: string };

/**
 * `npm start -- --fresh`: deletes the database files of `dataDir` (FerretDB's SQLite files with their quarantine,
 * mongodb-memory-server's files, and the data journals beside the kept seeds), so that a data folder an earlier crash left in a state nothing opens is one
 * command away from working again; the start then seeds an empty database. Refuses while an API answers on
 * `apiUrl` (its data is what would go); a FerretDB an earlier run left serving the folder is stopped first.
 */
export async function startOver(dataDir: string, apiUrl: string): Promise<StartOver> {
  const isServing = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(1_000) }).then(
    () => true,
    () => false,
  );
  if (isServing)
    return { refused: `an API answers on ${apiUrl}; stop that stack first (its data is what --fresh deletes)` };
  await stopStaleFerretDb(join(dataDir, 'ferretdb'));
  const deleted = DATA_DIR_DATABASES.map((name) => join(dataDir, name)).filter((path) => existsSync(path));
  // The kept seeds stay (they are seeds, not data), but not the journals of what the deleted data equalled
  // (apps/api/src/control/data-journal.ts).
  const keptSeeds = join(dataDir, KEPT_SEEDS_FOLDER);
  const journals = existsSync(keptSeeds)
    ? readdirSync(keptSeeds)
        .filter((name) => name.endsWith('.journal'))
        .map((name) => join(keptSeeds, name))
    : [];
  deleted.push(...journals);
  for (const path of deleted) rmSync(path, { recursive: true, force: true });
  return { deleted };
}
