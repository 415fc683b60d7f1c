import { createParserHandler } from './parser-worker-handler';
import type { ParserRequest } from './parser-protocol';

/** The conversion CSV parser, off the main thread (Vite bundles this file as its own module worker). */
const handle = createParserHandler((message) => self.postMessage(message));

self.onmessage = (event: MessageEvent<ParserRequest>) => {
  void handle(event.data);
};
