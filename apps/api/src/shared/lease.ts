import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { AppError } from './app-error';
import { LeaseModel, type LeaseRecord } from './lease.model';
import { outsideRequest } from './request-scope';

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
  /**
   * Pushes the holder's `expiresAt` to the given time; answers false when the lease is no longer this holder's.
   * Default: one `updateOne` on the lease. Tests hold it back to play a database that does not answer.
   */
  renew?: (name: string, holder: string, expiresAt: Date) => Promise<boolean>;
}

/** Why a held lease's task was stopped: its renewal failed or came too late, so another holder may take it. */
export class LeaseLostError extends AppError {
  constructor(name: string, why: string) {
    super('unavailable', [
      `The ${name} lease was lost (${why}): the work stopped before its next write. Please try again in a moment.`,
    ]);
  }
}

/** A held lease: its fencing signal and its release. */
export interface HeldLease {
  /**
   * Aborted (with a {@link LeaseLostError}) once the holder can no longer be sure the lease is its own: a renewal
   * answered that it was lost, or none succeeded for two thirds of the ttl, so the lease may lapse and another holder
   * take it. The task checks it between its writes (`signal.throwIfAborted()`), so it stops before its next write
   * while the lease still holds for the writes in flight (a third of the ttl).
   */
  signal: AbortSignal;
  release: () => Promise<void>;
}

const renewByUpdate = async (name: string, holder: string, expiresAt: Date): Promise<boolean> =>
  (await LeaseModel.updateOne({ _id: name, holder }, { $set: { expiresAt } })).matchedCount === 1;

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
 * Takes the lease `name`, waiting for another holder first (up to `waitMs`), and keeps renewing it until
 * `release` is called; its `signal` tells the holder when it must stop (see {@link HeldLease}).
 */
export function takeLease(name: string, options: LeaseOptions): Promise<HeldLease> {
  // The lease's own writes coordinate processes: they are no commit point of the request that takes it
  // (request-scope.ts), and its renewals (timers started here) go on whatever that request answered.
  return outsideRequest(() => takeLeaseOutsideRequest(name, options));
}

async function takeLeaseOutsideRequest(name: string, options: LeaseOptions): Promise<HeldLease> {
  const { ttlMs, waitMs, busyMessage, log = () => undefined, renew = renewByUpdate } = options;
  const holder = holderName();
  const giveUpAt = Date.now() + waitMs;
  let pause = options.pollMs ?? 50;
  while (!(await tryTake(name, holder, ttlMs))) {
    if (Date.now() + pause > giveUpAt) throw AppError.conflict(busyMessage);
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 1_000);
  }
  const fence = new AbortController();
  const lose = (why: string): void => {
    if (fence.signal.aborted) return;
    log(`[lease] ${name} lost (${why}): its task stops before its next write`);
    fence.abort(new LeaseLostError(name, why));
  };
  // The lease is surely ours until a third of the ttl before the last expiresAt written: past that, stop.
  let deadline: NodeJS.Timeout | undefined;
  const trustUntil = (expiresAt: number): void => {
    clearTimeout(deadline);
    deadline = setTimeout(() => lose('no renewal succeeded in time'), Math.max(0, expiresAt - ttlMs / 3 - Date.now()));
    deadline.unref();
  };
  trustUntil(Date.now() + ttlMs);
  let renewing = false;
  const renewal = setInterval(() => {
    // One renewal at a time: a renewal the database holds back is not stacked on.
    if (renewing || fence.signal.aborted) return;
    renewing = true;
    const expiresAt = Date.now() + ttlMs;
    renew(name, holder, new Date(expiresAt))
      .then((held) => {
        if (held) trustUntil(expiresAt);
        else lose('another holder has it: a renewal came too late');
      })
      .catch((error: unknown) => log(`[lease] ${name} renewal failed: ${String(error)}`))
      .finally(() => {
        renewing = false;
      });
  }, ttlMs / 3);
  renewal.unref();
  return {
    signal: fence.signal,
    release: () =>
      outsideRequest(async () => {
        clearInterval(renewal);
        clearTimeout(deadline);
        await LeaseModel.deleteOne({ _id: name, holder }).catch((error: unknown) => {
          // Left in place it lapses after ttlMs; nothing else to do.
          log(`[lease] ${name} release failed: ${String(error)}`);
        });
      }),
  };
}

/**
 * Takes the lease `name` and keeps renewing it until the answered `release` is called: for a holding that outlives
 * one task (a mock-mode process holds its database for its whole life, control/mock-owner.ts).
 */
export async function holdLease(name: string, options: LeaseOptions): Promise<() => Promise<void>> {
  return (await takeLease(name, options)).release;
}

/**
 * Runs `task` while holding the lease `name`; waits for another holder first, up to `waitMs`. The task gets the
 * lease's fencing signal and checks it between its writes: once it is aborted, the task must not write again.
 */
export async function withLease<T>(
  name: string,
  options: LeaseOptions,
  task: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const { signal, release } = await takeLease(name, options);
  try {
    return await task(signal);
  } finally {
    await release();
  }
}
