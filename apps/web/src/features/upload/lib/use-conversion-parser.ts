import type { UploadRow } from '@publisher/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ParseOutcome } from './parser-api';
import { createParserPort, type ParserPort } from './parser-port';

export type ParserState =
  { status: 'idle' } | { status: 'parsing'; percent: number } | { status: 'failed'; message: string } | ParseOutcome;

/**
 * How long the worker may stay silent while it parses (it reports every percent) or before it answers a read of
 * rows: past it the worker counts as dead (an endless loop, a tab that killed it without an 'error' event).
 */
export const PARSER_SILENCE_MS = 20_000;

/** What the page says when the worker died or stopped answering; Retry reads the file again. */
export const PARSER_STOPPED_MESSAGE = 'The file reader stopped answering. Choose Retry to read the file again.';

/** A read of rows still waiting: a worker that is ended never answers it, so stop() rejects it. */
interface PendingRead {
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Drives the parser worker: one worker per chosen file (a new file ends the old one), its progress as a
 * percentage, and the kept rows fetched back a chunk at a time for the upload. A worker that fails or falls silent
 * ends as `failed` (never "parsing" or "uploading" for good), and `retry` reads the same file again.
 */
export function useConversionParser(createPort: () => ParserPort = createParserPort) {
  const [state, setState] = useState<ParserState>({ status: 'idle' });
  const portRef = useRef<ParserPort | null>(null);
  const fileRef = useRef<Blob | null>(null);
  const pending = useRef(new Set<PendingRead>());
  const silenceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearSilenceTimer = useCallback(() => {
    if (silenceTimer.current !== null) clearTimeout(silenceTimer.current);
    silenceTimer.current = null;
  }, []);

  /** Ends the worker; reads still waiting fail with `reason`. */
  const stop = useCallback(
    (reason: string = PARSER_STOPPED_MESSAGE) => {
      clearSilenceTimer();
      portRef.current?.terminate();
      portRef.current = null;
      for (const read of pending.current) {
        clearTimeout(read.timer);
        read.reject(new Error(reason));
      }
      pending.current.clear();
    },
    [clearSilenceTimer],
  );

  useEffect(() => () => stop(), [stop]);

  const fail = useCallback(
    (message: string) => {
      stop(message);
      setState({ status: 'failed', message });
    },
    [stop],
  );

  const parse = useCallback(
    (file: Blob) => {
      stop();
      fileRef.current = file;
      const port = createPort();
      portRef.current = port;
      setState({ status: 'parsing', percent: 0 });
      const isCurrent = () => portRef.current === port;
      const watchSilence = () => {
        clearSilenceTimer();
        silenceTimer.current = setTimeout(() => {
          if (isCurrent()) fail(PARSER_STOPPED_MESSAGE);
        }, PARSER_SILENCE_MS);
      };
      watchSilence();
      port.onCrash((message) => {
        if (isCurrent()) fail(message);
      });
      const onProgress = (loaded: number, total: number) => {
        if (!isCurrent()) return;
        watchSilence();
        setState({ status: 'parsing', percent: total === 0 ? 100 : Math.round((loaded / total) * 100) });
      };
      port.parse(file, onProgress).then(
        (outcome) => {
          if (!isCurrent()) return;
          clearSilenceTimer();
          setState(outcome);
        },
        (error: unknown) => {
          if (isCurrent()) fail(error instanceof Error ? error.message : 'The file could not be read.');
        },
      );
    },
    [clearSilenceTimer, createPort, fail, stop],
  );

  /** The kept rows `start` to `end` (exclusive), read back from the worker; fails if it does not answer. */
  const readRows = useCallback(
    (start: number, end: number): Promise<UploadRow[]> => {
      const port = portRef.current;
      if (!port) return Promise.reject(new Error(PARSER_STOPPED_MESSAGE));
      return new Promise((resolve, reject) => {
        const read: PendingRead = {
          reject,
          timer: setTimeout(() => {
            if (portRef.current === port) fail(PARSER_STOPPED_MESSAGE);
          }, PARSER_SILENCE_MS),
        };
        pending.current.add(read);
        port
          .rows(start, end)
          .then(resolve, reject)
          .finally(() => {
            clearTimeout(read.timer);
            pending.current.delete(read);
          });
      });
    },
    [fail],
  );

  /** Reads the last chosen file again with a new worker. */
  const retry = useCallback(() => {
    if (fileRef.current) parse(fileRef.current);
  }, [parse]);

  const reset = useCallback(() => {
    stop();
    fileRef.current = null;
    setState({ status: 'idle' });
  }, [stop]);

  return { state, parse, readRows, retry, reset };
}
