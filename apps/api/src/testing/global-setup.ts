import type { TestProject } from 'vitest/node';
import { provisionDatabase } from '@publisher/db';

/** Provisions one MongoDB-compatible server for the whole run, the same way `npm start` does. Returns the teardown. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await provisionDatabase({ log: (line) => console.log(`[test-db] ${line}`) });
  console.log(`[test-db] ${database.description}`);
  project.provide('mongoUri', database.uri);
  project.provide('databaseKind', database.kind);
  return () => database.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    databaseKind: 'external' | 'ferretdb' | 'mongodb-memory-server';
  }
}
