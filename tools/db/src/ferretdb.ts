import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, waitForPort } from './net';
import { quarantineUnreadable, type DatabaseIncident, type QuarantineLevel } from './quarantine';

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
  /** The current watchdog shell's process id (FerretDB is its child; see PID_FILE for FerretDB's own). */
  pid: number | undefined;
  /** How many times FerretDB died and was started again on the same files and port. */
  restarts(): number;
  /** What went wrong in the background, oldest first (at most {@link MAX_INCIDENTS}): deaths, files moved aside. */
  incidents(): readonly DatabaseIncident[];
  stop(): Promise<void>;
}

/** Incidents a running FerretDB keeps: the latest. */
export const MAX_INCIDENTS = 50;

/** The line of FerretDB's output that says why it stopped (Go's fatal error, or its own last error). */
export function exitReason(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const fatal = lines.find((line) => /^(fatal error|panic|unexpected fault|\[signal)/.test(line));
  const signal = lines.find((line) => line.startsWith('[signal'));
  if (fatal) return signal && signal !== fatal ? `${fatal} ${signal}` : fatal;
  return lines.at(-1)?.slice(0, 300) ?? 'no output';
}

export interface FerretDbOptions {
  /** Told about each restart (and a restart that failed). */
  log?: (line: string) => void;
  /** Pause before the first restart after a death; doubled for each death in a row, up to RESTART_MAX_DELAY_MS. */
  restartDelayMs?: number;
}

/** Longest pause between restarts of a FerretDB that keeps dying. */
export const RESTART_MAX_DELAY_MS = 5_000;
/** A FerretDB that served this long has recovered: the next death restarts it after the first delay again. */
const STABLE_AFTER_MS = 30_000;

/** Where a running FerretDB's process id is kept, beside its SQLite files. */
export const PID_FILE = 'ferretdb.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The command line of a process (Linux /proc), or '' where it cannot be read. */
function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * Stops a FerretDB an earlier run left serving the same files (its parent was killed before it could stop it):
 * two servers on one SQLite folder would corrupt it. Only a process whose command line names FerretDB and this
 * folder is stopped, so a recycled process id is left alone.
 */
export async function stopStaleFerretDb(dataDir: string): Promise<boolean> {
  const pidFile = join(dataDir, PID_FILE);
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
  const commandLine = commandLineOf(pid);
  if (!commandLine.includes('ferretdb') || !commandLine.includes(dataDir)) return false;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  return true;
}

/**
 * FerretDB runs under a small shell that stops it when this process goes, however it goes (even SIGKILL): the
 * shell waits on a pipe from this process, which the kernel closes when the process ends. It also records
 * FerretDB's process id for {@link stopStaleFerretDb}.
 */
const WATCHDOG_SCRIPT = [
  'pid_file="$1"; shift',
  // Keep the pipe from the parent as fd 3: background jobs get /dev/null as their standard input.
  'exec 3<&0',
  '"$@" &',
  'child=$!',
  'echo "$child" > "$pid_file"',
  'trap \'kill -TERM "$child" 2>/dev/null\' TERM INT HUP',
  // The pipe ends (the parent closed it, or the parent is gone): stop FerretDB.
  '( read -r _ <&3; kill -TERM "$child" 2>/dev/null ) &',
  'reader=$!',
  'exec 3<&-',
  // A trapped signal interrupts wait: wait until FerretDB has really gone.
  'wait "$child"; status=$?',
  'while kill -0 "$child" 2>/dev/null; do wait "$child"; status=$?; done',
  'kill "$reader" 2>/dev/null',
  'rm -f "$pid_file"',
  'exit "$status"',
].join('\n');

/** How much of FerretDB's output is kept: its start and its end. */
const STDERR_HEAD_CHARS = 2_000;
const STDERR_TAIL_CHARS = 4_000;

interface Launched {
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr(): string;
}

/** One FerretDB under its watchdog, on `port`. */
function launch(binary: string, dataDir: string, port: number): Launched {
  const child: ChildProcess = spawn(
    'sh',
    [
      '-c',
      WATCHDOG_SCRIPT,
      'ferretdb-watchdog',
      join(dataDir, PID_FILE),
      binary,
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
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  // Its first lines say why it died (Go's `fatal error: ...`, before thousands of lines of goroutine stacks) and
  // its last ones what it did last: both are kept.
  let head = '';
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    const room = STDERR_HEAD_CHARS - head.length;
    head += text.slice(0, Math.max(0, room));
    if (text.length > room) tail = (tail + text.slice(Math.max(0, room))).slice(-STDERR_TAIL_CHARS);
  });
  // A pipe error after this process stopped reading is expected; it must not crash the process.
  child.stdin?.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, stderr: () => (tail ? `${head}\n...\n${tail}` : head) };
}

/**
 * Starts FerretDB (SQLite backend) on a free loopback port; `dataDir` holds its SQLite files and state.
 *
 * Supervised: when FerretDB dies (killed, crashed) it is started again on the same files and the same port, after
 * `restartDelayMs` (250 ms by default, doubling while it keeps dying, at most 5 s), so clients reconnect by
 * themselves (the MongoDB driver keeps retrying its server) and nothing restarts the process that uses it.
 */
export async function startFerretDb(
  binary: string,
  dataDir: string,
  { log = () => undefined, restartDelayMs = 250 }: FerretDbOptions = {},
): Promise<RunningFerretDb> {
  mkdirSync(dataDir, { recursive: true });
  await stopStaleFerretDb(dataDir);
  const incidents: DatabaseIncident[] = [];
  const record = (incident: DatabaseIncident): void => {
    incidents.push(incident);
    incidents.splice(0, incidents.length - MAX_INCIDENTS);
  };
  const quarantine = (level: QuarantineLevel): void => {
    for (const incident of quarantineUnreadable(dataDir, log, level)) record(incident);
  };
  // FerretDB opens every database file at start and exits on the first it cannot: one file cut off by a crash
  // (a session's, or one dropped while in use) would keep the server down. Those are moved aside first.
  quarantine('check');
  const port = await findFreePort();
  let current: Launched | undefined;
  let isStopping = false;
  let restarts = 0;
  let deathsInARow = 0;
  let startedAt = Date.now();
  let restartTimer: NodeJS.Timeout | undefined;

  // Closing the pipe is what tells the watchdog to stop FerretDB; on exit the kernel closes it anyway.
  const releaseOnExit = (): void => {
    current?.child.stdin?.destroy();
  };
  process.once('exit', releaseOnExit);

  /**
   * Launches FerretDB until it listens. One that exits before listening gets a stricter look at its files each
   * time (every session database first: disposable; then files whose table is only in their log), never one
   * that served: a death after serving is a crash, not a sign of a bad file. Answers the launch, and whether it
   * listens.
   */
  async function launchListening(): Promise<{ launched: Launched; isListening: boolean }> {
    let launched = launch(binary, dataDir, port);
    current = launched;
    for (const level of ['sessions', 'strict', undefined] as const) {
      const exited = launched.exited.then(() => false);
      const isListening = await Promise.race([waitForPort(port, 30_000).then(() => true), exited]);
      if (isListening || !level || isStopping) return { launched, isListening };
      const reason = exitReason(launched.stderr());
      log(`FerretDB exited before listening (${reason}); looking at its files again (${level})`);
      record({
        kind: 'database-start-failed',
        reason: `FerretDB would not start: ${reason}`,
        whatToDo: 'Nothing if it serves now: the files it could not open were moved aside (see the other entries).',
        at: new Date().toISOString(),
      });
      quarantine(level);
      launched = launch(binary, dataDir, port);
      current = launched;
    }
    return { launched, isListening: false };
  }

  const first = await launchListening();
  if (!first.isListening) {
    process.removeListener('exit', releaseOnExit);
    throw new FerretDbUnavailableError(
      `FerretDB exited before listening: ${first.launched.stderr().trim() || 'no output'}\n` +
        `Its files are in ${dataDir}; \`npm start -- --fresh\` starts over with none (the data is lost).`,
    );
  }

  function superviseCurrent(): void {
    const watched = current;
    if (!watched) return;
    void watched.exited.then((code) => {
      if (isStopping || watched !== current) return;
      const livedMs = Date.now() - startedAt;
      deathsInARow = livedMs >= STABLE_AFTER_MS ? 1 : deathsInARow + 1;
      const delay = Math.min(restartDelayMs * 2 ** (deathsInARow - 1), RESTART_MAX_DELAY_MS);
      const reason = exitReason(watched.stderr());
      log(`FerretDB exited (code ${String(code)}: ${reason}); restarting on port ${port} in ${delay} ms`);
      record({
        kind: 'database-restarted',
        reason: `FerretDB exited (code ${String(code)}): ${reason}`,
        whatToDo:
          deathsInARow < 3
            ? 'Nothing: it was restarted on the same files and port, and the API reconnects by itself.'
            : `It keeps dying (${String(deathsInARow)} times in a row): files it cannot open are moved aside before each restart; if it goes on, stop the stack and run \`npm start -- --fresh\`.`,
        at: new Date().toISOString(),
      });
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        if (isStopping) return;
        void stopStaleFerretDb(dataDir)
          .then(async () => {
            if (isStopping) return;
            // A death may have left a file cut off (it died creating or dropping a database).
            quarantine('check');
            const { launched, isListening } = await launchListening();
            startedAt = Date.now();
            restarts += 1;
            superviseCurrent();
            log(
              isListening
                ? `FerretDB restarted (restart ${restarts}) on port ${port}`
                : `FerretDB did not listen again on port ${port}: ${launched.stderr().trim() || 'no output'}`,
            );
          })
          .catch((error: unknown) => log(`FerretDB restart failed: ${String(error)}`));
      }, delay);
      // A pending restart must not keep a process alive that is otherwise done.
      restartTimer.unref();
    });
  }
  superviseCurrent();

  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    get pid() {
      return current?.child.pid;
    },
    restarts: () => restarts,
    incidents: () => [...incidents],
    async stop() {
      isStopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      process.removeListener('exit', releaseOnExit);
      if (!current) return;
      const { child, exited } = current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin?.end();
      const timer = setTimeout(() => {
        void stopStaleFerretDb(dataDir);
        child.kill('SIGKILL');
      }, 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
