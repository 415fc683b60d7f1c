import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';

const user = buildUser();

/** A fresh module graph: the session layer is not loaded yet, as on a browser's first visit. */
async function freshApp() {
  vi.resetModules();
  const [{ renderApp }, { answerApi }, { loadedAuthRequests }] = await Promise.all([
    import('../../../testing/render-app'),
    import('../../../testing/api-server'),
    import('../api/load-auth-requests'),
  ]);
  return { renderApp, answerApi, loadedAuthRequests };
}

describe('AuthProvider on first load', () => {
  it('shows Loading until the session layer has validated a stored session, then the signed-in screen', async () => {
    const { renderApp, answerApi, loadedAuthRequests } = await freshApp();
    answerApi(() => ({ status: 200, body: { data: user } }));
    expect(loadedAuthRequests()).toBeNull();
    const app = renderApp(paths.myAccount, { user });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'My Account', level: 1 })).toBeInTheDocument();
    expect(app.currentPath()).toBe(paths.myAccount);
    expect(loadedAuthRequests()).not.toBeNull();
  });

  it('treats a stored user that fails validation as signed out once the layer has checked it', async () => {
    const { renderApp, answerApi } = await freshApp();
    const api = answerApi(() => ({ status: 200, body: {} }));
    window.localStorage.setItem('token', 'test-token');
    window.localStorage.setItem('user', JSON.stringify({ _id: 'not a user' }));
    const app = renderApp(paths.myAccount);
    await waitFor(() => expect(app.currentPath()).toBe(paths.signin));
    expect(api.requests).toEqual([]);
  });

  it('renders the sign-in page without loading the session layer', async () => {
    const { renderApp, answerApi, loadedAuthRequests } = await freshApp();
    answerApi(() => ({ status: 200, body: {} }));
    renderApp(paths.signin);
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(loadedAuthRequests()).toBeNull();
  });
});
