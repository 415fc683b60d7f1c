import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { createKeyedSerial } from './keyed-serial';
import { outsideRequest } from './request-scope';
import { RateLimitHitModel, type RateLimitHitRecord } from './rate-limit-hit.model';

/**
 * The hit counters of the sign-in limit, in the database, so the limit holds across API processes (several
 * behind nginx in docker-compose): with a per-process memory store, N processes would allow N times the limit.
 *
 * One document per client key and fixed window, counted by single-document updates (no transactions). MongoDB
 * applies each atomically; FerretDB v1 does not (keyed-serial.ts), so this process sends one client's updates one
 * at a time:
 * - inside the window: `$inc` on the document whose window has not ended;
 * - otherwise: restart the window on the expired document, or insert the first one; when two processes start
 *   the same window at once, the insert of one fails on the duplicate `_id` and it counts into the other's.
 * Expired documents are restarted in place; documents of clients that never came back are swept at most once a
 * window by each process (FerretDB v1 has no TTL indexes: "Index option expireAfterSeconds is not implemented").
 */
/** Attempts to start or join a window before giving up (each lost race means another process just started it). */
const MAX_ATTEMPTS = 4;
const DUPLICATE_KEY = 11000;

export class MongoRateLimitStore implements Store {
  /** Counts are shared: the same key is the same client in every process. */
  readonly localKeys = false;
  private windowMs = 60_000;
  private nextSweepAt = 0;
  /** One client's updates in order: FerretDB v1 loses concurrent updates of one document (keyed-serial.ts). */
  private readonly serial = createKeyedSerial();

  constructor(
    readonly prefix: string,
    // Read at each call, not bound at construction: a test that moves the time (vi.setSystemTime) moves it here too.
    private readonly now: () => number = () => Date.now(),
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private id(key: string): string {
    return `${this.prefix}:${key}`;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const record = await RateLimitHitModel.findById(this.id(key)).lean<RateLimitHitRecord>();
    if (!record || record.resetAt.getTime() <= this.now()) return undefined;
    return { totalHits: record.hits, resetTime: record.resetAt };
  }

  /** Removes the windows that ended, at most once a window (a short scan: one document per limited client). */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() < this.nextSweepAt) return;
    this.nextSweepAt = now.getTime() + this.windowMs;
    await RateLimitHitModel.deleteMany({ _id: { $regex: `^${this.prefix}:` }, resetAt: { $lte: now } });
  }

  /**
   * Runs one client's update after its earlier ones, outside the request that asked (request-scope.ts): the count is
   * the request's bookkeeping, not its commit point, so a call counted before a stall still gets its 503 at the
   * deadline, and the count lands when the database comes back.
   */
  private update<T>(key: string, work: () => Promise<T>): Promise<T> {
    return outsideRequest(() => this.serial(this.id(key), work));
  }

  increment(key: string): Promise<ClientRateLimitInfo> {
    return this.update(key, () => this.count(key));
  }

  private async count(key: string): Promise<ClientRateLimitInfo> {
    const _id = this.id(key);
    await this.sweep(new Date(this.now()));
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const now = new Date(this.now());
      const counted = await RateLimitHitModel.findOneAndUpdate(
        { _id, resetAt: { $gt: now } },
        { $inc: { hits: 1 } },
        { returnDocument: 'after' },
      ).lean<RateLimitHitRecord>();
      if (counted) return { totalHits: counted.hits, resetTime: counted.resetAt };

      const resetAt = new Date(now.getTime() + this.windowMs);
      const restarted = await RateLimitHitModel.updateOne(
        { _id, resetAt: { $lte: now } },
        { $set: { hits: 1, resetAt } },
      );
      if (restarted.matchedCount === 1) return { totalHits: 1, resetTime: resetAt };
      try {
        await RateLimitHitModel.create({ _id, hits: 1, resetAt });
        return { totalHits: 1, resetTime: resetAt };
      } catch (error) {
        if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
        // Another process started this window a moment ago: count into it.
      }
    }
    throw new Error(`rate limit: could not count a hit for ${_id} after ${MAX_ATTEMPTS} attempts`);
  }

  async decrement(key: string): Promise<void> {
    await this.update(key, () =>
      RateLimitHitModel.updateOne(
        { _id: this.id(key), hits: { $gt: 0 }, resetAt: { $gt: new Date(this.now()) } },
        { $inc: { hits: -1 } },
      ),
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.update(key, () => RateLimitHitModel.deleteOne({ _id: this.id(key) }));
  }
}
