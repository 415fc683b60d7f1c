import { NO_RECORDS_MESSAGE } from '@publisher/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, errorBody, answerApi, type MockResponse } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildSaveResponse } from '../testing/report-fixtures';
import { saveResultMessage } from './save-reports-form';

const admin = buildUser({ vendorId: 5029, role: 'admin' });

function saveApi(pathname: string, response: MockResponse) {
  return answerApi(apiFor(admin, (request) => (request.url.pathname === pathname ? response : undefined)));
}

const queryOf = (requests: { url: URL }[], pathname: string) =>
  Object.fromEntries(requests.find((request) => request.url.pathname === pathname)?.url.searchParams ?? []);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 18, 10, 0, 0));
});

describe('saveResultMessage', () => {
  it("is the status message, or 'No Records found in this Date.' when there is none", () => {
    expect(saveResultMessage(buildSaveResponse('Saved 42 rows for 17 Mar 2026.'))).toBe(
      'Saved 42 rows for 17 Mar 2026.',
    );
    expect(saveResultMessage(buildSaveResponse(null))).toBe('No Records found in this Date.');
    expect(NO_RECORDS_MESSAGE).toBe('No Records found in this Date.');
  });
});

describe('Save Reports to DB pages', () => {
  it('the single-date page defaults to yesterday and shows the status message', async () => {
    const api = saveApi('/home/saveDailyReports', {
      status: 200,
      body: buildSaveResponse('Saved 42 rows for 17 Mar 2026.'),
    });
    renderApp(paths.saveDailyReports, { user: admin });
    expect(await screen.findByLabelText('Date')).toHaveValue('17 Mar 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save Reports to DB' }));
    expect(await screen.findByText('Saved 42 rows for 17 Mar 2026.')).toBeInTheDocument();
    expect(queryOf(api.requests, '/home/saveDailyReports')).toEqual({ startDate: '2026-03-17' });
  });

  it("shows 'No Records found in this Date.' when the save has no status message", async () => {
    saveApi('/doneoftheownou/saveDailyReports', { status: 200, body: buildSaveResponse(null) });
    renderApp(paths.saveDailyReports3, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Save Reports to DB' }));
    expect(await screen.findByText(NO_RECORDS_MESSAGE)).toBeInTheDocument();
  });

  it('the start/end page defaults to yesterday and today and sends both', async () => {
    const api = saveApi('/newdashboard/saveDailyReports', { status: 200, body: buildSaveResponse('Saved.') });
    renderApp(paths.saveDailyReports2, { user: admin });
    expect(await screen.findByLabelText('Start Date')).toHaveValue('17 Mar 2026');
    expect(screen.getByLabelText('End Date')).toHaveValue('18 Mar 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save Reports to DB' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(queryOf(api.requests, '/newdashboard/saveDailyReports')).toEqual({
      startDate: '2026-03-17',
      endDate: '2026-03-18',
    });
  });

  it('page 5 reuses the start/end screen for the fifth source and shows a failure', async () => {
    const api = saveApi('/kelkoo/saveDailyReports', {
      status: 500,
      body: errorBody('The upstream network did not answer.'),
    });
    renderApp(paths.saveDailyReports5, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Save Reports to DB' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The upstream network did not answer.');
    await waitFor(() =>
      expect(queryOf(api.requests, '/kelkoo/saveDailyReports')).toEqual({
        startDate: '2026-03-17',
        endDate: '2026-03-18',
      }),
    );
  });

  it('the single-date page refuses an empty date with a message and saves nothing', async () => {
    const api = saveApi('/home/saveDailyReports', { status: 200, body: buildSaveResponse('Saved.') });
    renderApp(paths.saveDailyReports, { user: admin });
    await userEvent.clear(await screen.findByLabelText('Date'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Reports to DB' }));
    expect(await screen.findByText('Choose a date.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.filter((request) => request.url.pathname === '/home/saveDailyReports')).toHaveLength(0);
  });

  it('page 4 refuses a start after the end', async () => {
    const api = saveApi('/shoppermeet/saveDailyReports', { status: 200, body: buildSaveResponse('Saved.') });
    renderApp(paths.saveDailyReports4, { user: admin });
    const start = await screen.findByLabelText('Start Date');
    await userEvent.clear(start);
    await userEvent.type(start, '2026-03-18');
    const end = screen.getByLabelText('End Date');
    await userEvent.clear(end);
    await userEvent.type(end, '2026-03-10');
    expect(screen.getByText('End Date cannot be before Start Date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Reports to DB' })).toBeDisabled();
    expect(api.requests.filter((request) => request.url.pathname === '/shoppermeet/saveDailyReports')).toHaveLength(0);
  });

  it('is for the admin only: a vendor is sent to the landing page', async () => {
    const vendor = buildUser();
    answerApi(apiFor(vendor, () => undefined));
    const app = renderApp(paths.saveDailyReports, { user: vendor });
    await waitFor(() => expect(app.currentPath()).toBe(paths.dashboard));
  });
});
