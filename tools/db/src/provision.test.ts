import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FERRETDB_VERSION } from './ferretdb';
import { waitForPort } from './net';
import { databaseNameFor, probeMemoryServer, provisionDatabase, type MemoryServerLauncher } from './provision';

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
        '  - mongodb-memory-server: skipped (DB_PROVIDER=ferretdb)',
        '  - FerretDB: FerretDB exited before listening: boom: cannot open state dir',
        'Point the project at a running server instead, e.g.',
        '  MONGODB_URI=mongodb://127.0.0.1:27017 npm start',
      ].join('\n'),
    );
  });

  describe('order: mongodb-memory-server where its binary can be had, else FerretDB', () => {
    const stubbed = (unavailable: string | null) => {
      const started: string[] = [];
      const memoryServer: MemoryServerLauncher = {
        probe: () => Promise.resolve(unavailable),
        start: (dataDir) => {
          started.push(dataDir);
          return Promise.resolve({ uri: 'mongodb://127.0.0.1:1/', stop: () => Promise.resolve() });
        },
      };
      return { memoryServer, started };
    };

    it('uses mongodb-memory-server when its binary is cached or downloadable', async () => {
      const { memoryServer, started } = stubbed(null);
      const database = await provisionDatabase({ env: {}, log: quiet, memoryServer });
      expect(database.kind).toBe('mongodb-memory-server');
      expect(started).toHaveLength(1);
      await database.stop();
    });

    it('falls back to FerretDB, saying why, when the download cannot be had', async () => {
      const { memoryServer, started } = stubbed(
        'its MongoDB binary is not cached and cannot be downloaded (fetch failed)',
      );
      const lines: string[] = [];
      const database = await provisionDatabase({ env: {}, log: (line) => lines.push(line), memoryServer });
      try {
        expect(database.kind).toBe('ferretdb');
        expect(started).toEqual([]);
        expect(lines).toContain(
          'mongodb-memory-server unavailable: its MongoDB binary is not cached and cannot be downloaded (fetch failed); using FerretDB',
        );
      } finally {
        await database.stop();
      }
    }, 600_000);

    it('DB_PROVIDER=ferretdb does not even probe for mongodb-memory-server', async () => {
      let probed = false;
      const memoryServer: MemoryServerLauncher = {
        probe: () => {
          probed = true;
          return Promise.resolve(null);
        },
        start: () => Promise.reject(new Error('must not start')),
      };
      const database = await provisionDatabase({ env: { DB_PROVIDER: 'ferretdb' }, log: quiet, memoryServer });
      await database.stop();
      expect(database.kind).toBe('ferretdb');
      expect(probed).toBe(false);
    }, 600_000);

    // Not timed (a loaded CI machine took over 5 s to import mongodb-memory-server alone): its download check is
    // bounded by the probe's AbortSignal.timeout; this checks that it answers, and what.
    it('the real probe answers where there is no internet: ready, or why the binary cannot be had', async () => {
      const unavailable = await probeMemoryServer(1_000);
      // On this machine kind (registries only) the binary cannot be had; with it cached, null.
      expect(unavailable === null || unavailable.includes('binary')).toBe(true);
    }, 60_000);
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
