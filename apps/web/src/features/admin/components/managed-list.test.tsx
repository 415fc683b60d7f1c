import { SETTINGS_MESSAGES } from '@publisher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { apiFor, errorBody, answerApi, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { adminUser, buildVendorRow } from '../testing/admin-fixtures';

// The screens load lazily; load their chunk once up front so a slow machine does not time out the first test.
beforeAll(async () => {
  await import('../pages');
});

interface ScreenConfig {
  name: string;
  path: string;
  heading: string;
  listTitle: string;
  addLabel: string;
  listPath: string;
  addPath: string;
  deletePath: string;
  /** Typed into the form, by label. */
  inputs: Record<string, string>;
  /** What the add call must send. */
  sent: Record<string, unknown>;
  /** The row the list answers after the add. */
  row: Record<string, unknown>;
  rowText: string;
  added: string;
  deleted: string;
  duplicate: string;
}

const createdAt = '2026-03-01T10:00:00.000Z';

/** The admin's vendor list, which the Vendor Id picker offers (out of name order, as the API answers newest first). */
const VENDORS = [
  buildVendorRow({
    _id: '65f0a1b2c3d4e5f6a7b8c902',
    fullName: 'Omar Reyes',
    email: 'omar@example.test',
    vendorId: 5036,
  }),
  buildVendorRow({
    _id: '65f0a1b2c3d4e5f6a7b8c901',
    fullName: 'Maya Patel',
    email: 'maya@example.test',
    vendorId: 5001,
  }),
  buildVendorRow({ _id: '65f0a1b2c3d4e5f6a7b8c903', fullName: 'Ada Admin', email: 'ada@example.test', vendorId: 5029 }),
];
const vendorsAnswer = { status: 200, body: { data: VENDORS, totalRecords: VENDORS.length } };

/** GET /home/getAllVendors as the API answers it: `search` finds a part of the name or email, or the vendorId. */
function vendorsFound(request: RecordedRequest) {
  const search = request.url.searchParams.get('search')?.trim().toLowerCase() ?? '';
  const data = VENDORS.filter(
    (vendor) =>
      search === '' ||
      vendor.fullName.toLowerCase().includes(search) ||
      vendor.email.toLowerCase().includes(search) ||
      String(vendor.vendorId) === search,
  );
  return { status: 200, body: { data, totalRecords: data.length } };
}
const rowId = '65f0a1b2c3d4e5f6a7b8c9aa';

const CONFIGS: ScreenConfig[] = [
  {
    name: 'Custom Domains',
    path: paths.addCustomDomain,
    heading: 'Custom Domains',
    listTitle: 'Existing Custom Domains',
    addLabel: 'Add New Custom Domain',
    listPath: '/dashboard/allCustomDomains',
    addPath: '/dashboard/addDomainName',
    deletePath: '/dashboard/deleteDomain',
    inputs: { 'Domain Name': 'HTTPS://Acme.Example.com/', 'Vendor Id': '5001' },
    sent: { name: 'acme.example.com', vendorId: 5001 },
    row: { _id: rowId, name: 'acme.example.com', vendorId: 5001, campaign_id: 5001, createdAt },
    rowText: '5001 - acme.example.com',
    added: SETTINGS_MESSAGES.domainAdded,
    deleted: SETTINGS_MESSAGES.domainDeleted,
    duplicate: SETTINGS_MESSAGES.domainTaken,
  },
  {
    name: 'Unique Title Filters',
    path: paths.uniqueTitleFilters,
    heading: 'Unique Title Filters',
    listTitle: 'Existing Sizes Titles list',
    addLabel: 'Add New Title Filter',
    listPath: '/dashboard/allTitleFilters',
    addPath: '/dashboard/addTitleFilters',
    deletePath: '/dashboard/deleteTitleFilters',
    inputs: { 'Filter Text': '  Size   Chart ' },
    sent: { filter: 'Size Chart' },
    row: { _id: rowId, filter: 'Size Chart', name: 'size chart', campaign_id: null, createdAt },
    rowText: 'Size Chart(every vendor)',
    added: SETTINGS_MESSAGES.filterAdded,
    deleted: SETTINGS_MESSAGES.filterDeleted,
    duplicate: SETTINGS_MESSAGES.filterTaken,
  },
  {
    name: 'Short URL Domains',
    path: paths.shortURLDomains,
    heading: 'Short URL Domains',
    listTitle: 'Existing Short URL Domains',
    addLabel: 'Add New Short URL Domain',
    listPath: '/dashboard/allShortURLDomains',
    addPath: '/dashboard/addShortURLDomainName',
    deletePath: '/dashboard/deleteShortURLDomain',
    inputs: { 'Domain Name': 'go.acme.test', 'Vendor Id': '5001' },
    sent: { name: 'go.acme.test', vendorId: 5001 },
    row: { _id: rowId, name: 'go.acme.test', vendorId: 5001, campaign_id: 5001, createdAt },
    rowText: '5001 - go.acme.test',
    added: SETTINGS_MESSAGES.shortUrlDomainAdded,
    deleted: SETTINGS_MESSAGES.shortUrlDomainDeleted,
    duplicate: SETTINGS_MESSAGES.shortUrlDomainTaken,
  },
];

/** A tiny in-memory server for one screen: the list, add (409 on a repeat) and delete. */
function serve(config: ScreenConfig) {
  let rows: Record<string, unknown>[] = [];
  return answerApi(
    apiFor(adminUser, (request: RecordedRequest) => {
      const path = request.url.pathname;
      if (path === '/home/getAllVendors') return vendorsFound(request);
      if (path === config.listPath) return { status: 200, body: { data: rows } };
      if (path === config.addPath) {
        if (rows.length > 0) return { status: 409, body: errorBody(config.duplicate) };
        rows = [config.row];
        return { status: 200, body: { data: config.row, statusMessages: [config.added] } };
      }
      if (path === config.deletePath) {
        rows = [];
        return { status: 200, body: { statusMessages: [config.deleted] } };
      }
      return undefined;
    }),
  );
}

/** A form field by its label: the Vendor Id picker's label also names its list and button, so by role first. */
const fieldOf = (label: string) => screen.queryByRole('combobox', { name: label }) ?? screen.getByLabelText(label);

/** Types each value; a picker (the Vendor Id) is then answered by choosing the option its value names. */
async function fillForm(config: ScreenConfig) {
  for (const [label, value] of Object.entries(config.inputs)) {
    const field = fieldOf(label);
    await userEvent.type(field, value);
    if (field.getAttribute('role') === 'combobox') {
      await userEvent.click(await screen.findByRole('option', { name: new RegExp(`\\(${value}\\)$`) }));
    }
  }
}

describe.each(CONFIGS)('$name (the shared add/list/delete screen)', (config) => {
  it('keeps the form hidden until Add is pressed', async () => {
    serve(config);
    renderApp(config.path, { user: adminUser });
    expect(await screen.findByRole('heading', { name: config.heading, level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: config.listTitle })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: config.addLabel }));
    expect(screen.getByRole('form', { name: config.addLabel })).toBeInTheDocument();
  });

  it("says 'Please enter valid name' on an empty form, clears it on typing, and sends nothing", async () => {
    const api = serve(config);
    renderApp(config.path, { user: adminUser });
    await userEvent.click(await screen.findByRole('button', { name: config.addLabel }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter valid name');
    const [firstLabel] = Object.keys(config.inputs);
    await userEvent.type(screen.getByLabelText(firstLabel ?? ''), 'a');
    expect(screen.queryByText('Please enter valid name')).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.url.pathname === config.addPath)).toBe(false);
  });

  it('adds: the form closes and clears, the list reloads and a notice appears; a delete reloads with a notice', async () => {
    const api = serve(config);
    renderApp(config.path, { user: adminUser });
    expect(await screen.findByText('Nothing added yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: config.addLabel }));
    await fillForm(config);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(config.added)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: config.listTitle });
    expect(within(list).getByRole('listitem')).toHaveTextContent(config.rowText);
    const add = api.requests.find((request) => request.url.pathname === config.addPath);
    expect(add?.body).toMatchObject(config.sent);
    expect(add?.body).toHaveProperty('apiKey', adminUser.apiKey);

    // Reopened, the form is empty again.
    await userEvent.click(screen.getByRole('button', { name: config.addLabel }));
    for (const label of Object.keys(config.inputs)) expect(fieldOf(label)).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    // A delete asks first: Cancel has the focus, and Escape keeps the entry without a call.
    await userEvent.click(screen.getByRole('button', { name: /^Delete / }));
    const dialog = screen.getByRole('dialog', { name: /^Delete .+\?$/ });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.url.pathname === config.deletePath)).toBe(false);
    expect(within(list).getByRole('listitem')).toHaveTextContent(config.rowText);

    await userEvent.click(screen.getByRole('button', { name: /^Delete / }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(config.deleted)).toBeInTheDocument();
    expect(await screen.findByText('Nothing added yet.')).toBeInTheDocument();
    expect(api.requests.find((request) => request.url.pathname === config.deletePath)?.body).toMatchObject({
      _id: rowId,
    });
  });

  it('says a failed load with the Retry that reads the list again, never "Nothing added yet"', async () => {
    let isDown = true;
    answerApi(
      apiFor(adminUser, (request) => {
        if (request.url.pathname !== config.listPath) return undefined;
        return isDown
          ? { status: 500, body: errorBody('Something went wrong') }
          : { status: 200, body: { data: [config.row] } };
      }),
    );
    renderApp(config.path, { user: adminUser });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${config.listTitle} could not be loaded.`);
    expect(alert).toHaveTextContent('Something went wrong');
    expect(screen.queryByText('Nothing added yet.')).not.toBeInTheDocument();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const list = await screen.findByRole('list', { name: config.listTitle });
    expect(within(list).getByRole('listitem')).toHaveTextContent(config.rowText);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads the list again when a delete is refused (the entry was already gone), so stale rows go', async () => {
    // The list as the screen first read it holds a row that a reset has since removed.
    let rows: Record<string, unknown>[] = [config.row];
    answerApi(
      apiFor(adminUser, (request) => {
        if (request.url.pathname === config.listPath) return { status: 200, body: { data: rows } };
        if (request.url.pathname === config.deletePath) return { status: 404, body: errorBody('Not found.') };
        return undefined;
      }),
    );
    renderApp(config.path, { user: adminUser });
    const list = await screen.findByRole('list', { name: config.listTitle });
    expect(within(list).getByRole('listitem')).toHaveTextContent(config.rowText);
    rows = [];
    await userEvent.click(screen.getByRole('button', { name: /^Delete / }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
    expect(await screen.findByText('Nothing added yet.')).toBeInTheDocument();
  });

  it("shows the server's message for a duplicate and keeps the form open", async () => {
    serve(config);
    renderApp(config.path, { user: adminUser });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await userEvent.click(await screen.findByRole('button', { name: config.addLabel }));
      await fillForm(config);
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      if (attempt === 0) await screen.findByText(config.added);
    }
    expect(await screen.findByRole('alert')).toHaveTextContent(config.duplicate);
    expect(screen.getByRole('form', { name: config.addLabel })).toBeInTheDocument();
  });
});

describe('host-name forms check what the API checks', () => {
  it('refuses a domain that is not a host name before calling the API', async () => {
    const api = serve(CONFIGS[0] as ScreenConfig);
    renderApp(paths.addCustomDomain, { user: adminUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Custom Domain' }));
    await userEvent.type(screen.getByLabelText('Domain Name'), 'not a host');
    await userEvent.type(screen.getByRole('combobox', { name: 'Vendor Id' }), 'maya');
    await userEvent.click(await screen.findByRole('option', { name: 'Maya Patel (5001)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.invalidHostName)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests.some((request) => request.url.pathname === '/dashboard/addDomainName')).toBe(false),
    );
  });
});

describe('the Vendor Id picker of Custom Domains', () => {
  const config = CONFIGS[0] as ScreenConfig;

  async function openForm() {
    const api = serve(config);
    renderApp(paths.addCustomDomain, { user: adminUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Custom Domain' }));
    return api;
  }

  const sentBodies = (api: ReturnType<typeof serve>) =>
    api.requests.filter((request) => request.url.pathname === config.addPath).map((request) => request.body);

  it('lists the vendors by name with their id, narrows them as the admin types, and sends the chosen vendorId', async () => {
    const api = await openForm();
    const picker = screen.getByRole('combobox', { name: 'Vendor Id' });
    await userEvent.click(picker);
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Ada Admin (5029)',
        'Maya Patel (5001)',
        'Omar Reyes (5036)',
      ]),
    );
    await userEvent.type(picker, 'rey');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Omar Reyes (5036)']);
    await userEvent.clear(picker);
    await userEvent.type(picker, '5001');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Maya Patel (5001)']);
    await userEvent.click(screen.getByRole('option', { name: 'Maya Patel (5001)' }));
    expect(picker).toHaveValue('Maya Patel (5001)');

    await userEvent.type(screen.getByLabelText('Domain Name'), 'acme.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(config.added)).toBeInTheDocument();
    expect(sentBodies(api)).toEqual([expect.objectContaining({ name: 'acme.example.com', vendorId: 5001 })]);
    expect(
      api.requests.find((request) => request.url.pathname === '/home/getAllVendors')?.url.searchParams.get('pageSize'),
    ).toBe('500');
  });

  it('searches every account on the server as the admin types (an email too), and keeps the choice shown', async () => {
    const api = await openForm();
    const picker = screen.getByRole('combobox', { name: 'Vendor Id' });
    await userEvent.type(picker, 'omar@example');
    // The label does not hold the email: the server's match is shown as it is.
    expect(await screen.findByRole('option', { name: 'Omar Reyes (5036)' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(1);
    const searched = api.requests
      .filter((request) => request.url.pathname === '/home/getAllVendors')
      .map((request) => request.url.searchParams.get('search'));
    // One call for the typed text once the typing paused, not one per key.
    expect(searched).toEqual([null, 'omar@example']);
    await userEvent.click(screen.getByRole('option', { name: 'Omar Reyes (5036)' }));
    expect(picker).toHaveValue('Omar Reyes (5036)');
    await userEvent.type(screen.getByLabelText('Domain Name'), 'acme.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(config.added)).toBeInTheDocument();
    expect(sentBodies(api)).toEqual([expect.objectContaining({ vendorId: 5036 })]);
  });

  it('works from the keyboard: type, arrow to a vendor, Enter to choose, Escape keeps the choice', async () => {
    const api = await openForm();
    await userEvent.type(screen.getByLabelText('Domain Name'), 'acme.example.com');
    await userEvent.tab();
    const picker = screen.getByRole('combobox', { name: 'Vendor Id' });
    expect(picker).toHaveFocus();
    await userEvent.keyboard('a');
    await waitFor(() => expect(picker).toHaveAttribute('aria-expanded', 'true'));
    // "a" is in every name: the first is active, ArrowDown moves to the second.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(picker).toHaveValue('Maya Patel (5001)');
    await userEvent.keyboard('{Escape}');
    expect(picker).toHaveValue('Maya Patel (5001)');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(config.added)).toBeInTheDocument();
    expect(sentBodies(api)).toEqual([expect.objectContaining({ vendorId: 5001 })]);
  });

  it("marks an unchosen vendor invalid with 'Please enter valid name', which a choice clears; typed text is no choice", async () => {
    const api = await openForm();
    await userEvent.type(screen.getByLabelText('Domain Name'), 'acme.example.com');
    const picker = screen.getByRole('combobox', { name: 'Vendor Id' });
    // Text that matches no vendor chooses nothing.
    await userEvent.type(picker, '99999');
    expect(await screen.findByText('No vendor matches')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.nameRequired);
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Domain Name')).toHaveAttribute('aria-invalid', 'false');

    await userEvent.clear(picker);
    await userEvent.type(picker, 'omar');
    // Typing clears the message (part 2 §5), as it does in a text field; the choice is still to be made.
    expect(screen.queryByText(SETTINGS_MESSAGES.nameRequired)).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'Omar Reyes (5036)' }));
    expect(screen.queryByText(SETTINGS_MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-invalid', 'false');
    expect(sentBodies(api)).toEqual([]);
  });

  it('says a failed vendor list under the field, with a Retry that reads it again', async () => {
    let isDown = true;
    answerApi(
      apiFor(adminUser, (request) => {
        if (request.url.pathname === '/home/getAllVendors')
          return isDown ? { status: 500, body: errorBody('Something went wrong') } : vendorsAnswer;
        if (request.url.pathname === config.listPath) return { status: 200, body: { data: [] } };
        return undefined;
      }),
    );
    renderApp(paths.addCustomDomain, { user: adminUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Custom Domain' }));
    const form = screen.getByRole('form', { name: 'Add New Custom Domain' });
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('The Vendor Id list could not be loaded.');
    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(form).queryByRole('alert')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('combobox', { name: 'Vendor Id' }));
    expect(await screen.findByRole('option', { name: 'Maya Patel (5001)' })).toBeInTheDocument();
  });
});
