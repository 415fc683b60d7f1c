import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, errorBody, answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { adminUser, buildReportRun, buildVendorRow } from '../testing/admin-fixtures';

// The screens load lazily; load their chunk once up front so a slow machine does not time out the first test.
beforeAll(async () => {
  await import('../pages');
});

/** Every admin route of issue 10 (plus the earlier admin pages). */
const ADMIN_PATHS = [
  paths.vendorsList,
  paths.reportsList,
  paths.apiAccessReports,
  paths.addCustomDomain,
  paths.uniqueTitleFilters,
  paths.shortURLDomains,
  paths.uploadReports,
  paths.saveDailyReports,
  paths.saveDailyReports5,
];

describe('admin routes', () => {
  it.each(ADMIN_PATHS)('%s sends a vendor to their landing page', async (path) => {
    const vendor = buildUser({ vendorId: 5001 });
    const api = answerApi(apiFor(vendor, () => undefined));
    const app = renderApp(path, { user: vendor });
    await waitFor(() => expect(app.currentPath()).toBe(paths.dashboard));
    // The admin screen never mounted, so none of its admin calls went out.
    expect(
      api.requests.filter(
        (request) => !request.url.pathname.startsWith('/auth/') && !request.url.pathname.startsWith('/home/get'),
      ),
    ).toEqual([]);
  });

  it.each(ADMIN_PATHS)('%s sends a signed-out visitor to /signin', async (path) => {
    answerApi(() => ({ status: 401, body: errorBody('Unauthenticated.') }));
    const app = renderApp(path);
    await waitFor(() => expect(app.currentPath()).toBe(paths.signin));
  });

  it('shows the admin every admin entry of the menu', async () => {
    answerApi(apiFor(adminUser, () => undefined));
    renderApp(paths.reportsList, { user: adminUser });
    const menu = await screen.findByRole('navigation', { name: 'Side menu' });
    // The admin's menu is long: sections away from the current screen start folded.
    for (const folded of within(menu).getAllByRole('button', { expanded: false })) await userEvent.click(folded);
    // An entry's label is its first text; a numbered entry's subtitle follows it.
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.firstChild?.textContent);
    expect(labels).toEqual(
      expect.arrayContaining([
        'Upload Reports',
        'Categories',
        'Vendors List',
        'Reports List',
        'Save Daily Reports',
        'Save Daily Reports 5',
        'Add Custom Domain',
        'Unique Title Filters',
        'Short URL Domains',
        'Coupons',
        'Cashback',
        'All Logs',
        'API Access Reports',
      ]),
    );
  });
});

describe('All Vendors List', () => {
  it('asks for the newest first, shows the columns and pages through the server', async () => {
    const newestFirst = Array.from({ length: 25 }, (_, index) =>
      buildVendorRow({
        _id: `65f0a1b2c3d4e5f6a7b8c${String(index).padStart(3, '0')}`,
        fullName: `Vendor ${25 - index}`,
        vendorId: 6025 - index,
        createdAt: new Date(Date.UTC(2026, 0, 25 - index, 9, 30)).toISOString(),
      }),
    );
    const api = answerApi(
      apiFor(adminUser, (request) => {
        if (request.url.pathname !== '/home/getAllVendors') return undefined;
        const pageNo = Number(request.url.searchParams.get('pageNo'));
        const pageSize = Number(request.url.searchParams.get('pageSize'));
        const data = newestFirst.slice((pageNo - 1) * pageSize, pageNo * pageSize);
        return { status: 200, body: { data, totalRecords: newestFirst.length } };
      }),
    );
    renderApp(paths.vendorsList, { user: adminUser });
    const table = await screen.findByRole('table', { name: 'All vendors' });
    await within(table).findByText('Vendor 25');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Full Name', 'Created Date', 'Email', 'Vendor ID', 'API Key']);
    const firstRow = within(table).getAllByRole('row')[1];
    if (!firstRow) throw new Error('no first row');
    // Part 2 §2's DD/MM/YYYY h:mm A, in UTC.
    expect(within(firstRow).getByText('25/01/2026 9:30 AM UTC')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    const query = api.requests.find((request) => request.url.pathname === '/home/getAllVendors')?.url.searchParams;
    expect(query?.get('order')).toBe('newest');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('Vendor 1')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });

  it("shows apiKeys masked and reveals one vendor's whole key through the logged reveal call", async () => {
    const rows = [
      buildVendorRow({ _id: '65f0a1b2c3d4e5f6a7b8c901', fullName: 'Maya', vendorId: 6001, apiKey: '••••6001' }),
      buildVendorRow({ _id: '65f0a1b2c3d4e5f6a7b8c902', fullName: 'Omar', vendorId: 6002, apiKey: '••••6002' }),
    ];
    const api = answerApi(
      apiFor(adminUser, (request) => {
        if (request.url.pathname === '/home/getAllVendors')
          return { status: 200, body: { data: rows, totalRecords: 2 } };
        if (request.url.pathname === '/home/vendors/6002/revealApiKey') {
          return { status: 200, body: { data: { vendorId: 6002, apiKey: 'whole-key-of-6002' } } };
        }
        if (request.url.pathname === '/home/vendors/6001/revealApiKey') {
          return { status: 404, body: errorBody('Vendor not found.') };
        }
        return undefined;
      }),
    );
    renderApp(paths.vendorsList, { user: adminUser });
    const table = await screen.findByRole('table', { name: 'All vendors' });
    await within(table).findByText('••••6002');
    expect(within(table).queryByText('whole-key-of-6002')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.url.pathname.endsWith('/revealApiKey'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Reveal the apiKey of vendor 6002' }));
    expect(await within(table).findByText('whole-key-of-6002')).toBeInTheDocument();
    expect(within(table).queryByText('••••6002')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reveal the apiKey of vendor 6002' })).not.toBeInTheDocument();
    const reveal = api.requests.find((request) => request.url.pathname === '/home/vendors/6002/revealApiKey');
    expect(reveal?.method).toBe('POST');
    // Only the row asked for is revealed.
    expect(within(table).getByText('••••6001')).toBeInTheDocument();

    // A refused reveal says why and keeps the key masked.
    await userEvent.click(screen.getByRole('button', { name: 'Reveal the apiKey of vendor 6001' }));
    expect(await within(table).findByRole('alert')).toHaveTextContent('Vendor not found.');
    expect(within(table).getByText('••••6001')).toBeInTheDocument();
  });

  it('shows the API refusal, and no "Showing 0–0 of 0" count beside it', async () => {
    answerApi(apiFor(adminUser, () => ({ status: 403, body: errorBody('Admins only.') })));
    renderApp(paths.vendorsList, { user: adminUser });
    expect(await screen.findByRole('alert')).toHaveTextContent('Admins only.');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).not.toHaveTextContent(/Showing/);
  });
});

describe('All Reports List', () => {
  it('shows Date and Count', async () => {
    answerApi(
      apiFor(adminUser, (request) =>
        request.url.pathname === '/home/getAllClicksReports'
          ? {
              status: 200,
              body: {
                data: [
                  { date: '2026-03-02', count: 1234 },
                  { date: '2026-03-01', count: 7 },
                ],
                totalRecords: 2,
              },
            }
          : undefined,
      ),
    );
    renderApp(paths.reportsList, { user: adminUser });
    const table = await screen.findByRole('table', { name: 'Saved reports per date' });
    expect(await within(table).findByText('2 Mar 2026')).toBeInTheDocument();
    expect(within(table).getByText('1,234')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Count']);
  });
});

describe('All Vendors API Access Reports List', () => {
  it('shows the logs per vendor and the report runs', async () => {
    answerApi(
      apiFor(adminUser, (request) => {
        if (request.url.pathname === '/home/logs/apiLogs') {
          return {
            status: 200,
            body: {
              data: [
                {
                  data: {
                    fullName: 'Maya Patel',
                    created_date: '2026-01-05T10:00:00.000Z',
                    email: 'maya@publisher.test',
                    vendorId: 6001,
                  },
                  count: 321,
                },
              ],
            },
          };
        }
        if (request.url.pathname === '/home/logs/reportRuns') {
          return {
            status: 200,
            body: {
              data: [
                buildReportRun(),
                buildReportRun({
                  _id: 'run-2',
                  status: 'failed',
                  end_time: null,
                  error: 'Set aside: the day cannot be written. Send a corrected file: it replaces the same days.',
                }),
              ],
            },
          };
        }
        return undefined;
      }),
    );
    renderApp(paths.apiAccessReports, { user: adminUser });
    const logs = await screen.findByRole('table', { name: 'API access logs per vendor' });
    expect(await within(logs).findByText('Maya Patel')).toBeInTheDocument();
    expect(within(logs).getByText('321')).toBeInTheDocument();
    expect(
      within(logs)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Full Name', 'Created Date', 'Email', 'Vendor ID', 'Count']);
    const runs = screen.getByRole('table', { name: 'Report runs' });
    expect(await within(runs).findByText('failed')).toBeInTheDocument();
    // A failed run says why (an upload set aside: its reason and what to do).
    expect(within(runs).getByText(/^Set aside: the day cannot be written\./)).toBeInTheDocument();
    expect(
      within(runs)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent)
        .slice(0, 3),
    ).toEqual(['Start Time', 'End Time', 'Status']);
  });
});

const apiLogEntry = (vendorId: number, fullName: string, count: number) => ({
  data: { fullName, created_date: '2026-01-05T10:00:00.000Z', email: `${vendorId}@publisher.test`, vendorId },
  count,
});
const searchLogEntry = (vendorId: number, fullName: string, text: string) => ({
  vendorId,
  fullName,
  list: 'products' as const,
  text,
  count: 4,
  lastSearchedAt: '2026-03-01T10:00:00.000Z',
});

describe('All Logs', () => {
  it('loads /home/logs/apiLogs and /home/logs/esLogs and shows both lists', async () => {
    const api = answerApi(
      apiFor(adminUser, (request) => {
        if (request.url.pathname === '/home/logs/apiLogs') {
          return {
            status: 200,
            body: { data: [apiLogEntry(5001, 'Maya Patel', 1250), apiLogEntry(5002, 'Li Wei', 3)] },
          };
        }
        if (request.url.pathname === '/home/logs/esLogs') {
          return {
            status: 200,
            body: { data: [searchLogEntry(5001, 'Maya Patel', 'running shoes')], totalRecords: 1 },
          };
        }
        return undefined;
      }),
    );
    renderApp(paths.allLogs, { user: adminUser });
    const apiLogs = await screen.findByRole('table', { name: 'API logs' });
    expect(await within(apiLogs).findByText('Maya Patel')).toBeInTheDocument();
    expect(within(apiLogs).getByText('1,250')).toBeInTheDocument();
    expect(within(apiLogs).getByText('Li Wei')).toBeInTheDocument();
    const searchLogs = screen.getByRole('table', { name: 'Search logs' });
    expect(await within(searchLogs).findByText('running shoes')).toBeInTheDocument();
    expect(within(searchLogs).getByText('Products')).toBeInTheDocument();
    const logCalls = api.requests.filter((request) => request.url.pathname.startsWith('/home/logs/'));
    expect(new Set(logCalls.map((request) => request.url.pathname))).toEqual(
      new Set(['/home/logs/apiLogs', '/home/logs/esLogs']),
    );
    expect(
      logCalls.find((request) => request.url.pathname === '/home/logs/apiLogs')?.url.searchParams.get('calls'),
    ).toBe('all');
  });

  it('opens for any signed-in vendor, who sees the lists the API gives them (their own)', async () => {
    const vendor = buildUser({ vendorId: 5001, fullName: 'Maya Patel' });
    answerApi(
      apiFor(vendor, (request) => {
        if (request.url.pathname === '/home/logs/apiLogs') {
          return { status: 200, body: { data: [apiLogEntry(5001, 'Maya Patel', 7)] } };
        }
        if (request.url.pathname === '/home/logs/esLogs') return { status: 200, body: { data: [], totalRecords: 0 } };
        return undefined;
      }),
    );
    const app = renderApp(paths.allLogs, { user: vendor });
    const apiLogs = await screen.findByRole('table', { name: 'API logs' });
    expect(await within(apiLogs).findByText('7')).toBeInTheDocument();
    expect(await screen.findByText('No searches recorded yet.')).toBeInTheDocument();
    expect(app.currentPath()).toBe(paths.allLogs);
  });

  it('sends a signed-out visitor to /signin', async () => {
    answerApi(() => ({ status: 401, body: errorBody('Unauthenticated.') }));
    const app = renderApp(paths.allLogs);
    await waitFor(() => expect(app.currentPath()).toBe(paths.signin));
  });
});
