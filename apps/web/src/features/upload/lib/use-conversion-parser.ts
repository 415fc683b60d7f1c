import type { UploadRow } from '@publisher/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ParseSummary, ParserResponse } from './parser-protocol';
import { createParserPort, type ParserPort } from './parser-port';

export type ParserState =
  | { status: 'idle' }
  | { status: 'parsing'; percent: number }
  | { status: 'invalid' }
  | { status: 'failed'; message: string }
  | { status: 'parsed'; summary: ParseSummary };

/**
 * Drives the parser worker: one worker per chosen file (a new file ends the old one), its progress as a
 * percentage, and the kept rows fetched back a chunk at a time for the upload.
 */
export function useConversionParser(createPort: () => ParserPort = createParserPort) {
  const [state, setState] = useState<ParserState>({ status: 'idle' });
  const portRef = useRef<ParserPort | null>(null);
  const pending = useRef(new Map<number, (rows: UploadRow[]) => void>());
  const nextRequestId = useRef(0);

  const stop = useCallback(() => {
    portRef.current?.terminate();
    portRef.current = null;
    pending.current.clear();
  }, []);

  useEffect(() => stop, [stop]);

  const parse = useCallback(
    (file: Blob) => {
      stop();
      const port = createPort();
      portRef.current = port;
      setState({ status: 'parsing', percent: 0 });
      port.listen((response: ParserResponse) => {
        if (portRef.current !== port) return;
        switch (response.type) {
          case 'progress':
            setState({
              status: 'parsing',
              percent: response.total === 0 ? 100 : Math.round((response.loaded / response.total) * 100),
            });
            return;
          case 'parsed':
            setState({ status: 'parsed', summary: response.summary });
            return;
          case 'invalid':
            setState({ status: 'invalid' });
            return;
          case 'failed':
            setState({ status: 'failed', message: response.message });
            return;
          case 'rows':
            pending.current.get(response.requestId)?.(response.rows);
            pending.current.delete(response.requestId);
            return;
        }
      });
      port.post({ type: 'parse', file });
    },
    [createPort, stop],
  );

  /** The kept rows `start` to `end` (exclusive), read back from the worker. */
  const readRows = useCallback((start: number, end: number): Promise<UploadRow[]> => {
    const port = portRef.current;
    if (!port) return Promise.reject(new Error('Choose the file again.'));
    nextRequestId.current += 1;
    const requestId = nextRequestId.current;
    return new Promise((resolve) => {
      pending.current.set(requestId, resolve);
      port.post({ type: 'rows', requestId, start, end });
    });
  }, []);

  const reset = useCallback(() => {
    stop();
    setState({ status: 'idle' });
  }, [stop]);

  return { state, parse, readRows, reset };
}
