import { ACCOUNT_MESSAGES } from '@publisher/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { readUser } from '../../../lib/stored-session';
import { buildUser } from '@publisher/contract/testing';
import { errorBody, answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { initialsOf } from './account-format';

const user = buildUser({ fullName: 'Maya Quinn Patel', vendorId: 5001 });

async function openEditForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.getByRole('form', { name: 'Edit Account Details' });
}

describe('MyAccountPage', () => {
  it('shows initials, name, vendor, publisher and campaign ids, email, apiKey, address and phone', async () => {
    answerApi(() => ({ status: 200, body: { data: user } }));
    renderApp(paths.myAccount, { user });
    // The header's account menu shows the initials too: the page's own avatar is in <main>.
    expect(await within(await screen.findByRole('main')).findByText('MQ')).toBeInTheDocument();
    for (const label of ['Vendor ID', 'Publisher ID', 'Campaign ID']) {
      expect(screen.getByText(label).nextElementSibling).toHaveTextContent('5001');
    }
    expect(screen.getByText('API Key').nextElementSibling).toHaveTextContent(user.apiKey);
    expect(screen.getByText('City').nextElementSibling).toHaveTextContent('Austin');
    expect(screen.getByText('Zip').nextElementSibling).toHaveTextContent('73301');
    expect(screen.getByText('Phone Number').nextElementSibling).toHaveTextContent('5125550101');
  });

  it('takes initials from the first two words of the name', () => {
    expect(initialsOf('avery quinn admin')).toBe('AQ');
    expect(initialsOf('  Prince ')).toBe('P');
    // Whole characters, never half of an emoji's surrogate pair.
    expect(initialsOf('😀 Émile Zoë')).toBe('😀É');
    expect(initialsOf('👩‍💻 dev')).toBe('👩‍💻D');
  });

  it('keeps vendor ID and email read-only and disables Update while the name is empty', async () => {
    answerApi(() => ({ status: 200, body: { data: user } }));
    renderApp(paths.myAccount, { user });
    await openEditForm();
    expect(screen.getByLabelText('Vendor ID')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('maxLength', '60');

    await userEvent.clear(screen.getByLabelText('Full Name'));
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.fullNameRequired);
    await userEvent.type(screen.getByLabelText('Full Name'), '   ');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Full Name'), 'M');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('keeps digits only in zip (max 5) and phone (max 10)', async () => {
    answerApi(() => ({ status: 200, body: { data: user } }));
    renderApp(paths.myAccount, { user });
    await openEditForm();
    await userEvent.clear(screen.getByLabelText('Zip'));
    await userEvent.type(screen.getByLabelText('Zip'), '02a1-08999');
    expect(screen.getByLabelText('Zip')).toHaveValue('02108');
    await userEvent.clear(screen.getByLabelText('Phone Number'));
    await userEvent.type(screen.getByLabelText('Phone Number'), '+1 (617) 555-0136 77');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('1617555013');
  });

  it('strips pasted zip and phone to digits before cutting them to 5 and 10', async () => {
    answerApi(() => ({ status: 200, body: { data: user } }));
    renderApp(paths.myAccount, { user });
    await openEditForm();
    await userEvent.clear(screen.getByLabelText('Zip'));
    await userEvent.paste('02 108-4410');
    expect(screen.getByLabelText('Zip')).toHaveValue('02108');
    await userEvent.clear(screen.getByLabelText('Phone Number'));
    await userEvent.paste('(555) 123-45678901');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('5551234567');
  });

  it('Cancel returns to view mode without saving', async () => {
    const api = answerApi(() => ({ status: 200, body: { data: user } }));
    renderApp(paths.myAccount, { user });
    await openEditForm();
    await userEvent.type(screen.getByLabelText('City'), 'ville');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit Account Details' })).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('Update saves, reloads the user and returns to view mode with the new values', async () => {
    let current = user;
    const api = answerApi(({ method, body }) => {
      if (method === 'PUT') {
        const changes = body as Partial<typeof user>;
        current = { ...current, fullName: changes.fullName ?? current.fullName, city: changes.city ?? current.city };
        return { status: 200, body: { data: current, statusMessages: [ACCOUNT_MESSAGES.accountUpdated] } };
      }
      return { status: 200, body: { data: current } };
    });
    renderApp(paths.myAccount, { user });
    await openEditForm();
    await userEvent.clear(screen.getByLabelText('Full Name'));
    await userEvent.type(screen.getByLabelText('Full Name'), 'Noah Fischer');
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.type(screen.getByLabelText('City'), 'Boston');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Account Details' })).not.toBeInTheDocument());
    expect(screen.getByText('City').nextElementSibling).toHaveTextContent('Boston');
    expect(screen.getByText('Name').nextElementSibling).toHaveTextContent('Noah Fischer');
    expect(within(screen.getByRole('main')).getByText('NF')).toBeInTheDocument();

    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ fullName: 'Noah Fischer', city: 'Boston', apiKey: user.apiKey });
    expect(put?.body).not.toHaveProperty('email');
    expect(put?.body).not.toHaveProperty('vendorId');
    const reloads = api.requests.filter(
      (request) => request.method === 'GET' && request.url.pathname === `/auth/${user._id}`,
    );
    expect(reloads.length).toBeGreaterThanOrEqual(2);
    expect(readUser()?.city).toBe('Boston');
    // Said the app's one way: a toast in the polite live region, not a line in the page.
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent(ACCOUNT_MESSAGES.accountUpdated);
    expect(toast.closest('[aria-live="polite"]')).not.toBeNull();
    expect(within(screen.getByRole('main')).queryByText(ACCOUNT_MESSAGES.accountUpdated)).not.toBeInTheDocument();
  });

  it('sends one update for a double submit (the second comes before Update is disabled)', async () => {
    const api = answerApi(({ method }) =>
      method === 'PUT'
        ? { status: 200, body: { data: user, statusMessages: [ACCOUNT_MESSAGES.accountUpdated] } }
        : { status: 200, body: { data: user } },
    );
    renderApp(paths.myAccount, { user });
    const form = await openEditForm();
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.accountUpdated);
    expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('shows the server error and stays in edit mode', async () => {
    answerApi(({ method }) =>
      method === 'PUT'
        ? { status: 400, body: errorBody('Zip accepts digits only, at most 5') }
        : { status: 200, body: { data: user } },
    );
    renderApp(paths.myAccount, { user });
    await openEditForm();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zip accepts digits only, at most 5');
    expect(screen.getByRole('form', { name: 'Edit Account Details' })).toBeInTheDocument();
  });
});
