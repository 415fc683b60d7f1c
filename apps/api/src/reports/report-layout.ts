import mongoose from 'mongoose';
import pLimit from 'p-limit';
import { REPORT_SOURCES, type ReportSource } from '@publisher/contract';
import { packRows } from './report-day-codec';
import {
  dayId,
  reportBuckets,
  reportCollectionName,
  rollupId,
  setReportBuckets,
  bucketOf,
  type ReportCollectionKind,
  type StoredRow,
} from './report-partition.model';
import { boundedWrite, WRITE_BATCH_SIZE } from '../shared/db-limits';
import { currentDb } from '../shared/tenant';
import { outsideRequest } from '../shared/request-scope';

/**
 * The report storage layout of a database: how many buckets (B) the vendors of each source are spread over,
 * recorded once in `report_storage` (`_id: 'layout'`) so every process and every later start agrees, and the
 * one-time move of data left in the old per-(source, vendor, month) collections into the current layout.
 *
 * B: REPORT_BUCKETS when set, else 64 on FerretDB (its scans cost in proportion to the collection, so
 * collections stay small: 5 sources x 3 kinds x 64 = 960 collections whatever the vendor count) and 1 on MongoDB
 * (15 collections; `_id` lookups cost the same at any size, and a sharded cluster splits them by `_id` range).
 * A database that already holds reports keeps the count it was laid out with.
 */

export const FERRETDB_BUCKETS = 64;
export const MONGODB_BUCKETS = 1;
const LAYOUT_COLLECTION = 'report_storage';
const LAYOUT_ID = 'layout';
/** Old collections moved at once. */
const MIGRATION_CONCURRENCY = 4;

interface LayoutRecord {
  _id: string;
  buckets: number;
}

/*
 * The layout describes the database, not an app: every app and every writer outside one (the seed before
 * createApp, the seed CLI) in this process uses the one mongoose connection and must agree on its buckets, and
 * the migration runs once per database. So it stays per process (one connection); a second database would need
 * these per connection, not per app.
 */
// eslint-disable-next-line state/no-module-state -- per database connection, not per app (above)
let configuredBuckets: number | undefined;
// eslint-disable-next-line state/no-module-state -- per database connection, not per app (above)
let ready: Promise<void> | undefined;
// eslint-disable-next-line state/no-module-state -- per database connection, not per app (above)
let log: (line: string) => void = () => undefined;

/**
 * Forgets what this process learnt of its database's layout, as a new process would know nothing: for a test
 * runner that runs several test files, each on a database of its own, in one process (vitest.config.ts).
 */
export function forgetReportStorage(): void {
  configuredBuckets = undefined;
  ready = undefined;
  log = () => undefined;
  setReportBuckets(1);
}

/** The bucket count each server's branch takes; `detect` asks the server (report-layout's only such branch). */
const BUCKETS_OF_SERVER = { detect: undefined, mongodb: MONGODB_BUCKETS, ferretdb: FERRETDB_BUCKETS } as const;

/**
 * REPORT_BUCKETS, else the default of the server whose branch DB_SERVER_BRANCHES forces (the tests force
 * `mongodb` to run MongoDB's one-bucket layout on FerretDB), else undefined: decided from the server. And where
 * the migration reports what it moved.
 */
export function configureReportStorage(options: {
  buckets: number | undefined;
  serverBranches?: keyof typeof BUCKETS_OF_SERVER;
  log?: (line: string) => void;
}): void {
  configuredBuckets = options.buckets ?? BUCKETS_OF_SERVER[options.serverBranches ?? 'detect'];
  if (options.log) log = options.log;
}

function database(): mongoose.mongo.Db {
  return currentDb();
}

/** True when the server is FerretDB: its buildInfo carries `ferretdbVersion` (MongoDB's has no `ferretdb` key). */
export async function isFerretDb(): Promise<boolean> {
  const info = await database().admin().command({ buildInfo: 1 });
  return Object.keys(info).some((key) => key.toLowerCase().includes('ferretdb'));
}

/** Reads (or records, for a database without one) the bucket count. */
async function loadLayout(): Promise<number> {
  const layouts = database().collection<LayoutRecord>(LAYOUT_COLLECTION);
  const found = await layouts.findOne({ _id: LAYOUT_ID });
  if (found) {
    if (configuredBuckets !== undefined && configuredBuckets !== found.buckets) {
      log(
        `[reports] ${String(configuredBuckets)} buckets (REPORT_BUCKETS or DB_SERVER_BRANCHES) ignored: this database's reports are laid out in ${String(found.buckets)} buckets`,
      );
    }
    return found.buckets;
  }
  const wanted = configuredBuckets ?? ((await isFerretDb()) ? FERRETDB_BUCKETS : MONGODB_BUCKETS);
  // Two processes starting at once: the first insert wins and both read it back.
  try {
    await layouts.updateOne({ _id: LAYOUT_ID }, { $setOnInsert: { buckets: wanted } }, { upsert: true });
  } catch (error) {
    // The other process's upsert inserted it between this one's read and write: read theirs.
    if ((error as { code?: number }).code !== 11000) throw error;
  }
  return (await layouts.findOne({ _id: LAYOUT_ID }))?.buckets ?? wanted;
}

/**
 * Resolves once the layout is known and old collections (if any) are moved: every report read and write awaits
 * it. Runs once per process; a failure (database not answering) is retried by the next call.
 */
export function reportStorageReady(): Promise<void> {
  // Shared by every call in flight: outside any one call's scope (shared/request-scope.ts).
  ready ??= outsideRequest(async () => {
    await mongoose.connection.asPromise();
    setReportBuckets(await loadLayout());
    const moved = await migrateLegacyReports();
    if (moved.collections > 0) {
      log(
        `[reports] moved ${String(moved.documents)} documents out of ${String(moved.collections)} old per-vendor collections`,
      );
    }
  });
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

/** An old collection: `reports.<source>.<vendorId>.<YYYY-MM>[.orders]` or `reports.<source>.<vendorId>.rollups`. */
export interface LegacyCollection {
  name: string;
  source: ReportSource;
  vendorId: number;
  kind: ReportCollectionKind;
}

const LEGACY_NAME = /^reports\.([a-z0-9]+)\.(\d+)\.(?:(\d{4}-\d{2})(\.orders)?|rollups)$/;

export function parseLegacyName(name: string): LegacyCollection | undefined {
  const match = LEGACY_NAME.exec(name);
  if (!match) return undefined;
  const [, source = '', vendor = '', month, orders] = match;
  if (!(REPORT_SOURCES as readonly string[]).includes(source)) return undefined;
  const kind: ReportCollectionKind = month === undefined ? 'report_rollups' : orders ? 'report_orders' : 'report_days';
  return { name, source: source as ReportSource, vendorId: Number(vendor), kind };
}

/** The old collections still in the database. */
export async function listLegacyCollections(): Promise<LegacyCollection[]> {
  const collections = await database().listCollections({}, { nameOnly: true }).toArray();
  return collections.flatMap(({ name }) => parseLegacyName(name) ?? []);
}

type LegacyDocument = Record<string, unknown> & { _id: string };

/** An old document in the current layout's form. */
async function convert(legacy: LegacyCollection, document: LegacyDocument): Promise<Record<string, unknown>> {
  const { vendorId } = legacy;
  switch (legacy.kind) {
    case 'report_rollups':
      return { _id: rollupId(vendorId, document._id), days: document['days'] ?? {} };
    case 'report_orders':
      return {
        _id: dayId(vendorId, document._id),
        orders: document['orders'] ?? [],
        runId: document['runId'],
        savedAt: document['savedAt'],
      };
    case 'report_days': {
      const rows = (document['rows'] ?? []) as StoredRow[];
      return {
        _id: dayId(vendorId, document._id),
        count: rows.length,
        packed: await packRows(rows),
        runId: document['runId'],
        savedAt: document['savedAt'],
      };
    }
  }
}

function onlyDuplicateKeys(error: unknown): boolean {
  const { code, writeErrors } = error as { code?: number; writeErrors?: unknown };
  const errors = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  if (errors.length === 0) return code === 11000;
  return errors.every((entry) => (entry as { code?: number }).code === 11000);
}

/**
 * Moves one old collection: its documents are read one by one (by `_id`: days can be large) and inserted in
 * batches into the current layout, skipping documents already there (a previous, interrupted move wrote them,
 * or a newer save did: never overwritten), then the old collection is dropped. Safe to repeat at any point.
 */
async function moveCollection(legacy: LegacyCollection): Promise<number> {
  const source = database().collection<LegacyDocument>(legacy.name);
  const target = database().collection(
    reportCollectionName(legacy.kind, legacy.source, bucketOf(legacy.vendorId, reportBuckets())),
  );
  const ids = (await source.find({}, { projection: { _id: 1 } }).toArray()).map(({ _id }) => _id);
  let batch: Record<string, unknown>[] = [];
  const flush = async (): Promise<void> => {
    const documents = batch;
    batch = [];
    if (documents.length === 0) return;
    try {
      await boundedWrite(documents.length, () => target.insertMany(documents, { ordered: false }));
    } catch (error) {
      if (!onlyDuplicateKeys(error)) throw error;
    }
  };
  for (const id of ids) {
    const document = await source.findOne({ _id: id });
    if (document) batch.push(await convert(legacy, document));
    if (batch.length >= WRITE_BATCH_SIZE) await flush();
  }
  await flush();
  await source.drop().catch((error: unknown) => {
    // Already dropped by another process moving the same collection.
    if ((error as { codeName?: string }).codeName !== 'NamespaceNotFound') throw error;
  });
  return ids.length;
}

/** Moves every old collection into the current layout; what it moved. */
export async function migrateLegacyReports(): Promise<{ collections: number; documents: number }> {
  const legacy = await listLegacyCollections();
  const moved = await pLimit(MIGRATION_CONCURRENCY).map(legacy, (item) => moveCollection(item));
  const documents = moved.reduce((sum, count) => sum + count, 0);
  return { collections: legacy.length, documents };
}
