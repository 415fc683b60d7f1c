import { createBatchedRecorder, type ClickWriter } from '../deep-links/click-recorder';
import { boundedWrite } from '../shared/db-limits';
import { feedClickModel, type FeedClickRecord } from './feed-click.model';

/** Unordered driver inserts into the day's collection, within the process's write budget (shared/db-limits.ts). */
export const mongoFeedClickWriter: ClickWriter<FeedClickRecord> = {
  async insert(date, documents) {
    await boundedWrite(documents.length, () =>
      feedClickModel(date).collection.insertMany([...documents], { ordered: false }),
    );
  },
};

/**
 * The API process's feed-click recorder: the same batched recorder as the tracked links (buffered, batches of 50,
 * at most 4 writes in flight, retried, back-pressure), writing feed clicks. Shutdown flushes it.
 */
export const feedClickRecorder = createBatchedRecorder(mongoFeedClickWriter);
