import mongoose from 'mongoose';
import type { ReportSource } from '@publisher/contract';
import { boundedWrite } from '../shared/db-limits';
import { withSourceLock } from './ingest-steps';
import { ReportRunModel } from './report-run.model';
import { finishStoppedUploads } from './upload-journal';
import { UploadSessionModel, type UploadSessionRecord } from './upload-session.model';
import { StagedChunkModel, StagedRowsModel } from './upload-staged-chunk.model';

/**
 * Chunked uploads are all or nothing (issue 38, goal 2): chunks wait staged (upload-staged-chunk.model.ts) until
 * the last one arrives, and the upload is then written in one journaled step. This file discards the uploads whose
 * last chunk never came, so staged rows do not pile up.
 */

/** A staged upload with no new chunk for this long is discarded: its staged chunks go, its run says discarded. */
export const UPLOAD_DISCARD_AFTER_MS = 24 * 3600 * 1000;
/** How long a committed or discarded upload's bookkeeping is kept (a late re-sent chunk is answered from it). */
export const UPLOAD_SESSION_KEEP_MS = 7 * 24 * 3600 * 1000;
/** How often a running API looks for abandoned uploads (it also looks at start and when a new upload begins). */
export const UPLOAD_SWEEP_INTERVAL_MS = 3600 * 1000;

/** The source chunked uploads write. */
const UPLOAD_SOURCE: ReportSource = 'connexity';

/**
 * Discards the staged uploads whose latest chunk is older than `UPLOAD_DISCARD_AFTER_MS` at `now`, removes staged
 * chunks a committed upload left (a stop between its commit and their removal), and forgets the bookkeeping of
 * uploads committed or discarded longer than `UPLOAD_SESSION_KEEP_MS`. Call it holding the source's lock, after its
 * stopped uploads are finished (a committed journal is never discarded). Answers what it did, for the log.
 */
export async function discardAbandonedUploads(now: Date = new Date()): Promise<string[]> {
  const done: string[] = [];
  const abandoned = await UploadSessionModel.find({
    state: 'staged',
    updatedAt: { $lt: new Date(now.getTime() - UPLOAD_DISCARD_AFTER_MS) },
  }).lean<UploadSessionRecord[]>();
  for (const session of abandoned) {
    const received = await StagedChunkModel.countDocuments({ uploadId: session._id });
    const note =
      `${String(received)} of ${String(session.chunkCount)} chunks arrived, the last at ` +
      new Date(session.updatedAt).toISOString();
    // The session first: a chunk arriving after this is refused, and a stop here leaves chunks the next sweep removes.
    await UploadSessionModel.updateOne(
      { _id: session._id, state: 'staged' },
      { $set: { state: 'discarded', updatedAt: now } },
    );
    await boundedWrite(1, () => StagedRowsModel.deleteMany({ uploadId: session._id }));
    await boundedWrite(1, () => StagedChunkModel.deleteMany({ uploadId: session._id }));
    await ReportRunModel.updateOne(
      { _id: new mongoose.Types.ObjectId(session.runId) },
      {
        $set: {
          status: 'discarded',
          rowsWritten: 0,
          end_time: now,
          error: `Discarded: ${note}; no chunk came for ${String(UPLOAD_DISCARD_AFTER_MS / 3_600_000)} hours. Nothing of it was written; send the file again.`,
        },
      },
    );
    done.push(`upload ${session._id} discarded (${note})`);
  }
  // Staged chunks whose upload is no longer staged (committed or discarded, or its bookkeeping gone).
  // The marks, small documents (rows are removed before their marks, so leftover rows have one).
  const stagedIds: string[] = await StagedChunkModel.distinct('uploadId');
  if (stagedIds.length > 0) {
    const live = new Set(
      (
        await UploadSessionModel.find({ _id: { $in: stagedIds }, state: 'staged' }, { _id: 1 }).lean<
          { _id: string }[]
        >()
      ).map(({ _id }) => _id),
    );
    const leftover = stagedIds.filter((id) => !live.has(id));
    if (leftover.length > 0) {
      await boundedWrite(1, () => StagedRowsModel.deleteMany({ uploadId: { $in: leftover } }));
      await boundedWrite(1, () => StagedChunkModel.deleteMany({ uploadId: { $in: leftover } }));
      done.push(`staged chunks of ${String(leftover.length)} finished upload(s) removed`);
    }
  }
  await UploadSessionModel.deleteMany({
    state: { $ne: 'staged' },
    updatedAt: { $lt: new Date(now.getTime() - UPLOAD_SESSION_KEEP_MS) },
  });
  return done;
}

/**
 * The sweep a running API makes at start and every `UPLOAD_SWEEP_INTERVAL_MS`: under the source's lock, the stopped
 * uploads are finished first, then abandoned ones discarded. Never throws (a busy source or a silent database is
 * logged and left to the next sweep).
 */
export async function sweepStagedUploads(
  log: (line: string) => void = console.log,
  now: () => Date = () => new Date(),
): Promise<void> {
  try {
    const done = await withSourceLock(UPLOAD_SOURCE, async (signal) => {
      const finished = await finishStoppedUploads(UPLOAD_SOURCE, undefined, signal);
      signal.throwIfAborted();
      return [...finished, ...(await discardAbandonedUploads(now()))];
    });
    for (const line of done) log(`[reports] ${line}`);
  } catch (error) {
    log(`[reports] staged uploads not swept (${error instanceof Error ? error.message : String(error)}): next time`);
  }
}
