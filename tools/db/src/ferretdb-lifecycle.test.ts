import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { ensureFerretDbBinary, PID_FILE, startFerretDb } from './ferretdb';
import { findFreePort, waitForPort } from './net';
import { cacheRootFrom } from './provision';

const quiet = () => undefined;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  return !isAlive(pid);
}

describe('FerretDB lifecycle', () => {
  it('does not outlive a parent that is killed with SIGKILL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ferret-orphan-'));
    const script = join(dataDir, 'parent.mts');
    writeFileSync(
      script,
      [
        `import { ensureFerretDbBinary, startFerretDb } from ${JSON.stringify(resolve('src/ferretdb.ts'))};`,
        `const binary = await ensureFerretDbBinary(${JSON.stringify(cacheRootFrom(process.env))}, () => undefined);`,
        `const running = await startFerretDb(binary.path, ${JSON.stringify(join(dataDir, 'db'))});`,
        'console.log(running.uri);',
        'setInterval(() => undefined, 1000);',
      ].join('\n'),
    );
    // node itself (tsx as a loader), not the tsx CLI, which would run the script in a child process of its own.
    const parent = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: resolve('.'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const uri = await new Promise<string>((done) => createInterface({ input: parent.stdout }).once('line', done));
    const port = Number(new URL(uri).port);
    await waitForPort(port, 5_000);
    const ferretPid = Number(readFileSync(join(dataDir, 'db', PID_FILE), 'utf8'));
    expect(isAlive(ferretPid)).toBe(true);

    parent.kill('SIGKILL');

    expect(await waitUntilGone(ferretPid, 10_000)).toBe(true);
    await expect(waitForPort(port, 500)).rejects.toThrow(/nothing listened/);
  }, 600_000);

  it('stops a FerretDB an earlier run left serving the same files before starting a new one', async () => {
    const binary = await ensureFerretDbBinary(cacheRootFrom(process.env), quiet);
    const dataDir = mkdtempSync(join(tmpdir(), 'ferret-stale-'));
    const port = await findFreePort();
    // What a killed parent used to leave: FerretDB on its own, serving the folder.
    const stale = spawn(
      binary.path,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${dataDir}/`,
        `--state-dir=${dataDir}`,
        `--listen-addr=127.0.0.1:${port}`,
        '--debug-addr=-',
        '--telemetry=disable',
      ],
      { stdio: 'ignore', detached: true },
    );
    stale.unref();
    await waitForPort(port, 10_000);
    writeFileSync(join(dataDir, PID_FILE), String(stale.pid));

    const running = await startFerretDb(binary.path, dataDir);
    try {
      expect(await waitUntilGone(stale.pid ?? 0, 1_000)).toBe(true);
      await waitForPort(Number(new URL(running.uri).port), 2_000);
    } finally {
      await running.stop();
    }
  }, 600_000);

  it('restarts a killed FerretDB on the same port and files, and not after stop()', async () => {
    const binary = await ensureFerretDbBinary(cacheRootFrom(process.env), quiet);
    const dataDir = mkdtempSync(join(tmpdir(), 'ferret-supervised-'));
    const lines: string[] = [];
    const running = await startFerretDb(binary.path, dataDir, { log: (line) => lines.push(line) });
    const port = Number(new URL(running.uri).port);
    const firstPid = Number(readFileSync(join(dataDir, PID_FILE), 'utf8'));
    try {
      process.kill(firstPid, 'SIGKILL');
      expect(await waitUntilGone(firstPid, 5_000)).toBe(true);
      const deadline = Date.now() + 10_000;
      while (running.restarts() < 1 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
      expect(running.restarts()).toBe(1);
      await waitForPort(port, 10_000);
      const secondPid = Number(readFileSync(join(dataDir, PID_FILE), 'utf8'));
      expect(secondPid).not.toBe(firstPid);
      // The supervisor's own check of the port may finish a moment after the one above.
      const logged = `FerretDB restarted (restart 1) on port ${port}`;
      const logDeadline = Date.now() + 5_000;
      while (!lines.includes(logged) && Date.now() < logDeadline) await new Promise((done) => setTimeout(done, 50));
      expect(lines).toContain(logged);
    } finally {
      await running.stop();
    }
    // Stopped on purpose: nothing comes back.
    await new Promise((done) => setTimeout(done, 1_500));
    expect(running.restarts()).toBe(1);
    await expect(waitForPort(port, 500)).rejects.toThrow(/nothing listened/);
  }, 600_000);
});
