import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, wherever the script is started from. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Node options of the API process. V8 otherwise lets the heap grow to ~400 MB while a million-row CSV streams
 * (live memory stays flat; it just collects late); a bounded old space makes it collect on time and keeps the
 * process under 250 MB. A 16 MB semi-space (V8 sizes the young generation from the heap bound, ~1 MB here)
 * lets the garbage of the requests in flight die young instead of being promoted and marked again with the
 * whole catalog at every full collection: +10-20% on the computed reads; the CSV peak stays at ~221 MiB.
 * The Dockerfile sets the same.
 */
export const API_NODE_OPTIONS = '--max-old-space-size=192 --max-semi-space-size=16';

/** Where `npm start` and `npm run seed` keep the embedded database between runs. */
export const DATA_DIR = join(ROOT, '.data');

export interface Service {
  name: string;
  child: ChildProcess;
}

/** Starts a long-running child with its output prefixed by its name. */
export function startService(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Service {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim().length > 0)
      // Lines that already carry their own [tag] (the API's [api], [db], [seed]) are passed through as they are.
      .map((line) => (line.startsWith('[') ? line : `[${name}] ${line}`))
      .join('\n');
  child.stdout?.on('data', (chunk: Buffer) => console.log(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => console.error(prefix(chunk)));
  return { name, child };
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * Calls `onExit` once the process that started this one has gone (its parent id changes when it is reparented).
 * `npm start` stopped by a script (`kill -TERM <npm's pid>`): npm 11 exits on SIGTERM without passing it on to
 * the script it runs, which left start.ts and the stack it started running. The check is a timer that keeps
 * nothing alive.
 */
export function onParentExit(
  onExit: () => void,
  { parentPid = () => process.ppid, intervalMs = 1_000 }: { parentPid?: () => number; intervalMs?: number } = {},
): void {
  const parent = parentPid();
  const timer = setInterval(() => {
    if (parentPid() === parent) return;
    clearInterval(timer);
    onExit();
  }, intervalMs);
  timer.unref();
}
