import type { UploadRow } from '@publisher/contract';
import { proxy, wrap } from 'comlink';
import type { ParseOutcome, ParserApi } from './parser-api';

/** The page's side of the parser worker; tests swap in one that runs the parser in-process. */
export interface ParserPort {
  parse(file: Blob, onProgress: (loaded: number, total: number) => void): Promise<ParseOutcome>;
  rows(start: number, end: number): Promise<UploadRow[]>;
  /** The worker itself died (an 'error' event, an answer that could not be read): `listener` gets why. */
  onCrash(listener: (message: string) => void): void;
  terminate(): void;
}

/** Starts the real worker (Vite turns the `new URL(..., import.meta.url)` into the worker's own chunk). */
export function createParserPort(): ParserPort {
  const worker = new Worker(new URL('./conversion-parser.worker.ts', import.meta.url), { type: 'module' });
  const api = wrap<ParserApi>(worker);
  return {
    parse: (file, onProgress) => api.parse(file, proxy(onProgress)),
    rows: (start, end) => api.rows(start, end),
    onCrash(listener) {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        listener(event.message || 'The file could not be read.');
      });
      // A message that cannot be cloned back is as good as no answer: say so rather than wait.
      worker.addEventListener('messageerror', () => listener('The file could not be read.'));
    },
    terminate: () => worker.terminate(),
  };
}
