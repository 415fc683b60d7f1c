import type { ParserResponse } from '../lib/parser-protocol';
import type { ParserPort } from '../lib/parser-port';
import { createParserHandler } from '../lib/parser-worker-handler';

/** The parser worker's logic run in the test's own thread (jsdom has no Worker). */
export function createInProcessParserPort(): ParserPort {
  let listener: ((response: ParserResponse) => void) | null = null;
  const handle = createParserHandler((response) => {
    // Answer asynchronously, as a worker would.
    queueMicrotask(() => listener?.(response));
  });
  return {
    post: (request) => void handle(request),
    listen: (onMessage) => {
      listener = onMessage;
    },
    terminate: () => {
      listener = null;
    },
  };
}
