import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The pid of the FerretDB a test provisioned in `dataDir` (tools/db writes it there). */
export function ferretPidIn(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'ferretdb', 'ferretdb.pid'), 'utf8').trim());
}

/**
 * Resolves once every thread of `pid` is stopped. A SIGSTOP takes effect after kill() returns: at load average 27
 * the first calls after it were still answered (health 200 in 28 ms), so a stall starts when the kernel says so.
 */
export async function threadsStopped(pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const states = readdirSync(`/proc/${String(pid)}/task`).map((task) => {
      const stat = readFileSync(`/proc/${String(pid)}/task/${task}/stat`, 'utf8');
      // "pid (name) S ...": the state follows the last parenthesis.
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    });
    if (states.every((state) => state === 'T' || state === 't')) return;
    if (Date.now() > deadline)
      throw new Error(`FerretDB (${String(pid)}) did not stop: thread states ${states.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
