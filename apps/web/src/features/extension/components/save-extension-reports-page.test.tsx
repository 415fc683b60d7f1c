import { EXTENSION_MESSAGES, type SavedExtensionDay } from '@publisher/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi } from '../../../testing/api-server';
import { renderApp, renderScreen } from '../../../testing/render-app';
import { SaveExtensionReportsPage } from './save-extension-reports-page';

const admin = buildUser({ vendorId: 5029, role: 'admin' });

const savedDay: SavedExtensionDay = {
  date: '2026-03-09',
  dailyRows: 3,
  deviceRows: 9,
  marketRows: 9,
  partnerRevShare: 42.5,
  savedAt: '2026-03-10T08:00:00.000Z',
};

describe('SaveExtensionReportsPage', () => {
  it('saves the chosen range with "Save Reports to DB" and shows what was saved under Daily Reports Info', async () => {
    let saved: SavedExtensionDay[] = [];
    const api = answerApi(
      apiFor(admin, (request) => {
        if (request.url.pathname === '/extension/savedReports') return { status: 200, body: { data: saved } };
        if (request.url.pathname === '/extension/saveReports') {
          saved = [savedDay];
          return { status: 200, body: { statusMessage: 'Extension reports saved for 1 day.', data: saved } };
        }
        return undefined;
      }),
    );
    renderScreen(<SaveExtensionReportsPage initialDate="2026-03-09" />);
    expect(await screen.findByText('Nothing saved for these dates yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Start Date')).toHaveValue('9 Mar 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save Reports to DB' }));
    expect(await screen.findByText('Extension reports saved for 1 day.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Daily Reports Info' });
    expect(await within(table).findByText('$42.50')).toBeInTheDocument();
    expect(api.requests.find((request) => request.url.pathname === '/extension/saveReports')?.body).toMatchObject({
      startDate: '2026-03-09',
      endDate: '2026-03-09',
    });
  });

  it('refuses a range longer than the save accepts, with its message, and saves nothing', async () => {
    const api = answerApi(
      apiFor(admin, (request) =>
        request.url.pathname === '/extension/savedReports' ? { status: 200, body: { data: [] } } : undefined,
      ),
    );
    renderScreen(<SaveExtensionReportsPage initialDate="2026-03-09" />);
    const end = screen.getByLabelText('End Date');
    await userEvent.clear(end);
    await userEvent.type(end, '2026-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save Reports to DB' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXTENSION_MESSAGES.rangeTooLong);
    expect(api.requests.filter((request) => request.url.pathname === '/extension/saveReports')).toHaveLength(0);
    // Nor is the saved list asked for a range its call refuses.
    const listed = api.requests.filter((request) => request.url.pathname === '/extension/savedReports');
    expect(listed.map((request) => request.url.searchParams.get('endDate'))).toEqual(['2026-03-09']);
    expect(screen.getByText('Fix the dates to see what is saved.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing saved for these dates yet.')).not.toBeInTheDocument();
  });

  it('is for the admin only: a vendor is sent to their landing page', async () => {
    const vendor = buildUser();
    answerApi(apiFor(vendor, () => undefined));
    const app = renderApp(paths.saveExtensionReports, { user: vendor });
    await screen.findByRole('navigation', { name: 'Side menu' });
    expect(app.currentPath()).not.toBe(paths.saveExtensionReports);
  });
});
