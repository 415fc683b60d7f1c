import { ACCOUNT_MESSAGES } from '@publisher/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { errorBody, answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const user = buildUser();

describe('ProfileFormPage', () => {
  it('saves "first last" as fullName and the phone through PUT /auth/update', async () => {
    const api = answerApi(({ method }) =>
      method === 'PUT'
        ? { status: 200, body: { data: user, statusMessages: [ACCOUNT_MESSAGES.accountUpdated] } }
        : { status: 200, body: { data: user } },
    );
    renderApp(paths.myProfile, { user });
    expect(await screen.findByLabelText('Email')).toHaveAttribute('readonly');
    await userEvent.clear(screen.getByLabelText('First Name'));
    await userEvent.type(screen.getByLabelText('First Name'), 'Mia');
    await userEvent.clear(screen.getByLabelText('Last Name'));
    await userEvent.clear(screen.getByLabelText('Phone Number'));
    await userEvent.type(screen.getByLabelText('Phone Number'), '512-555-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.accountUpdated);
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
        fullName: 'Mia',
        phoneNumber: '5125550199',
        apiKey: user.apiKey,
      }),
    );
  });

  it('strips a pasted phone number to digits before cutting it to 10', async () => {
    answerApi(() => ({ status: 200, body: { data: user } }));
    renderApp(paths.myProfile, { user });
    await userEvent.clear(await screen.findByLabelText('Phone Number'));
    await userEvent.paste('(555) 123-45678901');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('5551234567');
  });

  it('shows the server error', async () => {
    answerApi(({ method }) =>
      method === 'PUT'
        ? { status: 500, body: errorBody('Database unavailable') }
        : { status: 200, body: { data: user } },
    );
    renderApp(paths.myProfile, { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });
});
