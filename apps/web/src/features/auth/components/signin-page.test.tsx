import { contract } from '@publisher/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths, SESSION_ENDED_QUERY } from '../../../config/paths';
import { readSession } from '../../../lib/stored-session';
import { buildUser } from '@publisher/contract/testing';
import { answer } from '@publisher/contract/msw';
import { deferred, errorBody, answerApi, server, type MockResponse } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const user = buildUser();

describe('SigninPage', () => {
  it('says the session has ended when the API ended it, and nothing on a plain visit', async () => {
    answerApi(() => undefined);
    const first = renderApp(`${paths.signin}?${SESSION_ENDED_QUERY}`);
    expect(await screen.findByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
    first.unmount();
    renderApp(paths.signin);
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByText(/session has ended/)).not.toBeInTheDocument();
  });

  it('flags empty fields and makes no call', async () => {
    const api = answerApi(() => ({ status: 500, body: errorBody('should not be called') }));
    renderApp(paths.signin);

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    // The form's schema loads with the session layer on first use.
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please Enter Email')).toBeInTheDocument();
    expect(screen.getByText('Please Enter Password')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('flags only the empty one when one field is filled', async () => {
    const api = answerApi(() => ({ status: 500, body: errorBody('should not be called') }));
    renderApp(paths.signin);

    await userEvent.type(screen.getByLabelText('Email'), 'maya@publisher.test');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toEqual([]);
  });

  it("shows the server's first statusMessage under the form and stays signed out", async () => {
    // Typed by the contract: a status sign-in does not document, or a body off its schema, does not compile.
    server.use(answer(contract.auth.signin, () => ({ status: 401, body: errorBody('Invalid email or password.') })));
    const app = renderApp(paths.signin);

    await userEvent.type(screen.getByLabelText('Email'), 'maya@publisher.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(app.currentPath()).toBe(paths.signin);
    expect(readSession()).toBeNull();
  });

  it("shows a failed answer's own error field when it has no statusMessage", async () => {
    answerApi(() => ({ status: 403, body: { error: 'Your account is not active yet.' }, isOffContract: true }));
    renderApp(paths.signin);

    await userEvent.type(screen.getByLabelText('Email'), 'maya@publisher.test');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is not active yet.');
  });

  it('falls back to "Something went wrong" when the answer has no message', async () => {
    answerApi(() => ({ status: 500, body: { unexpected: true }, isOffContract: true }));
    renderApp(paths.signin);

    await userEvent.type(screen.getByLabelText('Email'), 'maya@publisher.test');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it.each([
    [
      'a user without _id',
      { user: { ...user, _id: undefined }, token: 'fresh-token' },
      'The sign-in answer did not include your account.',
    ],
    ['no user at all', { token: 'fresh-token' }, 'The sign-in answer did not include your account.'],
    ['its own error field', { error: 'Your account is suspended.' }, 'Your account is suspended.'],
    [
      'an error beside a whole user',
      { user, token: 'fresh-token', error: 'Please verify your email first.' },
      'Please verify your email first.',
    ],
  ])('refuses a 2xx sign-in answer with %s in words, stores nothing and stays on the form', async (_, body, text) => {
    answerApi(({ url }) => (url.pathname === '/auth/signin' ? { status: 200, body, isOffContract: true } : undefined));
    const app = renderApp(paths.signin);

    await userEvent.type(screen.getByLabelText('Email'), 'maya@publisher.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Publisher#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(app.currentPath()).toBe(paths.signin);
    expect(readSession()).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('reads "Loading" while busy, then stores the session and redirects by the menu', async () => {
    const pending = deferred<MockResponse>();
    const api = answerApi(({ url }) =>
      url.pathname === '/auth/signin'
        ? pending.promise
        : url.pathname.startsWith('/auth/')
          ? { status: 200, body: { data: user } }
          : undefined,
    );
    const app = renderApp(paths.signin);

    await userEvent.type(screen.getByLabelText('Email'), ' maya@publisher.test ');
    await userEvent.type(screen.getByLabelText('Password'), 'Publisher#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByRole('button', { name: 'Loading' })).toBeDisabled();
    expect(api.requests[0]?.body).toEqual({ email: 'maya@publisher.test', password: 'Publisher#2026' });

    pending.resolve({ status: 200, body: { user, token: 'fresh-token' } });

    // deeplink1 is on, so the menu's landing page is /dashboard.
    await waitFor(() => expect(app.currentPath()).toBe(paths.dashboard));
    expect(readSession()).toEqual({ token: 'fresh-token', user });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });

  it('redirects /signIn to /signin', async () => {
    answerApi(() => ({ status: 500, body: errorBody('unused') }));
    const app = renderApp(paths.signinLegacy);
    await waitFor(() => expect(app.currentPath()).toBe(paths.signin));
  });
});
