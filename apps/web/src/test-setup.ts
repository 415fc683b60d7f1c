import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadAuthRequests } from './features/auth/api/load-auth-requests';

// Screens load lazily (route-level code splitting): on a loaded 2-core CI machine the first render of a page can
// take over a second, testing-library's default wait. The wait bounds how long a findBy may look, not what it
// must find.
configure({ asyncUtilTimeout: 5_000 });

// The app restores a stored session through its lazily loaded session layer (zod, the auth calls). Loaded once per
// file here, as the static imports of the screens were before, so a test's wait is spent on its own screen;
// auth-provider.test.tsx covers the first load itself.
beforeAll(async () => {
  await loadAuthRequests();
});

beforeEach(() => {
  // jsdom has no layout; the shell scrolls to top on every route change.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
