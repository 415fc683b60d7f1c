import { UPLOAD_CHUNK_ROWS, type CreateBulkReportsBody, type UploadRow } from '@publisher/contract';
import { useCallback, useState } from 'react';
import { errorMessageOf } from '../../../lib/api-error';
import { chunkRanges } from './conversion-csv';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; sentChunks: number; chunkCount: number }
  | { status: 'done'; rowsWritten: number }
  | { status: 'failed'; message: string };

/** 32 hex digits: an id for the chunks of one upload (works on plain-http hosts, unlike randomUUID). */
export function newUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

interface ChunkedUploadDeps {
  /** Reads the kept rows `start` to `end` back from the parser. */
  readRows: (start: number, end: number) => Promise<UploadRow[]>;
  /** Sends one call; resolves to the rows it wrote, rejects with the API's answer. */
  send: (body: Omit<CreateBulkReportsBody, 'apiKey'>) => Promise<number>;
}

/**
 * Sends the parsed rows as one call, or, past UPLOAD_CHUNK_ROWS, as chunks of one upload one after another
 * (uploadId, chunkIndex, chunkCount, and the whole file's uniqueDates on each), reporting how many went. A
 * failed call stops the upload and keeps its message; nothing stays spinning.
 */
export function useChunkedUpload({ readRows, send }: ChunkedUploadDeps) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });

  const upload = useCallback(
    async (rowCount: number, uniqueDates: string[]) => {
      const ranges = chunkRanges(rowCount, UPLOAD_CHUNK_ROWS);
      const chunkCount = ranges.length;
      const uploadId = chunkCount > 1 ? newUploadId() : null;
      setState({ status: 'uploading', sentChunks: 0, chunkCount });
      let rowsWritten = 0;
      try {
        for (const [chunkIndex, range] of ranges.entries()) {
          const reports = await readRows(range.start, range.end);
          rowsWritten += await send(
            uploadId === null ? { reports, uniqueDates } : { reports, uniqueDates, uploadId, chunkIndex, chunkCount },
          );
          setState({ status: 'uploading', sentChunks: chunkIndex + 1, chunkCount });
        }
        setState({ status: 'done', rowsWritten });
      } catch (failure) {
        setState({
          status: 'failed',
          message: failure instanceof Error && !('body' in failure) ? failure.message : errorMessageOf(failure),
        });
      }
    },
    [readRows, send],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, upload, reset };
}
