import type { ParserRequest, ParserResponse } from './parser-protocol';

/** The page's side of the parser worker; tests swap in one that runs the handler in-process. */
export interface ParserPort {
  post: (request: ParserRequest) => void;
  /** Every answer of the worker; a crash of the worker itself arrives as `failed`. */
  listen: (onMessage: (response: ParserResponse) => void) => void;
  terminate: () => void;
}

/** Starts the real worker (Vite turns the `new URL(..., import.meta.url)` into the worker's own chunk). */
export function createParserPort(): ParserPort {
  const worker = new Worker(new URL('./conversion-parser.worker.ts', import.meta.url), { type: 'module' });
  return {
    post: (request) => worker.postMessage(request),
    listen: (onMessage) => {
      worker.onmessage = (event: MessageEvent<ParserResponse>) => onMessage(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        onMessage({ type: 'failed', message: event.message || 'The file could not be read.' });
      };
      // A message that cannot be cloned back is as good as no answer: say so rather than wait.
      worker.onmessageerror = () => onMessage({ type: 'failed', message: 'The file could not be read.' });
    },
    terminate: () => worker.terminate(),
  };
}
