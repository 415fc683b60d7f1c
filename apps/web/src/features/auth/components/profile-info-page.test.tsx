import { ACCOUNT_MESSAGES } from '@publisher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const user = buildUser({ vendorId: 5001, influenceCode: 'MAYA10' });

describe('ProfileInfoPage', () => {
  it('greets the user and shows profile information by default', async () => {
    answerApi(() => ({ status: 200, body: { data: user } }));
    renderApp(paths.myProfileInfo, { user });
    expect(await screen.findByRole('heading', { name: 'Hello, Maya Patel' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Profile Information' });
    expect(section).toHaveTextContent(user.email);
    expect(section).toHaveTextContent(user.phoneNumber);
  });

  it('links My Orders to /orderHistory', async () => {
    answerApi(() => ({ status: 200, body: { data: user } }));
    renderApp(paths.myProfileInfo, { user });
    const nav = await screen.findByRole('navigation', { name: 'Profile' });
    expect(within(nav).getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', paths.orderHistory);
  });

  it('shows business information with ids equal to the vendor ID and the apiKey', async () => {
    answerApi(() => ({ status: 200, body: { data: user } }));
    renderApp(paths.myProfileInfo, { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Business Information' }));
    const section = screen.getByRole('region', { name: 'Business Information' });
    for (const label of ['Vendor ID', 'Publisher ID', 'Campaign ID']) {
      expect(within(section).getByText(label).nextElementSibling).toHaveTextContent('5001');
    }
    expect(section).toHaveTextContent(user.apiKey);
    expect(section).toHaveTextContent('MAYA10');
    expect(within(section).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
  });

  it('strips a pasted zip to digits before cutting it to 5', async () => {
    answerApi(() => ({ status: 200, body: { data: user } }));
    renderApp(paths.myProfileInfo, { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Addresses' }));
    await userEvent.clear(screen.getByLabelText('Zip'));
    await userEvent.paste('TX 75-201-4410');
    expect(screen.getByLabelText('Zip')).toHaveValue('75201');
  });

  it('saves addresses through PUT /auth/update', async () => {
    const api = answerApi(({ method, body }) =>
      method === 'PUT'
        ? {
            status: 200,
            body: { data: { ...user, ...(body as object) }, statusMessages: [ACCOUNT_MESSAGES.accountUpdated] },
          }
        : { status: 200, body: { data: user } },
    );
    renderApp(paths.myProfileInfo, { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Addresses' }));
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.type(screen.getByLabelText('City'), 'Dallas');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.accountUpdated)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ city: 'Dallas' }),
    );
  });

  it('has its own Log out that signs out to /signin', async () => {
    answerApi(() => ({ status: 200, body: { data: user } }));
    const app = renderApp(paths.myProfileInfo, { user });
    const nav = await screen.findByRole('navigation', { name: 'Profile' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Log out' }));
    await waitFor(() => expect(app.currentPath()).toBe(paths.signin));
    expect(window.localStorage.length).toBe(0);
  });
});
