import { afterEach, describe, expect, it, vi } from 'vitest';
import { createParserPort } from './parser-port';

/** Stands in for the browser's Worker (jsdom has none): the test dispatches its events by hand. */
class FakeWorker extends EventTarget {
  static last: FakeWorker | null = null;
  constructor() {
    super();
    FakeWorker.last = this;
  }
  postMessage() {}
  terminate() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createParserPort', () => {
  it("turns the worker's 'error' event (a crash) into a crash, and keeps the page from logging it", () => {
    vi.stubGlobal('Worker', FakeWorker);
    const crashes: string[] = [];
    createParserPort().onCrash((message) => crashes.push(message));
    const event = new ErrorEvent('error', {
      message: 'Uncaught RangeError: Array buffer allocation failed',
      cancelable: true,
    });
    FakeWorker.last?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    FakeWorker.last?.dispatchEvent(new MessageEvent('messageerror'));
    expect(crashes).toEqual(['Uncaught RangeError: Array buffer allocation failed', 'The file could not be read.']);
  });
});
