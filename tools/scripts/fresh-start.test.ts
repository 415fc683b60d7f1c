import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '@publisher/db';
import { startOver } from './fresh-start';

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fresh-'));
  mkdirSync(join(dir, 'ferretdb', 'quarantine'), { recursive: true });
  writeFileSync(join(dir, 'ferretdb', 'publisher.sqlite'), 'data');
  writeFileSync(join(dir, 'ferretdb', 'publisher__s_w1.sqlite'), Buffer.alloc(4096));
  mkdirSync(join(dir, 'mongodb'));
  mkdirSync(join(dir, 'kept-seeds'));
  writeFileSync(join(dir, 'kept-seeds', 'demo.seed'), 'a seed');
  writeFileSync(join(dir, 'kept-seeds', 'publisher.journal'), 'what the data equalled');
  writeFileSync(join(dir, 'notes.txt'), 'not ours');
  return dir;
}

describe('npm start -- --fresh', () => {
  it("deletes the embedded databases' files of the data folder, nothing else", async () => {
    const dir = dataFolder();
    const outcome = await startOver(dir, `http://127.0.0.1:${String(await findFreePort())}`);
    expect(outcome).toEqual({
      deleted: [join(dir, 'ferretdb'), join(dir, 'mongodb'), join(dir, 'kept-seeds', 'publisher.journal')],
    });
    expect(readdirSync(dir).sort()).toEqual(['kept-seeds', 'notes.txt']);
    // The seeds stay: the first reset goes back to them.
    expect(readdirSync(join(dir, 'kept-seeds'))).toEqual(['demo.seed']);
    // Nothing left to delete: it says so and starts as usual.
    expect(await startOver(dir, `http://127.0.0.1:${String(await findFreePort())}`)).toEqual({ deleted: [] });
  });

  it('refuses while an API answers on the port: its data is what would go', async () => {
    const dir = dataFolder();
    const server = createServer((_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      expect(await startOver(dir, `http://127.0.0.1:${String(port)}`)).toEqual({
        refused: `an API answers on http://127.0.0.1:${String(port)}; stop that stack first (its data is what --fresh deletes)`,
      });
      expect(existsSync(join(dir, 'ferretdb', 'publisher.sqlite'))).toBe(true);
    } finally {
      server.close();
    }
  });
});
