import { SETTINGS_MESSAGES, type VendorSettings } from '@publisher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { readUser } from '../../../lib/stored-session';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

// The screens load lazily; load their chunk once up front so a slow machine does not time out the first test.
beforeAll(async () => {
  await import('../pages');
});

const vendor = buildUser({ vendorId: 5001, apiKey: 'old-key-5001' });

function buildSettings(overrides: Partial<VendorSettings> = {}): VendorSettings {
  return {
    vendorId: 5001,
    apiKey: 'old-key-5001',
    isShortUrlEnabled: false,
    secondaryEmail: '',
    secondaryEmail2: '',
    secondaryEmail3: '',
    secondaryEmail4: '',
    shortUrlDomains: ['go.publisher.test'],
    customDomains: [],
    ...overrides,
  };
}

/** A small settings server: GET/PUT /dashboard/settings and POST /auth/regenerateApiKey. */
function serveSettings() {
  let settings = buildSettings();
  const api = answerApi((request: RecordedRequest) => {
    const path = request.url.pathname;
    if (path === '/auth/regenerateApiKey') {
      settings = { ...settings, apiKey: 'new-key-5001' };
      return { status: 200, body: { data: { ...vendor, apiKey: 'new-key-5001' }, statusMessages: [] } };
    }
    if (path === '/dashboard/settings' && request.method === 'PUT') {
      // The apiKey every post call carries is the caller's credential, not a setting.
      const changes: Record<string, unknown> = { ...(request.body as Record<string, unknown>) };
      delete changes['apiKey'];
      settings = { ...settings, ...(changes as Partial<VendorSettings>) };
      return { status: 200, body: { data: settings, statusMessages: [SETTINGS_MESSAGES.settingsUpdated] } };
    }
    if (path === '/dashboard/settings') return { status: 200, body: { data: settings } };
    return apiFor(vendor, () => undefined)(request);
  });
  return api;
}

describe('Settings', () => {
  it('copies the API key', async () => {
    serveSettings();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(paths.settings, { user: vendor });
    expect(await screen.findByLabelText('API key')).toHaveTextContent('old-key-5001');
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('old-key-5001');
    expect(await screen.findByText('API key copied to clipboard')).toBeInTheDocument();
  });

  it('regenerates the API key only after confirming, and the session carries the new key', async () => {
    const api = serveSettings();
    renderApp(paths.settings, { user: vendor });
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate the API key?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.some((request) => request.url.pathname === '/auth/regenerateApiKey')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(screen.getByLabelText('API key')).toHaveTextContent('new-key-5001'));
    expect(readUser()?.apiKey).toBe('new-key-5001');
    expect(await screen.findByText('A new API key was issued')).toBeInTheDocument();
  });

  it('switches short URLs on', async () => {
    const api = serveSettings();
    renderApp(paths.settings, { user: vendor });
    const toggle = await screen.findByRole('switch', { name: 'Short URLs' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ isShortUrlEnabled: true });
  });

  it('checks and saves the secondary emails', async () => {
    const api = serveSettings();
    renderApp(paths.settings, { user: vendor });
    const first = await screen.findByLabelText('Secondary email 1');
    await userEvent.type(first, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save emails' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.secondaryEmailInvalid)).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    await userEvent.clear(first);
    await userEvent.type(first, 'Billing@Acme.Test');
    await userEvent.type(screen.getByLabelText('Secondary email 3'), 'ops@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save emails' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.settingsUpdated)).toBeInTheDocument();
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({
      secondaryEmail: 'billing@acme.test',
      secondaryEmail2: '',
      secondaryEmail3: 'ops@acme.test',
      secondaryEmail4: '',
    });
    expect(screen.getByLabelText('Secondary email 1')).toHaveValue('billing@acme.test');
  });
});
