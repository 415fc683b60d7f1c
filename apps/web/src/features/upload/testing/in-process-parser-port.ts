import { createParserApi } from '../lib/parser-api';
import type { ParserPort } from '../lib/parser-port';

/** The parser worker's logic run in the test's own thread (jsdom has no Worker); it never crashes. */
export function createInProcessParserPort(): ParserPort {
  const api = createParserApi();
  return {
    parse: (file, onProgress) => api.parse(file, onProgress),
    rows: (start, end) => Promise.resolve(api.rows(start, end)),
    onCrash: () => undefined,
    terminate: () => undefined,
  };
}
