import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contract, type ControlState, type JournalEntry, type StubDefinition } from '@publisher/contract';
import { resolveStub } from '@publisher/contract/mock';
import type { ControlApi } from '../api/control-api';
import { createRequestLog } from '../request-log';
import { DevPanel } from './dev-panel';

const initial: ControlState = {
  profile: 'demo',
  fixedNow: null,
  latency: null,
  errorRate: 0,
  errorStatus: 500,
  resetting: false,
  lastResetAt: null,
  lastReset: null,
};

/** An in-memory control API that keeps its state like the real one. */
function fakeApi(): ControlApi & { current: ControlState } {
  const api = {
    current: { ...initial },
    state: vi.fn(async () => api.current),
    reset: vi.fn(
      async () => (api.current = { ...initial, profile: api.current.profile, lastResetAt: '2026-01-01T00:00:00.000Z' }),
    ),
    setProfile: vi.fn(async (profile: ControlState['profile']) => (api.current = { ...initial, profile })),
    setClock: vi.fn(async (now: string | null) => (api.current = { ...api.current, fixedNow: now })),
    setLatency: vi.fn(async (latency: ControlState['latency']) => (api.current = { ...api.current, latency })),
    setErrors: vi.fn(async (body: { rate: number; status?: 500 | 503 } | null) =>
      body && body.rate > 1
        ? Promise.reject(new Error('rate: Number must be less than or equal to 1'))
        : (api.current = { ...api.current, errorRate: body?.rate ?? 0, errorStatus: body?.status ?? 500 }),
    ),
    clearLimits: vi.fn(async () => ({ addressCounters: 1, accountLockouts: 3 })),
    requests: vi.fn(async (): Promise<readonly JournalEntry[]> => []),
    // The contract's own check, as POST /__control/stubs runs it.
    createStub: vi.fn(async (definition: StubDefinition) => {
      const resolved = resolveStub(contract, definition);
      if (!resolved.ok) return { ok: false as const, messages: resolved.messages };
      return {
        ok: true as const,
        stub: {
          id: 'stub-1',
          route: resolved.stub.name,
          method: resolved.stub.route.method,
          path: resolved.stub.route.path,
          match: resolved.stub.match,
          answer: resolved.stub.answer,
          remaining: null,
          answered: 0,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      };
    }),
  };
  return api;
}

/** A journal entry as GET /__control/requests answers it. */
function entry(overrides: Partial<JournalEntry>): JournalEntry {
  return {
    method: 'GET',
    path: '/health',
    query: {},
    headers: {},
    body: null,
    bodyTruncated: false,
    status: 200,
    responseBody: null,
    responseBodyTruncated: false,
    stub: null,
    durationMs: 3,
    time: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('DevPanel', () => {
  it('opens and closes with Ctrl+Shift+D and shows the control state', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    render(<DevPanel api={api} log={createRequestLog()} defaultPrefer="" onDefaultPreferChange={() => undefined} />);
    expect(screen.queryByRole('complementary', { name: 'Scenario controls' })).toBeNull();
    await user.keyboard('{Control>}{Shift>}D{/Shift}{/Control}');
    const panel = await screen.findByRole('complementary', { name: 'Scenario controls' });
    expect(await within(panel).findByText('real clock')).toBeInTheDocument();
    expect(api.state).toHaveBeenCalledTimes(1);
    await user.keyboard('{Control>}{Shift>}D{/Shift}{/Control}');
    expect(screen.queryByRole('complementary', { name: 'Scenario controls' })).toBeNull();
  });

  it('clears the sign-in limits and says what it cleared', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    render(
      <DevPanel
        api={api}
        log={createRequestLog()}
        defaultPrefer=""
        onDefaultPreferChange={() => undefined}
        isInitiallyOpen
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Clear sign-in limits' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sign-in limits cleared: 1 address counts, 3 account lockouts.',
    );
    expect(api.clearLimits).toHaveBeenCalledTimes(1);
  });

  it('switches profile, clock, latency and errors, and shows a refused change', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    render(
      <DevPanel
        api={api}
        log={createRequestLog()}
        defaultPrefer=""
        onDefaultPreferChange={() => undefined}
        isInitiallyOpen
      />,
    );
    await screen.findByText('real clock');

    await user.selectOptions(screen.getByLabelText('Seed profile'), 'small');
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    expect(api.setProfile).toHaveBeenCalledWith('small');
    expect(await screen.findByText('small', { selector: 'dd' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Fixed now (UTC)'), '2030-05-06T07:08');
    await user.click(screen.getByRole('button', { name: 'Set' }));
    expect(api.setClock).toHaveBeenCalledWith('2030-05-06T07:08:00.000Z');
    expect(await screen.findByText('2030-05-06T07:08:00.000Z')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Min ms'));
    await user.type(screen.getByLabelText('Min ms'), '100');
    await user.clear(screen.getByLabelText('Max ms'));
    await user.type(screen.getByLabelText('Max ms'), '300');
    await user.click(screen.getByRole('button', { name: 'Set latency' }));
    expect(await screen.findByText('100-300 ms')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Error rate'));
    await user.type(screen.getByLabelText('Error rate'), '0.5');
    await user.selectOptions(screen.getByLabelText('Status'), '503');
    await user.click(screen.getByRole('button', { name: 'Set errors' }));
    expect(api.setErrors).toHaveBeenCalledWith({ rate: 0.5, status: 503 });
    expect(await screen.findByText('50% answer 503')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Error rate'));
    await user.type(screen.getByLabelText('Error rate'), '2');
    await user.click(screen.getByRole('button', { name: 'Set errors' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('rate: Number must be less than or equal to 1');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('2026-01-01T00:00:00.000Z')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the last calls, newest first, and sets the Prefer of every call', async () => {
    const user = userEvent.setup();
    const log = createRequestLog(2);
    const onDefaultPreferChange = vi.fn();
    render(
      <DevPanel
        api={fakeApi()}
        log={log}
        defaultPrefer=""
        onDefaultPreferChange={onDefaultPreferChange}
        isInitiallyOpen
      />,
    );
    expect(await screen.findByText('No calls yet.')).toBeInTheDocument();
    log.add({ method: 'GET', path: '/coupons/getcoupons', status: 200, ms: 12, prefer: null });
    log.add({ method: 'POST', path: '/auth/signin', status: 401, ms: 30, prefer: null });
    log.add({ method: 'GET', path: '/health', status: 503, ms: 5, prefer: 'code=503' });
    const rows = within(await screen.findByRole('table', { name: 'Last requests' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['GET/health5035 ms', 'POST/auth/signin40130 ms']);

    await user.type(screen.getByLabelText('Prefer on every call'), 'example=empty');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onDefaultPreferChange).toHaveBeenCalledWith('example=empty');
  });

  it('switches every call to an isolated mock session', async () => {
    const user = userEvent.setup();
    const onSessionChange = vi.fn();
    render(
      <DevPanel
        api={fakeApi()}
        log={createRequestLog()}
        defaultPrefer=""
        onDefaultPreferChange={() => undefined}
        session="worker-1"
        onSessionChange={onSessionChange}
        isInitiallyOpen
      />,
    );
    const field = await screen.findByLabelText('Session (X-Mock-Session, empty: the default one)');
    expect(field).toHaveValue('worker-1');
    await user.clear(field);
    await user.type(field, ' worker-2 ');
    await user.click(screen.getByRole('button', { name: 'Use session' }));
    expect(onSessionChange).toHaveBeenCalledWith('worker-2');
  });

  it('sends the control token of an API started with MOCK_CONTROL_TOKEN, and reads the state again with it', async () => {
    const user = userEvent.setup();
    const onControlTokenChange = vi.fn();
    const api = fakeApi();
    render(
      <DevPanel
        api={api}
        log={createRequestLog()}
        defaultPrefer=""
        onDefaultPreferChange={() => undefined}
        controlToken=""
        onControlTokenChange={onControlTokenChange}
        isInitiallyOpen
      />,
    );
    const field = await screen.findByLabelText(
      'Control token (X-Mock-Control-Token, when the API has MOCK_CONTROL_TOKEN)',
    );
    expect(field).toHaveAttribute('type', 'password');
    const readsBefore = vi.mocked(api.state).mock.calls.length;
    await user.type(field, ' the-control-token ');
    await user.click(screen.getByRole('button', { name: 'Use token' }));
    expect(onControlTokenChange).toHaveBeenCalledWith('the-control-token');
    await waitFor(() => expect(vi.mocked(api.state).mock.calls.length).toBe(readsBefore + 1));
  });

  it("shows each call's request body from the API's journal, skipping other clients' calls", async () => {
    const requests = vi.fn(async (): Promise<readonly JournalEntry[]> => [
      entry({ method: 'POST', path: '/auth/signin', status: 401, body: { email: 'a@b.test', password: '[redacted]' } }),
      entry({ method: 'POST', path: '/home/getEarningsReport', status: 200, body: { startDate: 'another tab' } }),
      entry({ method: 'GET', path: '/coupons/getcoupons', status: 200, query: { page: '2' } }),
      entry({ method: 'POST', path: '/home/getEarningsReport', status: 200, body: { startDate: '2026-01-01' } }),
    ]);
    const api = { ...fakeApi(), requests };
    const log = createRequestLog();
    render(<DevPanel api={api} log={log} defaultPrefer="" onDefaultPreferChange={() => undefined} isInitiallyOpen />);
    await screen.findByText('No calls yet.');
    expect(requests).not.toHaveBeenCalled();

    log.add({ method: 'POST', path: '/home/getEarningsReport', status: 200, ms: 40, prefer: null });
    log.add({ method: 'GET', path: '/coupons/getcoupons?page=2', status: 200, ms: 12, prefer: null });
    log.add({ method: 'POST', path: '/auth/signin', status: 401, ms: 30, prefer: null });

    const signin = await screen.findByLabelText('Body of POST /auth/signin');
    expect(JSON.parse(signin.textContent ?? '')).toEqual({ email: 'a@b.test', password: '[redacted]' });
    // The older of the two report calls is this client's: the newer one came from elsewhere.
    expect(JSON.parse(screen.getByLabelText('Body of POST /home/getEarningsReport').textContent ?? '')).toEqual({
      startDate: '2026-01-01',
    });
    expect(screen.queryByLabelText('Body of GET /coupons/getcoupons?page=2')).toBeNull();
    expect(requests).toHaveBeenLastCalledWith({ limit: 100 });
  });

  it('says when the journal cannot be read, and still lists the calls', async () => {
    const api = { ...fakeApi(), requests: vi.fn(async () => Promise.reject(new Error('Not Found'))) };
    const log = createRequestLog();
    render(<DevPanel api={api} log={log} defaultPrefer="" onDefaultPreferChange={() => undefined} isInitiallyOpen />);
    log.add({ method: 'POST', path: '/auth/signin', status: 200, ms: 30, prefer: null });
    expect(await screen.findByText('Request bodies unavailable: Not Found')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Last requests' })).getAllByRole('row')).toHaveLength(1);
  });

  it('turns a journal entry into a stub: prefilled, editable, and the refusal shown as the API words it', async () => {
    const user = userEvent.setup();
    const answered = { data: [], totalRecords: 0 };
    const requests = vi.fn(async (): Promise<readonly JournalEntry[]> => [
      entry({
        method: 'GET',
        path: '/home/getAllVendors',
        query: { order: 'newest' },
        status: 200,
        responseBody: answered,
      }),
    ]);
    const api = { ...fakeApi(), requests };
    const log = createRequestLog();
    render(<DevPanel api={api} log={log} defaultPrefer="" onDefaultPreferChange={() => undefined} isInitiallyOpen />);
    log.add({ method: 'GET', path: '/home/getAllVendors?order=newest', status: 200, ms: 12, prefer: null });

    await user.click(
      await screen.findByRole('button', { name: 'Answer GET /home/getAllVendors?order=newest differently next time' }),
    );
    const form = screen.getByRole('form', { name: 'Answer GET /home/getAllVendors differently' });
    expect(within(form).getByLabelText('Route')).toHaveValue('GET /home/getAllVendors');
    expect(within(form).getByLabelText('Status')).toHaveValue('200');
    expect(JSON.parse(within(form).getByLabelText<HTMLTextAreaElement>('Match (JSON)').value)).toEqual({
      query: { order: 'newest' },
    });
    const body = within(form).getByLabelText<HTMLTextAreaElement>('Body (JSON)');
    expect(JSON.parse(body.value)).toEqual(answered);

    // A shape the API never sends: refused, naming the zod issue.
    await user.clear(body);
    await user.click(body);
    await user.paste('{"data": "none", "totalRecords": 0}');
    await user.click(within(form).getByRole('button', { name: 'Save stub' }));
    expect(await within(form).findByRole('alert', { name: 'Stub refused' })).toHaveTextContent(
      'answer.body.data: Expected array, received string',
    );

    await user.clear(body);
    await user.click(body);
    await user.paste('{"data": [], "totalRecords": 7}');
    await user.click(within(form).getByRole('button', { name: 'Save stub' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'stub-1 answers admin.getAllVendors from the next matching call.',
    );
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(api.createStub).toHaveBeenLastCalledWith({
      route: 'GET /home/getAllVendors',
      match: { query: { order: 'newest' } },
      answer: { status: 200, body: { data: [], totalRecords: 7 } },
    });
  });
});
