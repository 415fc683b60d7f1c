import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { errorBody, answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { captureDownloads } from '../testing/report-fixtures';
import { DOWNLOAD_PAGE_MESSAGES } from './download-conversion-reports-page';

const DOWNLOAD_PATH = '/reports/downloadConversionReportsAll';

describe('DownloadConversionReportsPage', () => {
  it('downloads on load, says so, then says it completed and closes the window 2 s later', async () => {
    const saved = captureDownloads();
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = answerApi(async () => {
      await held;
      return { status: 200, body: 'REPORT_DATE,CAMPAIGN_ID\n' };
    });
    renderApp(`${paths.downloadConversionReports}?vendorId=5001&apiKey=key-5001&startDate=null&endDate=2026-03-10`);

    expect(await screen.findByText(DOWNLOAD_PAGE_MESSAGES.downloading)).toBeInTheDocument();
    expect(DOWNLOAD_PAGE_MESSAGES.downloading).toBe(
      'Downloading your Discount Hero and Connexity reports for the last 30 days. Please wait until the download is complete.',
    );
    expect(screen.queryByRole('navigation', { name: 'Side menu' })).not.toBeInTheDocument();
    // The window's 2 s are counted on a fake clock. It also moves with real time, which Testing Library's own
    // waits need; the half-way check leaves a second for that.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    release();

    expect(await screen.findByText('Download completed successfully.')).toBeInTheDocument();
    // No start date in the link: the spec's name as it is (the range is named only when both dates are known).
    expect(saved.map((file) => file.fileName)).toEqual(['conversion_reports.csv']);
    // The page's own status says it; no toast repeats it.
    expect(screen.queryByText(/^Downloaded /)).not.toBeInTheDocument();
    const calls = api.requests.filter((request) => request.url.pathname === DOWNLOAD_PATH);
    expect(calls).toHaveLength(1);
    // The literal 'null' date is left out (part 2 §7).
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({
      campaign_id: '5001',
      apiKey: 'key-5001',
      endDate: '2026-03-10',
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(close).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("shows the API's message for a bad apiKey and keeps the window open", async () => {
    const saved = captureDownloads();
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    answerApi(() => ({ status: 401, body: errorBody('Invalid apiKey for this vendor.') }));
    renderApp(`${paths.downloadConversionReports}?vendorId=5001&apiKey=wrong`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid apiKey for this vendor.');
    expect(screen.queryByText(DOWNLOAD_PAGE_MESSAGES.downloading)).not.toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(close).not.toHaveBeenCalled();
  });

  it('says what is missing from an incomplete link and makes no call', async () => {
    const api = answerApi(() => ({ status: 200, body: '' }));
    renderApp(`${paths.downloadConversionReports}?vendorId=5001`);
    expect(await screen.findByRole('alert')).toHaveTextContent(DOWNLOAD_PAGE_MESSAGES.missingParameters);
    expect(api.requests).toEqual([]);
  });
});
