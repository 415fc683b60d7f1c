import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { loadAuthRequests } from './features/auth/api/load-auth-requests';
import { server, takeContractBreaches } from './testing/api-server';

/**
 * jsdom has no layout, so nothing ever resizes or moves. Headless UI's Combobox watches where its input sits with a
 * ResizeObserver (to close its list if the input moves) and would throw without one.
 */
class StillResizeObserver implements ResizeObserver {
  observe(): void {
    // Nothing is laid out, so no size ever changes.
  }
  unobserve(): void {
    // Nothing is observed.
  }
  disconnect(): void {
    // Nothing is observed.
  }
}
globalThis.ResizeObserver ??= StillResizeObserver;
// Nor any scrolling: the side menu brings the current screen's entry into view.
Object.defineProperty(Element.prototype, 'scrollIntoView', {
  value: () => undefined,
  writable: true,
  configurable: true,
});

// Screens load lazily (route-level code splitting): on a loaded 2-core CI machine the first render of a page can
// take over a second, testing-library's default wait. The wait bounds how long a findBy may look, not what it
// must find.
configure({ asyncUtilTimeout: 5_000 });

// The app restores a stored session through its lazily loaded session layer (zod, the auth calls). Loaded once per
// file here, as the static imports of the screens were before, so a test's wait is spent on its own screen;
// auth-provider.test.tsx covers the first load itself.
beforeAll(async () => {
  // Every call the app makes is answered by the contract's MSW handlers (or a test's own); one outside the
  // contract fails the test instead of reaching the network.
  server.listen({ onUnhandledRequest: 'error' });
  await loadAuthRequests();
});

afterAll(() => {
  server.close();
});

beforeEach(() => {
  // jsdom has no layout; the shell scrolls to top on every route change.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  // A test's fake clock ends with it: files share a worker, and a clock left fake would stall the next one's waits.
  vi.useRealTimers();
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  // Last, so a failing test still leaves a clean page and storage for the next one.
  expect(takeContractBreaches(), 'answers of this test that the contract does not allow').toEqual([]);
});
