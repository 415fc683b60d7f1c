import { AsyncLocalStorage } from 'node:async_hooks';
import mongoose, { type Schema } from 'mongoose';

/**
 * The database work of a request is bound to its request deadline (shared/request-deadline.ts), so that an answer
 * means what it says (issue 38, goal 3):
 * - reads of a request whose 503 was sent are not run: after a database stall, the abandoned requests' queued
 *   reads would otherwise all run when it ends, and the answers of the calls that came after them would wait
 *   behind them. Every mongoose read (find, findOne, countDocuments, distinct, aggregate...) issued inside the
 *   scope does not start once the signal is aborted (it throws the 503's AppError at once), carries the signal to
 *   the driver (which drops it from the pool's wait queue when the 503 is sent; a read already on the wire is cut
 *   with its connection, which a stall has made useless anyway), and has a server-side time limit (`maxTimeMS`)
 *   unless the query set its own (finds, counts and aggregates: FerretDB v1.24 refuses it on distinct);
 * - every mongoose write (save, create, insertMany, bulkWrite, the update, replace and delete queries) is the
 *   request's commit point (its write fence's `commit`): after the 503 it is not sent (it throws the 503's
 *   AppError), and once one is sent the deadline sends no 503 for the request, which answers its real result (a
 *   write sent cannot be called back: a 503 would be a failure the database then applies when it comes back).
 *
 * Work shared by several requests in flight (the user cache, the snapshot cache, the report storage check) and the
 * request's bookkeeping (the rate limit's counters, the buffered call and click logs) runs outside any scope
 * (`outsideRequest`): one abandoned request does not cancel it, and it is no commit of the request's.
 */
export interface RequestScope {
  /** Aborted (with the 503's AppError) when the deadline answered 503. */
  readonly signal: AbortSignal;
  /** A write is about to be sent: throws the abort reason after the 503; from then on, no 503 (WriteFence). */
  commit(): void;
}

// A context carrier, like tenant.ts's: it holds no value itself, each async context holds its own.
// eslint-disable-next-line state/no-module-state -- a context carrier for the process-wide models' plugin (like tenant.ts's)
const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (and everything it starts) with its reads and writes bound to the request's deadline. */
export function withRequestScope<T>(request: RequestScope, work: () => T): T {
  return scope.run(request, work);
}

/**
 * Runs `work`, whose writes stay invisible until a commit point of its own (an upload's journal marked complete, a
 * save's first report write), which calls the request's write fence itself: its writes before that are not sent
 * after the 503, but they do not commit the request, so the 503 can still be sent (what they wrote is discarded or
 * replaced by a retry; reports/report-ingest.service.ts).
 */
export function beforeCommitPoint<T>(work: () => T): T {
  const current = scope.getStore();
  if (!current) return work();
  return scope.run({ signal: current.signal, commit: () => current.signal.throwIfAborted() }, work);
}

/** Runs `work` with no request's scope: for work several requests share, or a request's bookkeeping. */
export function outsideRequest<T>(work: () => T): T {
  return scope.exit(work);
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

/** The writes that are a request's commit point (query middleware; documents' save and models' writes below). */
const QUERY_WRITES: mongoose.MongooseQueryMiddleware[] = [
  'updateOne',
  'updateMany',
  'replaceOne',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'deleteOne',
  'deleteMany',
];

function commitWrite(): void {
  scope.getStore()?.commit();
}

/** The mongoose plugin every schema gets (registered below, before any model is compiled: see tenant.ts). */
export function requestScopePlugin(schema: Schema): void {
  schema.pre(QUERY_WRITES, { query: true, document: false }, commitWrite);
  schema.pre(['updateOne', 'deleteOne'], { document: true, query: false }, commitWrite);
  schema.pre('save', commitWrite);
  schema.pre('insertMany', commitWrite);
  schema.pre('bulkWrite', commitWrite);
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

mongoose.plugin(requestScopePlugin);
