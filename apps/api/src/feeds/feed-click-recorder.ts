import {
  createBatchedRecorder,
  type ClickRecorder,
  type ClickRecorderOptions,
  type ClickWriter,
} from '../deep-links/click-recorder';
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
 * An app's feed-click recorder (app-state.ts): the same batched recorder as the tracked links (buffered, batches
 * of 50, at most 4 writes in flight, retried with backoff, back-pressure), writing feed clicks. The app's close()
 * flushes it.
 */
export function createFeedClickRecorder(
  options: ClickRecorderOptions<FeedClickRecord> = {},
): ClickRecorder<FeedClickRecord> {
  return createBatchedRecorder(options.writer ?? mongoFeedClickWriter, options);
}
