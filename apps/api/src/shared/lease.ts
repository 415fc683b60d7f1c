import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { AppError } from './app-error';
import { LeaseModel, type LeaseRecord } from './lease.model';

/**
 * A named lease in the database: at most one holder at a time across every API process on that database (the
 * compose file runs two), and it lapses on its own when its holder dies.
 *
 * Taking it is one `insertOne` of `{ _id: name }`: the unique `_id` makes exactly one of several racing inserts
 * succeed, on MongoDB and on FerretDB alike (no transactions or conditional upserts needed). A lease past its
 * `expiresAt` is deleted by whoever finds it (only if it is still that same holder's), and the insert is tried
 * again; so is one whose holder was a process of the same host that no longer runs. The holder pushes
 * `expiresAt` forward every third of the lease's length while its task runs.
 * `expiresAt` is the holders' own wall clock (never the scenario clock): processes sharing a database must
 * share a clock within a fraction of `ttlMs`.
 */

export interface LeaseOptions {
  /** How long the lease holds without renewal: a dead holder blocks others for at most this long. */
  ttlMs: number;
  /** How long to wait for another holder to finish before giving up with a 409. */
  waitMs: number;
  /** First pause between attempts; doubles up to a second. */
  pollMs?: number;
  /** What to say when waiting runs out. */
  busyMessage: string;
  log?: (line: string) => void;
}

const isDuplicateKey = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 11000;

/** A holder names its host and process, so a restart on the same host can tell its dead predecessor's lease. */
const holderName = (): string => `${hostname()}/${String(process.pid)}/${randomUUID()}`;

/**
 * Whether the holder was a process of this host that is gone (a crashed API restarted on the same machine):
 * its lease is freed at once instead of after its ttl. A holder of another host, or whose pid is alive (perhaps
 * reused), is left to its ttl.
 */
function isDeadHolderOfThisHost(holder: string): boolean {
  const [host, pidText] = holder.split('/');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** One insert of the lease: true when it was free. */
async function insert(name: string, holder: string, ttlMs: number): Promise<boolean> {
  try {
    await LeaseModel.create({ _id: name, holder, expiresAt: new Date(Date.now() + ttlMs) });
    return true;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return false;
  }
}

async function tryTake(name: string, holder: string, ttlMs: number): Promise<boolean> {
  if (await insert(name, holder, ttlMs)) return true;
  const current = await LeaseModel.findById(name).lean<LeaseRecord>();
  if (current && (current.expiresAt.getTime() <= Date.now() || isDeadHolderOfThisHost(current.holder))) {
    // Its holder stopped renewing or is gone (it died): free it, unless someone renewed or took it since it was read,
    // and try again at once.
    const freed = await LeaseModel.deleteOne({ _id: name, holder: current.holder, expiresAt: current.expiresAt });
    if (freed.deletedCount === 1) return insert(name, holder, ttlMs);
  }
  return false;
}

/**
 * Takes the lease `name`, waiting for another holder first (up to `waitMs`), and keeps renewing it until the
 * answered `release` is called: for a holding that outlives one task (a mock-mode process holds its database for its
 * whole life, control/mock-owner.ts).
 */
export async function holdLease(name: string, options: LeaseOptions): Promise<() => Promise<void>> {
  const { ttlMs, waitMs, busyMessage, log = () => undefined } = options;
  const holder = holderName();
  const giveUpAt = Date.now() + waitMs;
  let pause = options.pollMs ?? 50;
  while (!(await tryTake(name, holder, ttlMs))) {
    if (Date.now() + pause > giveUpAt) throw AppError.conflict(busyMessage);
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 1_000);
  }
  const renewal = setInterval(() => {
    LeaseModel.updateOne({ _id: name, holder }, { $set: { expiresAt: new Date(Date.now() + ttlMs) } })
      .then((result) => {
        if (result.matchedCount === 0) log(`[lease] ${name} was lost while held (renewal too late)`);
      })
      .catch((error: unknown) => log(`[lease] ${name} renewal failed: ${String(error)}`));
  }, ttlMs / 3);
  renewal.unref();
  return async () => {
    clearInterval(renewal);
    await LeaseModel.deleteOne({ _id: name, holder }).catch((error: unknown) => {
      // Left in place it lapses after ttlMs; nothing else to do.
      log(`[lease] ${name} release failed: ${String(error)}`);
    });
  };
}

/** Runs `task` while holding the lease `name`; waits for another holder first, up to `waitMs`. */
export async function withLease<T>(name: string, options: LeaseOptions, task: () => Promise<T>): Promise<T> {
  const release = await holdLease(name, options);
  try {
    return await task();
  } finally {
    await release();
  }
}
