import {
  UPLOAD_CHUNK_ROWS,
  type CreateBulkReportsBody,
  type CreateBulkReportsResponse,
  type UploadRow,
} from '@publisher/contract';
import { useCallback, useState } from 'react';
import { errorMessageOf } from '../../../lib/api-error';
import { chunkRanges } from './conversion-csv';

export type UploadState =
  | { status: 'idle' }
  | {
      status: 'uploading';
      sentChunks: number;
      chunkCount: number;
      /**
       * The server asked to wait (503 + Retry-After), or could not be reached (a restart): the chunk is sent again
       * after this many seconds.
       */
      retryInSeconds?: number;
    }
  | { status: 'done'; rowsWritten: number }
  | { status: 'failed'; message: string };

/** 32 hex digits: an id for the chunks of one upload (works on plain-http hosts, unlike randomUUID). */
export function newUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Sends of one chunk at most (the first and three retries): a server that stays unavailable is reported. */
export const MAX_CHUNK_ATTEMPTS = 4;
/** The wait when a 503 names none; and the longest wait honoured, so a far Retry-After cannot hold the screen. */
const DEFAULT_RETRY_SECONDS = 2;
const MAX_RETRY_SECONDS = 30;

/** ts-rest hands a failed call's fetch `Headers` over; anything with a `get` will do. */
function isHeaderBag(value: unknown): value is { get: (name: string) => unknown } {
  return typeof value === 'object' && value !== null && 'get' in value && typeof value.get === 'function';
}

function headerOf(headers: unknown, name: string): string | null {
  if (!isHeaderBag(headers)) return null;
  const value = headers.get(name);
  return typeof value === 'string' ? value : null;
}

/** The seconds a 503 asks the client to wait (Retry-After as seconds or an HTTP date), null when it is no 503. */
export function retryAfterSeconds(failure: unknown, now: number = Date.now()): number | null {
  if (typeof failure !== 'object' || failure === null || !('status' in failure) || failure.status !== 503) return null;
  const value = 'headers' in failure ? (headerOf(failure.headers, 'retry-after')?.trim() ?? '') : '';
  let seconds = DEFAULT_RETRY_SECONDS;
  if (/^\d+$/.test(value)) seconds = Number(value);
  else if (value !== '' && !Number.isNaN(Date.parse(value))) seconds = Math.ceil((Date.parse(value) - now) / 1000);
  return Math.min(Math.max(seconds, 0), MAX_RETRY_SECONDS);
}

/**
 * The seconds to wait before sending a chunk again after a send that reached no server (fetch's TypeError, or a
 * proxy's 502 or 504 while the API restarts), doubling per attempt (2, 4, 8 s): a restart between chunks is waited
 * out, and the chunks the API already holds are kept (it stages each chunk once). Null for any other failure.
 */
export function unreachableRetrySeconds(failure: unknown, attempt: number): number | null {
  const status = typeof failure === 'object' && failure !== null && 'status' in failure ? failure.status : null;
  const unreachable = failure instanceof TypeError || status === 502 || status === 504;
  return unreachable ? Math.min(DEFAULT_RETRY_SECONDS * 2 ** (attempt - 1), MAX_RETRY_SECONDS) : null;
}

interface ChunkedUploadDeps {
  /** Reads the kept rows `start` to `end` back from the parser. */
  readRows: (start: number, end: number) => Promise<UploadRow[]>;
  /**
   * Sends one call; resolves to the rows it wrote and, once the upload is written, the rows of the whole upload
   * (also on a chunk sent again after its answer was lost); rejects with the API's answer.
   */
  send: (
    body: Omit<CreateBulkReportsBody, 'apiKey'>,
  ) => Promise<Pick<CreateBulkReportsResponse, 'rowsWritten' | 'uploadRowsWritten'>>;
}

const wait = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * Sends the parsed rows as one call, or, past UPLOAD_CHUNK_ROWS, as chunks of one upload one after another
 * (uploadId, chunkIndex, chunkCount, and the whole file's uniqueDates on each), reporting how many went. The server
 * stages the chunks unseen and writes the whole file when the last one arrives (all or nothing). A chunk answered
 * 503 (a busy server) is sent again after its Retry-After, and one that reached no server (a restart) after 2, 4, 8
 * s, up to MAX_CHUNK_ATTEMPTS sends; the server stages a re-sent chunk once, and keeps the staged ones across its
 * restart, so the upload goes on where it was. Any other failure stops the upload and keeps its message;
 * nothing stays spinning.
 */
export function useChunkedUpload({ readRows, send }: ChunkedUploadDeps) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });

  const upload = useCallback(
    /** Resolves to the rows written, or null when the upload failed (its message is in `state`). */
    async (rowCount: number, uniqueDates: string[]): Promise<number | null> => {
      const ranges = chunkRanges(rowCount, UPLOAD_CHUNK_ROWS);
      const chunkCount = ranges.length;
      const uploadId = chunkCount > 1 ? newUploadId() : null;
      setState({ status: 'uploading', sentChunks: 0, chunkCount });
      let rowsWritten = 0;
      try {
        for (const [chunkIndex, range] of ranges.entries()) {
          const reports = await readRows(range.start, range.end);
          const body =
            uploadId === null ? { reports, uniqueDates } : { reports, uniqueDates, uploadId, chunkIndex, chunkCount };
          for (let attempt = 1; ; attempt += 1) {
            try {
              const answer = await send(body);
              // The upload's own count when the API gives it: a re-sent last chunk writes 0 rows itself.
              rowsWritten = answer.uploadRowsWritten ?? rowsWritten + answer.rowsWritten;
              break;
            } catch (failure) {
              const seconds = retryAfterSeconds(failure) ?? unreachableRetrySeconds(failure, attempt);
              if (seconds === null || attempt >= MAX_CHUNK_ATTEMPTS) throw failure;
              setState({ status: 'uploading', sentChunks: chunkIndex, chunkCount, retryInSeconds: seconds });
              await wait(seconds);
              setState({ status: 'uploading', sentChunks: chunkIndex, chunkCount });
            }
          }
          setState({ status: 'uploading', sentChunks: chunkIndex + 1, chunkCount });
        }
        setState({ status: 'done', rowsWritten });
        return rowsWritten;
      } catch (failure) {
        setState({
          status: 'failed',
          message: failure instanceof Error && !('body' in failure) ? failure.message : errorMessageOf(failure),
        });
        return null;
      }
    },
    [readRows, send],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, upload, reset };
}
