import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DB_CHOICE_FILE,
  provisionDatabase,
  readRememberedChoice,
  type MemoryServerLauncher,
  type RememberedChoice,
} from './provision';

/** A mongodb-memory-server whose probe answers `availability()` and counts its calls. */
function stubMemoryServer(availability: () => string | null, startError?: Error) {
  const calls = { probes: 0, starts: 0 };
  const memoryServer: MemoryServerLauncher = {
    probe: () => {
      calls.probes += 1;
      return Promise.resolve(availability());
    },
    start: () => {
      calls.starts += 1;
      if (startError) return Promise.reject(startError);
      return Promise.resolve({ uri: 'mongodb://127.0.0.1:1/', stop: () => Promise.resolve() });
    },
  };
  return { memoryServer, calls };
}

let cacheRoot = '';
let choiceFile = '';
const lines: string[] = [];
const log = (line: string) => lines.push(line);

beforeEach(() => {
  cacheRoot = mkdtempSync(join(tmpdir(), 'db-choice-'));
  choiceFile = join(cacheRoot, DB_CHOICE_FILE);
  lines.length = 0;
});
afterEach(() => {
  rmSync(cacheRoot, { recursive: true, force: true });
});

const stored = (): RememberedChoice => JSON.parse(readFileSync(choiceFile, 'utf8')) as RememberedChoice;

describe('the remembered database choice', () => {
  it('probes once, then starts FerretDB without probing, saying why and how to probe again', async () => {
    const offline = 'its MongoDB binary is not cached and cannot be downloaded (fetch failed)';
    const { memoryServer, calls } = stubMemoryServer(() => offline);
    const first = await provisionDatabase({ env: {}, log, memoryServer, choiceFile });
    await first.stop();
    expect(first.kind).toBe('ferretdb');
    expect(calls.probes).toBe(1);
    expect(stored()).toMatchObject({ kind: 'ferretdb', reason: offline, memoryServerSettings: '' });

    const second = await provisionDatabase({ env: {}, log, memoryServer, choiceFile });
    await second.stop();
    expect(second.kind).toBe('ferretdb');
    expect(calls.probes).toBe(1);
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^mongodb-memory-server unavailable when probed at .+: .+; using FerretDB \\(DB_REPROBE=1 probes again\\)$`,
      ),
    );
  }, 600_000);

  it('probes again with DB_REPROBE=1 and remembers the new answer', async () => {
    let answer: string | null = 'no internet';
    const { memoryServer, calls } = stubMemoryServer(() => answer);
    writeFileSync(
      choiceFile,
      JSON.stringify({
        kind: 'ferretdb',
        reason: 'no internet',
        decidedAt: '2026-01-01T00:00:00Z',
        memoryServerSettings: '',
      }),
    );
    answer = null;
    const database = await provisionDatabase({ env: { DB_REPROBE: '1' }, log, memoryServer, choiceFile });
    await database.stop();
    expect(database.kind).toBe('mongodb-memory-server');
    expect(calls.probes).toBe(1);
    expect(stored().kind).toBe('mongodb-memory-server');
  });

  it('starts a remembered mongodb-memory-server without probing; probes again once the file is gone', async () => {
    const { memoryServer, calls } = stubMemoryServer(() => null);
    await (await provisionDatabase({ env: {}, log, memoryServer, choiceFile })).stop();
    await (await provisionDatabase({ env: {}, log, memoryServer, choiceFile })).stop();
    expect(calls).toEqual({ probes: 1, starts: 2 });
    rmSync(choiceFile);
    await (await provisionDatabase({ env: {}, log, memoryServer, choiceFile })).stop();
    expect(calls).toEqual({ probes: 2, starts: 3 });
    expect(existsSync(choiceFile)).toBe(true);
  });

  it('probes again when the MONGOMS_ settings changed since', async () => {
    const { memoryServer, calls } = stubMemoryServer(() => null);
    await (await provisionDatabase({ env: {}, log, memoryServer, choiceFile })).stop();
    const env = { MONGOMS_SYSTEM_BINARY: '/usr/bin/mongod' };
    await (await provisionDatabase({ env, log, memoryServer, choiceFile })).stop();
    expect(calls.probes).toBe(2);
    expect(stored().memoryServerSettings).toBe('MONGOMS_SYSTEM_BINARY=/usr/bin/mongod');
    expect(readRememberedChoice(choiceFile, '')).toBeNull();
  });

  it('forgets a remembered mongodb-memory-server that no longer starts, and remembers FerretDB instead', async () => {
    const { memoryServer, calls } = stubMemoryServer(() => null, new Error('binary vanished'));
    writeFileSync(
      choiceFile,
      JSON.stringify({
        kind: 'mongodb-memory-server',
        reason: 'cached',
        decidedAt: '2026-01-01T00:00:00Z',
        memoryServerSettings: '',
      }),
    );
    const database = await provisionDatabase({ env: {}, log, memoryServer, choiceFile });
    await database.stop();
    expect(database.kind).toBe('ferretdb');
    expect(calls).toEqual({ probes: 0, starts: 1 });
    expect(stored()).toMatchObject({ kind: 'ferretdb', reason: 'it did not start (binary vanished)' });
  }, 600_000);

  it('is neither read nor written when DB_PROVIDER forces a server, nor by a stub given no file', async () => {
    const { memoryServer } = stubMemoryServer(() => null);
    await (
      await provisionDatabase({ env: { DB_PROVIDER: 'mongodb-memory-server' }, log, memoryServer, choiceFile })
    ).stop();
    expect(existsSync(choiceFile)).toBe(false);
    await (await provisionDatabase({ env: { PUBLISHER_CACHE_DIR: cacheRoot }, log, memoryServer })).stop();
    expect(existsSync(choiceFile)).toBe(false);
  });

  it('ignores a damaged file', () => {
    writeFileSync(choiceFile, '{ not json');
    expect(readRememberedChoice(choiceFile, '')).toBeNull();
    writeFileSync(
      choiceFile,
      JSON.stringify({ kind: 'postgres', reason: 'x', decidedAt: 'y', memoryServerSettings: '' }),
    );
    expect(readRememberedChoice(choiceFile, '')).toBeNull();
  });
});
