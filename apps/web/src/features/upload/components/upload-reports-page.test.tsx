import { UPLOAD_CHUNK_ROWS } from '@publisher/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session-storage';
import { buildUser } from '@publisher/contract/testing';
import {
  apiFor,
  deferred,
  errorBody,
  answerApi,
  type MockResponse,
  type RecordedRequest,
} from '../../../testing/api-server';
import { renderApp, renderScreen } from '../../../testing/render-app';
import { paths } from '../../../config/paths';
import { csvFile, csvLine, GOOD_HEADER } from '../testing/conversion-csv-fixtures';
import { createInProcessParserPort } from '../testing/in-process-parser-port';
import type { ParserPort } from '../lib/parser-port';
import { PARSER_SILENCE_MS, PARSER_STOPPED_MESSAGE } from '../lib/use-conversion-parser';
import { UPLOAD_SUCCESS_MESSAGE, UploadReportsPage } from './upload-reports-page';

const admin = buildUser({ vendorId: 5029, role: 'admin' });

async function renderUpload(
  handler: (request: RecordedRequest) => MockResponse | Promise<MockResponse> | undefined,
  createPort: () => ParserPort = createInProcessParserPort,
) {
  writeSession({ token: 'test-token', user: admin });
  const api = answerApi(async (request) => {
    if (request.url.pathname.startsWith('/auth/')) return { status: 200, body: { data: admin } };
    return (await handler(request)) ?? { status: 404, body: errorBody('Not found in the test') };
  });
  renderScreen(<UploadReportsPage createPort={createPort} />);
  // The stored session is restored by the lazily loaded session layer before the screen renders.
  await screen.findByLabelText('Conversion report (.csv)');
  return { api };
}

const fileInput = () => screen.getByLabelText('Conversion report (.csv)');
const uploads = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === '/home/createBulkReports');

describe('Upload Conversion Reports', () => {
  it('previews a valid file, submits reports and uniqueDates, then confirms with a toast and no dialog to close', async () => {
    const { api } = await renderUpload(() => ({
      status: 200,
      body: { success: true, rowsWritten: 2, statusMessages: ['Saved.'] },
    }));
    expect(screen.getByRole('link', { name: 'Download the sample CSV' })).toHaveAttribute(
      'href',
      '/samples/conversion-report-sample.csv',
    );
    expect(screen.queryByRole('button', { name: 'Submit Conversion Report' })).not.toBeInTheDocument();
    await userEvent.upload(
      fileInput(),
      csvFile([
        GOOD_HEADER,
        csvLine(),
        csvLine({ from: '2026-03-02', to: '2026-03-02' }),
        csvLine({ to: '2026-03-05' }),
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Conversion report preview' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByText(/limited to the first 100 rows/)).toBeInTheDocument();
    expect(screen.getByText(/1 with FROM_DATE ≠ TO_DATE/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Submit Conversion Report' }));
    // One way to confirm: a toast in the polite live region, no dialog and no Ok to click; the page starts again.
    const toast = await screen.findByText(`${UPLOAD_SUCCESS_MESSAGE} 2 rows saved.`);
    expect(toast).toHaveAttribute('role', 'status');
    expect(toast.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Conversion report preview' })).not.toBeInTheDocument();
    expect(fileInput()).toHaveValue('');
    const [call] = uploads(api.requests);
    expect(call?.body).toMatchObject({ uniqueDates: ['2026-03-01', '2026-03-02'], apiKey: admin.apiKey });
    expect(call?.body).not.toHaveProperty('uploadId');
    expect((call?.body as { reports: unknown[] }).reports).toHaveLength(2);
  });

  it.each([
    ['a wrong header', csvFile([GOOD_HEADER.replace('SALES_COUNT', 'ORDERS'), csvLine()])],
    ['no row with FROM_DATE equal to TO_DATE', csvFile([GOOD_HEADER, csvLine({ to: '2026-03-04' })])],
    ['a file that is not a .csv', new File(['hello'], 'report.xlsx')],
  ])("says 'Please upload valid report.' for %s and offers no submit", async (_name, file) => {
    await renderUpload(() => undefined);
    await userEvent.upload(fileInput(), file, { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload valid report.');
    expect(screen.queryByRole('button', { name: 'Submit Conversion Report' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'rows it cannot read, with a good header',
      csvFile([
        GOOD_HEADER,
        csvLine({ to: '2026-03-04' }),
        csvLine({ clicks: 'ten' }),
        csvLine({ from: '2026-02-30' }),
      ]),
      'No row could be read: 1 with FROM_DATE and TO_DATE on different days, 2 unreadable (a date that does not exist, letters in a number, a CAMPAIGN_ID without digits or a PLACEMENT_ID too long).',
    ],
    ['a header alone', csvFile([GOOD_HEADER]), 'The file has a header and no data rows.'],
  ])('says why for %s', async (_name, file, why) => {
    await renderUpload(() => undefined);
    await userEvent.upload(fileInput(), file);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload valid report.');
    expect(await screen.findByText(why)).toBeVisible();
  });

  it('a failed upload shows its error and stops the spinner', async () => {
    const answer = deferred<MockResponse>();
    await renderUpload(() => answer.promise);
    await userEvent.upload(fileInput(), csvFile([GOOD_HEADER, csvLine()]));
    const submit = await screen.findByRole('button', { name: 'Submit Conversion Report' });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(screen.getByText('Uploading')).toBeInTheDocument();
    answer.resolve({ status: 400, body: errorBody('reports.0.CLICKS: Expected number') });
    expect(await screen.findByRole('alert')).toHaveTextContent('reports.0.CLICKS: Expected number');
    expect(submit).toBeEnabled();
    expect(screen.queryByText('Uploading')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a large file as chunks of one upload with a progress bar', async () => {
    const rowCount = UPLOAD_CHUNK_ROWS * 2 + 5;
    const lines = [GOOD_HEADER, ...Array.from({ length: rowCount }, () => csvLine())];
    const { api } = await renderUpload((request) => ({
      status: 200,
      body: {
        success: true,
        rowsWritten: (request.body as { reports: unknown[] }).reports.length,
        statusMessages: [],
        chunksReceived: 1,
      },
    }));
    await userEvent.upload(fileInput(), csvFile(lines));
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Conversion Report' }));
    expect(
      await screen.findByText(`${UPLOAD_SUCCESS_MESSAGE} ${rowCount.toLocaleString('en-US')} rows saved.`),
    ).toBeInTheDocument();
    const calls = uploads(api.requests).map((request) => request.body as Record<string, unknown>);
    expect(
      calls.map((body) => [body['chunkIndex'], body['chunkCount'], (body['reports'] as unknown[]).length]),
    ).toEqual([
      [0, 3, UPLOAD_CHUNK_ROWS],
      [1, 3, UPLOAD_CHUNK_ROWS],
      [2, 3, 5],
    ]);
    expect(new Set(calls.map((body) => body['uploadId'])).size).toBe(1);
  });
});

/** A worker that parses, then dies silently: it never answers a read of rows (no 'error' event either). */
function silentAfterParsePort(): ParserPort {
  return { ...createInProcessParserPort(), rows: () => new Promise(() => undefined) };
}

/** A worker that crashes on the first file (its 'error' event), and parses once started again. */
function crashingOncePorts(): () => ParserPort {
  let started = 0;
  return () => {
    started += 1;
    if (started > 1) return createInProcessParserPort();
    let crash: ((message: string) => void) | null = null;
    return {
      parse: () => {
        queueMicrotask(() => crash?.('Uncaught RangeError: out of memory'));
        return new Promise(() => undefined);
      },
      rows: () => new Promise(() => undefined),
      onCrash: (listener) => {
        crash = listener;
      },
      terminate: () => {
        crash = null;
      },
    };
  };
}

describe('Upload Conversion Reports with a dead parser worker', () => {
  it('a worker that crashes shows its error with Retry, and Retry reads the file again', async () => {
    await renderUpload(() => undefined, crashingOncePorts());
    await userEvent.upload(fileInput(), csvFile([GOOD_HEADER, csvLine()]));
    expect(await screen.findByRole('alert')).toHaveTextContent('out of memory');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Conversion report preview' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a worker that stops answering during the upload ends "Uploading" with an error and Retry', async () => {
    const { api } = await renderUpload(() => undefined, silentAfterParsePort);
    await userEvent.upload(fileInput(), csvFile([GOOD_HEADER, csvLine()]));
    const submit = await screen.findByRole('button', { name: 'Submit Conversion Report' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(submit);
    expect(screen.getByText('Uploading')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PARSER_SILENCE_MS - 1_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByRole('alert')).toHaveTextContent(PARSER_STOPPED_MESSAGE);
    expect(screen.queryByText('Uploading')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(uploads(api.requests)).toHaveLength(0);
  });
});

describe('/uploadReports route', () => {
  it('is the admin screen for the admin and refused to a vendor', async () => {
    const vendor = buildUser({ vendorId: 5001 });
    answerApi(apiFor(vendor, () => undefined));
    const app = renderApp(paths.uploadReports, { user: vendor });
    await waitFor(() => expect(app.currentPath()).toBe(paths.dashboard));
  });
});
