import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Screens load lazily (route-level code splitting): on a loaded 2-core CI machine the first render of a page can
// take over a second, testing-library's default wait. The wait bounds how long a findBy may look, not what it
// must find.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  // jsdom has no layout; the shell scrolls to top on every route change.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
