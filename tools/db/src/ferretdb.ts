import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, waitForPort } from './net';

export const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

export interface FerretDbBinary {
  path: string;
  /** Milliseconds spent building it now; 0 when a cached binary was reused. */
  buildMs: number;
}

/** Thrown with the exact reason when FerretDB can be neither found nor built. */
export class FerretDbUnavailableError extends Error {}

function hasGo(): boolean {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
}

function runGo(args: string[], cwd: string): string {
  const result = spawnSync('go', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-buildvcs=false' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new FerretDbUnavailableError(
      `go ${args.join(' ')} failed (exit ${String(result.status)}): ${(result.stderr || result.error?.message || '').trim()}`,
    );
  }
  return result.stdout;
}

/** Serialises concurrent builds (parallel test runners) with an atomic mkdir lock. */
async function withBuildLock<T>(cacheDir: string, work: () => T): Promise<T> {
  const lock = join(cacheDir, '.build-lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new FerretDbUnavailableError(`timed out waiting for build lock ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Returns the cached FerretDB binary, building it once with the machine's Go when it is missing.
 *
 * `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2` is not enough on its own: the module proxy's
 * copy has no `build/version/version.txt` (FerretDB's release tooling writes it), and a FerretDB built as
 * the main module panics at start without it. So this downloads the exact module through the Go module
 * proxy, writes the version file FerretDB's own error message asks for, and builds `./cmd/ferretdb`.
 */
export async function ensureFerretDbBinary(cacheRoot: string, log: (line: string) => void): Promise<FerretDbBinary> {
  const cacheDir = join(cacheRoot, `ferretdb-${FERRETDB_VERSION}`);
  const binary = join(cacheDir, 'ferretdb');
  if (existsSync(binary)) return { path: binary, buildMs: 0 };
  if (!hasGo()) throw new FerretDbUnavailableError('no FerretDB binary is cached and `go` is not on PATH');

  mkdirSync(cacheDir, { recursive: true });
  return withBuildLock(cacheDir, () => {
    if (existsSync(binary)) return { path: binary, buildMs: 0 };
    const started = Date.now();
    log(`building FerretDB ${FERRETDB_VERSION} with the machine's Go (once; cached in ${cacheDir})...`);
    const scratch = mkdtempSync(join(tmpdir(), 'ferretdb-build-'));
    try {
      const downloaded = JSON.parse(
        runGo(['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], scratch),
      ) as {
        Dir?: string;
        Error?: string;
      };
      if (!downloaded.Dir)
        throw new FerretDbUnavailableError(`go mod download gave no directory: ${downloaded.Error ?? 'unknown error'}`);
      const source = join(scratch, 'src');
      cpSync(downloaded.Dir, source, { recursive: true });
      makeWritable(source);
      writeFileSync(join(source, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
      const partial = `${binary}.partial`;
      runGo(['build', '-trimpath', '-o', partial, './cmd/ferretdb'], source);
      chmodSync(partial, 0o755);
      // A rename is atomic: a process checking `existsSync(binary)` outside the lock never runs a half-copied file.
      renameSync(partial, binary);
      const buildMs = Date.now() - started;
      log(`built FerretDB in ${(buildMs / 1000).toFixed(1)} s`);
      return { path: binary, buildMs };
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
}

function makeWritable(dir: string): void {
  // The module cache is read-only; the copy needs to be writable for the version file and for cleanup.
  spawnSync('chmod', ['-R', 'u+w', dir]);
}

export interface RunningFerretDb {
  uri: string;
  stop(): Promise<void>;
}

/** Starts FerretDB (SQLite backend) on a free loopback port; `dataDir` holds its SQLite files and state. */
export async function startFerretDb(binary: string, dataDir: string): Promise<RunningFerretDb> {
  mkdirSync(dataDir, { recursive: true });
  const port = await findFreePort();
  const child: ChildProcess = spawn(
    binary,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${dataDir}/`,
      `--state-dir=${dataDir}`,
      `--listen-addr=127.0.0.1:${port}`,
      // The debug listener would take 127.0.0.1:8088 and clash between instances.
      '--debug-addr=-',
      // There is no internet here, and a development database has nothing to report.
      '--telemetry=disable',
      '--log-level=error',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const ready = await Promise.race([waitForPort(port, 30_000).then(() => true), exited.then(() => false)]);
  if (!ready) {
    throw new FerretDbUnavailableError(`FerretDB exited before listening: ${stderr.trim() || 'no output'}`);
  }

  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
