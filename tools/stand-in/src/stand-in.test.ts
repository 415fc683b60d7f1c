import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, waitForHttp } from '@publisher/db';
import { verify } from '@publisher/verify';

/**
 * The stand-in as another project gets it: `npm run stand-in:pack`, `npm i -D` of the tarball into a scratch
 * project (nothing else installed there), `npx publisher-stand-in --port <n> --data-dir <d>`, then the verifier
 * walks every route of the contract against it, and SIGTERM stops it with its database.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'stand-in-test-'));
const project = join(scratch, 'project');
const dataDir = join(scratch, 'data');
/** The goal of issue 39: the installed stand-in takes at most this much room. */
const MAX_INSTALLED_BYTES = 80 * 1000 * 1000;

let standIn: ChildProcess | undefined;
let baseUrl = '';
let installedBytes = 0;
const output: string[] = [];

/** Runs a command to its end; throws with its output when it fails. Answers its standard output. */
function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, {
    cwd,
    env: userEnvironment(),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${String(result.status)}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * The environment of a user's shell: not the test runner's NODE_ENV=test, nor the npm_* variables `npm test` hands
 * down (npm_config_local_prefix would point npm at this repository instead of the scratch project).
 */
function userEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && name !== 'INIT_CWD' && !/^npm_/i.test(name)),
  );
}

/** The process ids whose command line contains `text` (Linux /proc). */
function processesNaming(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  const packed = run('npm', ['run', 'stand-in:pack', '--', '--out', scratch], ROOT).trim().split('\n');
  const tarball = packed.at(-1) ?? '';
  expect(tarball).toMatch(/publisher-stand-in-\d+\.\d+\.\d+\.tgz$/);

  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'scratch', version: '1.0.0', private: true }));
  run('npm', ['i', '-D', '--prefer-offline', '--no-audit', '--no-fund', tarball], project);
  installedBytes = Number(run('du', ['-sk', join(project, 'node_modules')], project).split('\t')[0]) * 1024;

  const port = await findFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  standIn = spawn('npx', ['publisher-stand-in', '--port', String(port), '--data-dir', dataDir], {
    cwd: project,
    // A database of its own should the machine name a shared server (MONGODB_URI): the mock mode owns the one it uses.
    env: { ...userEnvironment(), MONGODB_DB_NAME: `stand_in_${String(port)}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  standIn.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  standIn.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await waitForHttp(`${baseUrl}/health`, standIn, 240_000);
  } catch (error) {
    throw new Error(`the stand-in did not start: ${String(error)}\n${output.join('')}`, { cause: error });
  }
  // The figure the issue asks for (measured, not asserted: a busy CI machine decides it, see docs/STAND-IN.md).
  console.log(
    `[stand-in] installed ${(installedBytes / 1e6).toFixed(1)} MB; cold start to healthy ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});

afterAll(() => {
  if (standIn && standIn.exitCode === null) standIn.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

describe('the packed stand-in, installed in a scratch project', () => {
  it('takes at most 80 MB installed', () => {
    expect(installedBytes).toBeGreaterThan(0);
    expect(installedBytes).toBeLessThanOrEqual(MAX_INSTALLED_BYTES);
  });

  it('prints its flags on --help', () => {
    const help = run('npx', ['publisher-stand-in', '--help'], project);
    for (const flag of ['--port', '--profile', '--data-dir', '--host']) expect(help).toContain(flag);
  });

  it('serves the mock mode of npm start: the small profile, Prefer, sessions and the journal', async () => {
    const health = (await (await fetch(`${baseUrl}/health`)).json()) as {
      database: { responding: boolean };
      controls: { profile: string };
    };
    expect(health.database.responding).toBe(true);
    expect(health.controls.profile).toBe('small');

    const signIn = await fetch(`${baseUrl}/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Mock-Session': 'stand-in-test' },
      body: JSON.stringify({ email: 'vendor@publisher.test', password: 'Publisher#2026' }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const empty = await fetch(`${baseUrl}/coupons/getcoupons`, {
      headers: { Authorization: token, Prefer: 'example=empty', 'X-Mock-Session': 'stand-in-test' },
    });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('preference-applied')).toBe('example=empty');
    expect(await empty.json()).toEqual({ data: [], totalCount: 0 });

    const sessions = (await (await fetch(`${baseUrl}/__control/sessions`)).json()) as { sessions: { id: string }[] };
    expect(sessions.sessions.map((session) => session.id)).toContain('stand-in-test');
    const journal = (await (
      await fetch(`${baseUrl}/__control/requests?path=/coupons`, { headers: { 'X-Mock-Session': 'stand-in-test' } })
    ).json()) as { requests: { method: string; path: string; status: number }[] };
    expect(journal.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: '/coupons/getcoupons', status: 200 }),
    ]);
  });

  it('passes the verifier: every route of the contract', async () => {
    const { results } = await verify({ baseUrl });
    expect(results.length).toBeGreaterThan(100);
    expect(results.filter((result) => result.verdict !== 'PASS')).toEqual([]);
  });

  it('stops with its database when npx is sent SIGTERM', async () => {
    const running = standIn;
    if (!running) throw new Error('the stand-in was not started');
    // Every process of this stand-in names its data folder: npx's shell, the API, FerretDB and its watchdog.
    const processes = processesNaming(dataDir);
    expect(processes.length).toBeGreaterThanOrEqual(2);
    running.kill('SIGTERM');
    const deadline = Date.now() + 15_000;
    while (processes.some(isRunning) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(processes.filter(isRunning)).toEqual([]);
    await expect(fetch(`${baseUrl}/health`)).rejects.toThrow();
  });
});
