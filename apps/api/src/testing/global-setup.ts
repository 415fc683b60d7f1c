import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { provisionDatabase } from '@publisher/db';
import { prepareSeededCopies } from './seeded-copies';

/**
 * Provisions one MongoDB-compatible server for the whole run, the same way `npm start` does, and seeds the
 * catalogs several files share once (seeded-copies.ts). Returns the teardown.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await provisionDatabase({ log: (line) => console.log(`[test-db] ${line}`) });
  console.log(`[test-db] ${database.description}`);
  const copies = await mkdtemp(path.join(tmpdir(), 'publisher-seeded-copies-'));
  try {
    const started = performance.now();
    const summaries = await prepareSeededCopies(database.uri, copies);
    console.log(`[test-db] seeded copies in ${Math.round(performance.now() - started)} ms: ${summaries.join('; ')}`);
  } catch (error) {
    await rm(copies, { recursive: true, force: true });
    await database.stop();
    throw error;
  }
  project.provide('mongoUri', database.uri);
  project.provide('databaseKind', database.kind);
  project.provide('seededCopies', copies);
  return async () => {
    await rm(copies, { recursive: true, force: true });
    await database.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    databaseKind: 'external' | 'ferretdb' | 'mongodb-memory-server';
    /** The directory of the run's seeded copies (seeded-copies.ts). */
    seededCopies: string;
  }
}
