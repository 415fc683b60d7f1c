import { AsyncLocalStorage } from 'node:async_hooks';
import mongoose, { type Schema } from 'mongoose';

/**
 * Reads of a request whose 503 was sent are not run (issue 38, goal 3): after a database stall, the abandoned
 * requests' queued reads would otherwise all run when it ends, and the answers of the calls that came after them
 * would wait behind them.
 *
 * The request deadline runs each request inside a read scope holding its abandon signal (the write fence's,
 * aborted when the 503 is sent). Every mongoose read (find, findOne, countDocuments, distinct, aggregate...)
 * issued inside the scope:
 * - does not start once the signal is aborted: it throws the 503's AppError at once;
 * - carries the signal to the driver, which drops the read from the connection pool's wait queue when the 503 is
 *   sent (a read already on the wire is cut with its connection, which a stall has made useless anyway);
 * - has a server-side time limit (`maxTimeMS`) unless the query set its own (finds, counts and aggregates: FerretDB
 *   v1.24 refuses it on distinct).
 *
 * A read shared by several requests in flight (the user cache, the snapshot cache, the report storage check)
 * runs outside any scope (`outsideRequest`), so one abandoned request does not cancel it for the others.
 */
export interface ReadScope {
  readonly signal: AbortSignal;
}

// A context carrier, like tenant.ts's: it holds no value itself, each async context holds its own.
// eslint-disable-next-line state/no-module-state -- a context carrier for the process-wide models' plugin (like tenant.ts's)
const scope = new AsyncLocalStorage<ReadScope>();

/** Runs `work` (and everything it starts) with its reads bound to `signal`. */
export function withReadScope<T>(signal: AbortSignal, work: () => T): T {
  return scope.run({ signal }, work);
}

/** Runs `work` with no request's read scope: for a read whose result several requests share. */
export function outsideRequest<T>(work: () => T): T {
  return scope.exit(work);
}

/** The scope of the work in progress, if any. */
export function currentReadScope(): ReadScope | undefined {
  return scope.getStore();
}

/**
 * Server-side time limit of a read that sets none: the default operation timeout, the same bound as the
 * connection's socketTimeoutMS (shared/db.ts). Not the 5 s request deadline: on a database that answers, a slow
 * read (a large report) is slow, not stuck, and the deadline lets it go on.
 */
export const READ_MAX_TIME_MS = 20_000;

const QUERY_READS: mongoose.MongooseQueryMiddleware[] = [
  'find',
  'findOne',
  'countDocuments',
  'estimatedDocumentCount',
  'distinct',
];

/** The reads that get maxTimeMS: FerretDB v1.24 enforces it on these (error 50, 'operation exceeded time limit'). */
const TIMED_READS: mongoose.MongooseQueryMiddleware[] = ['find', 'findOne', 'countDocuments'];

/** The mongoose plugin every schema gets (registered below, before any model is compiled: see tenant.ts). */
export function readScopePlugin(schema: Schema): void {
  // FerretDB v1.24 refuses distinct's maxTimeMS ('unknown field'); estimatedDocumentCount's count is left alone too.
  schema.pre(TIMED_READS, function limitRead(this: mongoose.Query<unknown, unknown>) {
    if (this.getOptions().maxTimeMS === undefined) this.maxTimeMS(READ_MAX_TIME_MS);
  });
  schema.pre(QUERY_READS, function bindRead(this: mongoose.Query<unknown, unknown>) {
    const current = scope.getStore();
    if (!current) return;
    current.signal.throwIfAborted();
    this.setOptions({ signal: current.signal });
  });
  schema.pre('aggregate', function bindAggregate() {
    const options = this.options as { maxTimeMS?: number; signal?: AbortSignal };
    if (options.maxTimeMS === undefined) this.option({ maxTimeMS: READ_MAX_TIME_MS });
    const current = scope.getStore();
    if (!current) return;
    current.signal.throwIfAborted();
    this.option({ signal: current.signal });
  });
}

mongoose.plugin(readScopePlugin);
