import { ACCOUNT_MESSAGES } from '@publisher/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { errorBody, answerApi, type ApiHandler } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const user = buildUser();
const changeButton = () => screen.getByRole('button', { name: 'Change Password' });

function apiWith(changePassword: ApiHandler) {
  return answerApi((request) =>
    request.url.pathname === '/auth/changePassword' ? changePassword(request) : { status: 200, body: { data: user } },
  );
}

/** The session is restored and the screen loads with its own chunk: wait for its heading before using the form. */
async function renderChangePassword() {
  const app = renderApp(paths.changePassword, { user });
  await screen.findByRole('heading', { name: 'Change Password', level: 1 });
  return app;
}

describe('ChangePasswordPage', () => {
  it('enables the button only when all fields are filled and the new password is confirmed', async () => {
    apiWith(() => ({ status: 500, body: errorBody('unused') }));
    await renderChangePassword();
    expect(changeButton()).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Old Password'), 'Publisher#2026');
    await userEvent.type(screen.getByLabelText('New Password'), 'Changed#2026');
    expect(changeButton()).toBeDisabled();
    // Half typed, the confirmation is not wrong yet.
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Changed');
    expect(screen.getByLabelText('Confirm Password')).toBeValid();
    await userEvent.clear(screen.getByLabelText('Confirm Password'));

    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Changed#2027');
    expect(changeButton()).toBeDisabled();
    // The disabled button says nothing; the confirmation says why.
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.passwordsDiffer);
    expect(screen.getByLabelText('Confirm Password')).toBeInvalid();

    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Changed#2026');
    expect(changeButton()).toBeEnabled();
    expect(screen.queryByText(ACCOUNT_MESSAGES.passwordsDiffer)).not.toBeInTheDocument();
  });

  it('has a show/hide toggle on the new password', async () => {
    apiWith(() => ({ status: 500, body: errorBody('unused') }));
    await renderChangePassword();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'text');
  });

  it('shows the server error above the button and clears it when a field is edited', async () => {
    apiWith(() => ({ status: 400, body: errorBody(ACCOUNT_MESSAGES.currentPasswordWrong) }));
    await renderChangePassword();
    await userEvent.type(screen.getByLabelText('Old Password'), 'not-my-password');
    await userEvent.type(screen.getByLabelText('New Password'), 'Changed#2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Changed#2026');
    await userEvent.click(changeButton());

    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent(ACCOUNT_MESSAGES.currentPasswordWrong);
    expect(error.compareDocumentPosition(changeButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Old Password'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends one change for a double submit (the second comes before the button is disabled)', async () => {
    const api = apiWith(() => ({
      status: 200,
      body: { success: true, statusMessages: ['Password Changed successfully'] },
    }));
    await renderChangePassword();
    await userEvent.type(screen.getByLabelText('Old Password'), 'Publisher#2026');
    await userEvent.type(screen.getByLabelText('New Password'), 'Changed#2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Changed#2026');
    const form = changeButton().closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await screen.findByText(/^Password Changed successfully/);
    expect(api.requests.filter((request) => request.url.pathname === '/auth/changePassword')).toHaveLength(1);
  });

  it('sends _id, currentPassword and newPassword, then confirms with a toast and signs out to /signin, no dialog', async () => {
    const api = apiWith(() => ({
      status: 200,
      body: { success: true, statusMessages: ['Password Changed successfully'] },
    }));
    const app = await renderChangePassword();
    await userEvent.type(screen.getByLabelText('Old Password'), 'Publisher#2026');
    await userEvent.type(screen.getByLabelText('New Password'), 'Changed#2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Changed#2026');
    window.localStorage.setItem('unrelated', 'cleared by the logout');
    await userEvent.click(changeButton());

    const toast = await screen.findByText('Password Changed successfully. Please log in again with your new password.');
    expect(toast).toHaveAttribute('role', 'status');
    expect(toast.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const call = api.requests.find((request) => request.url.pathname === '/auth/changePassword');
    expect(call?.body).toEqual({
      _id: user._id,
      currentPassword: 'Publisher#2026',
      newPassword: 'Changed#2026',
      apiKey: user.apiKey,
    });
    await waitFor(() => expect(app.currentPath()).toBe(paths.signin));
    expect(window.localStorage.length).toBe(0);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
