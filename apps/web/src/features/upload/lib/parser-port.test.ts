import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParserResponse } from './parser-protocol';
import { createParserPort } from './parser-port';

/** Stands in for the browser's Worker (jsdom has none): the test fires its events by hand. */
class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  static last: FakeWorker | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage() {}
  terminate() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createParserPort', () => {
  it("turns the worker's 'error' event (a crash) into a failed answer, and keeps the page from logging it", () => {
    vi.stubGlobal('Worker', FakeWorker);
    const answers: ParserResponse[] = [];
    createParserPort().listen((response) => answers.push(response));
    const event = new ErrorEvent('error', {
      message: 'Uncaught RangeError: Array buffer allocation failed',
      cancelable: true,
    });
    FakeWorker.last?.onerror?.(event);
    expect(event.defaultPrevented).toBe(true);
    FakeWorker.last?.onmessageerror?.(new MessageEvent('messageerror'));
    expect(answers).toEqual([
      { type: 'failed', message: 'Uncaught RangeError: Array buffer allocation failed' },
      { type: 'failed', message: 'The file could not be read.' },
    ]);
  });
});
