import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FERRETDB_VERSION } from './ferretdb';
import { waitForPort } from './net';
import { databaseNameFor, provisionDatabase } from './provision';

const quiet = () => undefined;

describe('provisionDatabase', () => {
  it('uses MONGODB_URI as is when it is set, starting nothing', async () => {
    const database = await provisionDatabase({
      env: { MONGODB_URI: 'mongodb://user:pw@db.example:27017' },
      log: quiet,
    });
    expect(database.kind).toBe('external');
    expect(database.uri).toBe('mongodb://user:pw@db.example:27017');
    expect(database.description).toBe('external MongoDB at mongodb://***@db.example:27017 (MONGODB_URI)');
    await database.stop();
  });

  it('starts an embedded server on a loopback port and stops it again', async () => {
    const database = await provisionDatabase({ env: { DB_PROVIDER: 'ferretdb' }, log: quiet });
    try {
      expect(database.kind).toBe('ferretdb');
      const port = Number(/127\.0\.0\.1:(\d+)/.exec(database.uri)?.[1]);
      await expect(waitForPort(port, 2_000)).resolves.toBeUndefined();
      await database.stop();
      await expect(waitForPort(port, 500)).rejects.toThrow(/nothing listened/);
    } finally {
      await database.stop();
    }
  }, 600_000);

  it('fails with one message naming every option tried and how to set MONGODB_URI', async () => {
    const cacheRoot = mkdtempSync(join(tmpdir(), 'fake-ferret-'));
    const binaryDir = join(cacheRoot, `ferretdb-${FERRETDB_VERSION}`);
    mkdirSync(binaryDir, { recursive: true });
    const fake = join(binaryDir, 'ferretdb');
    writeFileSync(fake, '#!/bin/sh\necho "boom: cannot open state dir" >&2\nexit 1\n');
    chmodSync(fake, 0o755);

    const attempt = provisionDatabase({ env: { DB_PROVIDER: 'ferretdb', PUBLISHER_CACHE_DIR: cacheRoot }, log: quiet });
    await expect(attempt).rejects.toThrow(
      [
        'No MongoDB-compatible database could be had. Tried, in order:',
        '  - MONGODB_URI: not set',
        '  - FerretDB: FerretDB exited before listening: boom: cannot open state dir',
        'Point the project at a running server instead, e.g.',
        '  MONGODB_URI=mongodb://127.0.0.1:27017 npm start',
      ].join('\n'),
    );
  });

  it('rejects an unknown DB_PROVIDER', async () => {
    await expect(provisionDatabase({ env: { DB_PROVIDER: 'postgres' }, log: quiet })).rejects.toThrow(
      'DB_PROVIDER must be auto, ferretdb or mongodb-memory-server (got "postgres")',
    );
  });
});

describe('databaseNameFor', () => {
  it('gives a fresh, valid database name on every call', () => {
    const names = new Set(Array.from({ length: 50 }, () => databaseNameFor('src/auth/auth.test.ts')));
    expect(names.size).toBe(50);
    for (const name of names) expect(name).toMatch(/^t_[0-9a-f]{10}_[0-9a-z]{1,6}$/);
  });
});
