import type { User } from '@publisher/contract';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { createAppRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';
import { writeSession } from '../lib/session-storage';

interface RenderAppOptions {
  /** Signs this user in (stored session) before the app starts. */
  user?: User;
  token?: string;
}

/** Renders the whole app (providers, shell, guards, routes) at `path`, on a memory router. */
export function renderApp(path: string, { user, token = 'test-token' }: RenderAppOptions = {}) {
  if (user) writeSession({ token, user });
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, currentPath: () => router.state.location.pathname };
}

/** Renders one screen on its own (no shell, guards or routes) with the app's providers and a memory router. */
export function renderScreen(screen: ReactElement) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>{screen}</MemoryRouter>
    </AppProviders>,
  );
}
