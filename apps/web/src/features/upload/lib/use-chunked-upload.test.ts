import { UPLOAD_CHUNK_ROWS, type UploadRow } from '@publisher/contract';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CHUNK_ATTEMPTS, retryAfterSeconds, unreachableRetrySeconds, useChunkedUpload } from './use-chunked-upload';

/** What ts-rest's mutation rejects with for an error answer: the status, the envelope and the fetch headers. */
class FailedCall extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super(`answered ${String(status)}`);
  }
}

const unavailable = (retryAfter?: string, status = 503) =>
  new FailedCall(
    status,
    { statusMessages: ['Service Unavailable.'], errors: [] },
    new Headers(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
  );

const readRows = (start: number, end: number) =>
  Promise.resolve(Array.from({ length: end - start }, () => ({}) as UploadRow));

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it.each([
    ['seconds', unavailable('3'), 3],
    ['an HTTP date', unavailable('Thu, 26 Nov 2026 12:00:05 GMT'), 5],
    ['none given', unavailable(), 2],
    ['a far date, capped', unavailable('600'), 30],
    ['a 500', unavailable('1', 500), null],
    ['a network error', new TypeError('Failed to fetch'), null],
  ])('%s', (_name, failure, expected) => {
    expect(retryAfterSeconds(failure, now)).toBe(expected);
  });
});

describe('useChunkedUpload on 503', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  it('sends the refused chunk again after Retry-After and finishes the upload', async () => {
    const sent: number[] = [];
    let refusals = 2;
    const send = vi.fn(async (body: { chunkIndex?: number; reports: unknown[] }) => {
      sent.push(body.chunkIndex ?? -1);
      if (body.chunkIndex === 1 && refusals > 0) {
        refusals -= 1;
        throw unavailable('3');
      }
      return { rowsWritten: body.reports.length };
    });
    const { result } = renderHook(() => useChunkedUpload({ readRows, send }));
    let finished: Promise<unknown> = Promise.resolve();
    act(() => {
      finished = result.current.upload(UPLOAD_CHUNK_ROWS * 2 + 1, ['2026-11-01']);
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sent).toEqual([0, 1]);
    expect(result.current.state).toEqual({ status: 'uploading', sentChunks: 1, chunkCount: 3, retryInSeconds: 3 });

    // Not before the server's 3 seconds.
    await act(() => vi.advanceTimersByTimeAsync(2_999));
    expect(sent).toEqual([0, 1]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sent).toEqual([0, 1, 1]);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await act(() => finished);
    expect(sent).toEqual([0, 1, 1, 1, 2]);
    expect(result.current.state).toEqual({ status: 'done', rowsWritten: UPLOAD_CHUNK_ROWS * 2 + 1 });
  });

  it(`gives up after ${MAX_CHUNK_ATTEMPTS} sends of one chunk and says why`, async () => {
    const send = vi.fn(() => Promise.reject(unavailable('1')));
    const { result } = renderHook(() => useChunkedUpload({ readRows, send }));
    let finished: Promise<unknown> = Promise.resolve();
    act(() => {
      finished = result.current.upload(3, ['2026-11-01']);
    });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await act(() => finished);
    expect(send).toHaveBeenCalledTimes(MAX_CHUNK_ATTEMPTS);
    expect(result.current.state).toEqual({ status: 'failed', message: 'Service Unavailable.' });
  });

  it('does not resend a chunk refused for another reason', async () => {
    const send = vi.fn(() => Promise.reject(unavailable('1', 400)));
    const { result } = renderHook(() => useChunkedUpload({ readRows, send }));
    await act(() => result.current.upload(3, ['2026-11-01']));
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.current.state.status).toBe('failed');
  });
});

describe('useChunkedUpload when the server cannot be reached (an API restart between chunks)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each([
    ['a network error, first retry', new TypeError('Failed to fetch'), 1, 2],
    ['a network error, third retry', new TypeError('Failed to fetch'), 3, 8],
    ['a proxy 502', unavailable(undefined, 502), 2, 4],
    ['a 400', unavailable(undefined, 400), 1, null],
  ])('unreachableRetrySeconds: %s', (_name, failure, attempt, expected) => {
    expect(unreachableRetrySeconds(failure, attempt)).toBe(expected);
  });

  it('sends the chunk again once the server is back, and the upload goes on from there', async () => {
    const sent: number[] = [];
    let down = 2;
    const send = vi.fn(async (body: { chunkIndex?: number; chunkCount?: number; reports: unknown[] }) => {
      sent.push(body.chunkIndex ?? -1);
      if (body.chunkIndex === 1 && down > 0) {
        down -= 1;
        throw new TypeError('Failed to fetch');
      }
      // The server stages chunks (0 rows) and writes the whole file with the last one.
      return body.chunkIndex === (body.chunkCount ?? 0) - 1
        ? { rowsWritten: UPLOAD_CHUNK_ROWS * 2 + 1, uploadRowsWritten: UPLOAD_CHUNK_ROWS * 2 + 1 }
        : { rowsWritten: 0 };
    });
    const { result } = renderHook(() => useChunkedUpload({ readRows, send }));
    let finished: Promise<unknown> = Promise.resolve();
    act(() => {
      finished = result.current.upload(UPLOAD_CHUNK_ROWS * 2 + 1, ['2026-11-01']);
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.state).toEqual({ status: 'uploading', sentChunks: 1, chunkCount: 3, retryInSeconds: 2 });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(sent).toEqual([0, 1, 1]);
    expect(result.current.state).toEqual({ status: 'uploading', sentChunks: 1, chunkCount: 3, retryInSeconds: 4 });
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    await act(() => finished);
    expect(sent).toEqual([0, 1, 1, 1, 2]);
    expect(result.current.state).toEqual({ status: 'done', rowsWritten: UPLOAD_CHUNK_ROWS * 2 + 1 });
  });

  it("reports the upload's rows when the last chunk's answer was lost and its re-send wrote nothing", async () => {
    const total = UPLOAD_CHUNK_ROWS + 1;
    let isAnswerLost = true;
    const send = vi.fn(async (body: { chunkIndex?: number; chunkCount?: number }) => {
      if (body.chunkIndex !== 1) return { rowsWritten: 0 };
      if (isAnswerLost) {
        // The API wrote the upload, but the answer never reached the browser.
        isAnswerLost = false;
        throw new TypeError('Failed to fetch');
      }
      return { rowsWritten: 0, uploadRowsWritten: total };
    });
    const { result } = renderHook(() => useChunkedUpload({ readRows, send }));
    let finished: Promise<unknown> = Promise.resolve();
    act(() => {
      finished = result.current.upload(total, ['2026-11-01']);
    });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await act(() => finished);
    expect(send).toHaveBeenCalledTimes(3);
    expect(result.current.state).toEqual({ status: 'done', rowsWritten: total });
  });
});
