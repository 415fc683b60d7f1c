import type { TestProject } from 'vitest/node';
import { provisionDatabase, type ProvisionedDatabase } from '@publisher/db';

let database: ProvisionedDatabase | undefined;

/** Provisions one MongoDB-compatible server for the whole run, the same way `npm start` does. */
export async function setup(project: TestProject): Promise<void> {
  database = await provisionDatabase({ log: (line) => console.log(`[test-db] ${line}`) });
  console.log(`[test-db] ${database.description}`);
  project.provide('mongoUri', database.uri);
  project.provide('databaseKind', database.kind);
}

export async function teardown(): Promise<void> {
  await database?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    databaseKind: 'external' | 'ferretdb' | 'mongodb-memory-server';
  }
}
