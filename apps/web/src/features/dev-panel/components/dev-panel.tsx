import { Fragment, useCallback, useEffect, useState, useSyncExternalStore, type SyntheticEvent } from 'react';
import { SEED_PROFILES, type ControlState, type JournalEntry, type SeedProfile } from '@publisher/contract';
import type { ControlApi } from '../api/control-api';
import { matchJournal, printedBody } from '../request-bodies';
import type { RequestLog } from '../request-log';
import { AnswerDifferently } from './answer-differently';

export interface DevPanelProps {
  api: ControlApi;
  log: RequestLog;
  /** The `Prefer` value added to every call of the app ('' for none). */
  defaultPrefer: string;
  onDefaultPreferChange: (value: string) => void;
  /** The isolated mock session every call goes to (X-Mock-Session; '' for the default session). */
  session?: string;
  onSessionChange?: (value: string) => void;
  /** The token of an API started with MOCK_CONTROL_TOKEN (X-Mock-Control-Token; '' for none). */
  controlToken?: string;
  onControlTokenChange?: (value: string) => void;
  /** Open at first render (tests); otherwise Ctrl+Shift+D opens and closes it. */
  isInitiallyOpen?: boolean;
}

const fieldClasses = 'w-full rounded border border-slate-300 px-1.5 py-0.5 text-xs text-slate-900';
/** Journal entries fetched to pair with the listed calls: the journal also holds other clients' calls. */
const JOURNAL_FETCH_LIMIT = 100;

const buttonClasses =
  'rounded bg-slate-800 px-2 py-0.5 text-xs font-medium text-white hover:bg-slate-700 disabled:opacity-50';

function statusClasses(status: number): string {
  if (status >= 500) return 'text-rose-600';
  if (status >= 400) return 'text-amber-800';
  return 'text-emerald-700';
}

function messageOf(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}

/** The ISO instant of a `datetime-local` value (read as UTC), or null when empty. */
function isoOf(local: string): string | null {
  return local === '' ? null : new Date(`${local}:00Z`).toISOString();
}

/**
 * The development-only scenario panel: the API's control state with inputs to change it, a default `Prefer`
 * for every call, and the last calls of the typed client. Ctrl+Shift+D toggles it.
 */
export function DevPanel({
  api,
  log,
  defaultPrefer,
  onDefaultPreferChange,
  session = '',
  onSessionChange = () => undefined,
  controlToken = '',
  onControlTokenChange = () => undefined,
  isInitiallyOpen = false,
}: DevPanelProps) {
  const [sessionDraft, setSessionDraft] = useState(session);
  const [tokenDraft, setTokenDraft] = useState(controlToken);
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const [state, setState] = useState<ControlState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [profile, setProfile] = useState<SeedProfile>('demo');
  const [clock, setClock] = useState('');
  const [minMs, setMinMs] = useState('0');
  const [maxMs, setMaxMs] = useState('500');
  const [rate, setRate] = useState('0.2');
  const [errorStatus, setErrorStatus] = useState<'500' | '503'>('500');
  const [prefer, setPrefer] = useState(defaultPrefer);
  const [limitsNote, setLimitsNote] = useState<string | null>(null);
  const calls = useSyncExternalStore(log.subscribe, log.calls);
  const [journal, setJournal] = useState<readonly JournalEntry[]>([]);
  const [journalError, setJournalError] = useState<string | null>(null);
  // The journal entry being turned into a stub ("answer this call differently next time"), by its time and path.
  const [stubbing, setStubbing] = useState<JournalEntry | null>(null);

  const run = useCallback(async (change: () => Promise<ControlState>) => {
    setIsBusy(true);
    setError(null);
    try {
      const next = await change();
      setState(next);
      setProfile(next.profile);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setIsBusy(false);
    }
  }, []);

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.ctrlKey && event.shiftKey && event.key.toLowerCase() === 'd') {
        event.preventDefault();
        setIsOpen((open) => !open);
      }
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    api.state().then(
      (next) => {
        if (!isCurrent) return;
        setState(next);
        setProfile(next.profile);
      },
      (caught: unknown) => {
        if (isCurrent) setError(messageOf(caught));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [isOpen, api]);

  // The bodies come from the API's journal: read it again whenever the list of calls changes.
  useEffect(() => {
    if (!isOpen || calls.length === 0) return;
    let isCurrent = true;
    api.requests({ limit: JOURNAL_FETCH_LIMIT }).then(
      (entries) => {
        if (!isCurrent) return;
        setJournal(entries);
        setJournalError(null);
      },
      (caught: unknown) => {
        if (isCurrent) setJournalError(messageOf(caught));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [isOpen, api, calls]);

  if (!isOpen) return null;
  const journalOfCalls = matchJournal(calls, journal);

  async function handleClearLimits() {
    setIsBusy(true);
    setError(null);
    try {
      const cleared = await api.clearLimits();
      setLimitsNote(
        `Sign-in limits cleared: ${String(cleared.addressCounters)} address counts, ${String(cleared.accountLockouts)} account lockouts.`,
      );
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setIsBusy(false);
    }
  }

  function handleSessionSubmit(event: SyntheticEvent) {
    event.preventDefault();
    onSessionChange(sessionDraft.trim());
  }

  function handleTokenSubmit(event: SyntheticEvent) {
    event.preventDefault();
    onControlTokenChange(tokenDraft.trim());
    // The state again, now with the token (a closed API answered 401 without it).
    void run(() => api.state());
  }

  function handlePreferSubmit(event: SyntheticEvent) {
    event.preventDefault();
    onDefaultPreferChange(prefer.trim());
  }

  return (
    <aside
      aria-label="Scenario controls"
      className="fixed right-2 bottom-2 z-[1000] max-h-[90vh] w-96 overflow-y-auto rounded-lg border border-slate-300 bg-white p-3 text-xs text-slate-800 shadow-xl"
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-sm font-semibold">Scenario controls</h2>
        <button type="button" className="text-slate-500 hover:text-slate-900" onClick={() => setIsOpen(false)}>
          Close
        </button>
      </div>
      {error ? (
        <p role="alert" className="mb-2 rounded bg-rose-50 p-1.5 text-rose-700">
          {error}
        </p>
      ) : null}
      <dl className="mb-2 grid grid-cols-[auto_1fr] gap-x-2" aria-label="Current state">
        <dt className="text-slate-500">Profile</dt>
        <dd>{state?.profile ?? '…'}</dd>
        <dt className="text-slate-500">Now</dt>
        <dd>{state ? (state.fixedNow ?? 'real clock') : '…'}</dd>
        <dt className="text-slate-500">Latency</dt>
        <dd>{state ? (state.latency ? `${state.latency.minMs}-${state.latency.maxMs} ms` : 'none') : '…'}</dd>
        <dt className="text-slate-500">Errors</dt>
        <dd>
          {state ? (state.errorRate > 0 ? `${state.errorRate * 100}% answer ${state.errorStatus}` : 'none') : '…'}
        </dd>
        <dt className="text-slate-500">Reset</dt>
        <dd>{state?.resetting ? 'running…' : (state?.lastResetAt ?? 'not since start')}</dd>
      </dl>

      <fieldset className="mb-2 flex items-end gap-1" disabled={isBusy}>
        <label className="flex-1">
          Seed profile
          <select
            className={fieldClasses}
            value={profile}
            onChange={(event) => setProfile(event.target.value as SeedProfile)}
          >
            {SEED_PROFILES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={buttonClasses} onClick={() => void run(() => api.setProfile(profile))}>
          Switch
        </button>
        <button type="button" className={buttonClasses} onClick={() => void run(() => api.reset())}>
          Reset
        </button>
      </fieldset>

      <fieldset className="mb-2 flex items-center gap-2" disabled={isBusy}>
        <button type="button" className={buttonClasses} onClick={() => void handleClearLimits()}>
          Clear sign-in limits
        </button>
        {limitsNote ? <p role="status">{limitsNote}</p> : null}
      </fieldset>

      <fieldset className="mb-2 flex items-end gap-1" disabled={isBusy}>
        <label className="flex-1">
          Fixed now (UTC)
          <input
            type="datetime-local"
            className={fieldClasses}
            value={clock}
            onChange={(event) => setClock(event.target.value)}
          />
        </label>
        <button
          type="button"
          className={buttonClasses}
          disabled={clock === ''}
          onClick={() => void run(() => api.setClock(isoOf(clock)))}
        >
          Set
        </button>
        <button type="button" className={buttonClasses} onClick={() => void run(() => api.setClock(null))}>
          Real
        </button>
      </fieldset>

      <fieldset className="mb-2 flex items-end gap-1" disabled={isBusy}>
        <label className="w-20">
          Min ms
          <input
            className={fieldClasses}
            inputMode="numeric"
            value={minMs}
            onChange={(e) => setMinMs(e.target.value)}
          />
        </label>
        <label className="w-20">
          Max ms
          <input
            className={fieldClasses}
            inputMode="numeric"
            value={maxMs}
            onChange={(e) => setMaxMs(e.target.value)}
          />
        </label>
        <button
          type="button"
          className={buttonClasses}
          onClick={() => void run(() => api.setLatency({ minMs: Number(minMs), maxMs: Number(maxMs) }))}
        >
          Set latency
        </button>
        <button type="button" className={buttonClasses} onClick={() => void run(() => api.setLatency(null))}>
          None
        </button>
      </fieldset>

      <fieldset className="mb-2 flex items-end gap-1" disabled={isBusy}>
        <label className="w-20">
          Error rate
          <input className={fieldClasses} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
        </label>
        <label className="w-16">
          Status
          <select
            className={fieldClasses}
            value={errorStatus}
            onChange={(event) => setErrorStatus(event.target.value === '503' ? '503' : '500')}
          >
            <option value="500">500</option>
            <option value="503">503</option>
          </select>
        </label>
        <button
          type="button"
          className={buttonClasses}
          onClick={() =>
            void run(() => api.setErrors({ rate: Number(rate), status: errorStatus === '503' ? 503 : 500 }))
          }
        >
          Set errors
        </button>
        <button type="button" className={buttonClasses} onClick={() => void run(() => api.setErrors(null))}>
          None
        </button>
      </fieldset>

      {/*
        A developer tool, not a product form: its one-field forms stay plain (forms-one-way.test.ts lists
        this file as the exception), so the mock controls pull neither react-hook-form nor a schema.
      */}
      <form className="mb-2 flex items-end gap-1" onSubmit={handleSessionSubmit}>
        <label className="flex-1">
          Session (X-Mock-Session, empty: the default one)
          <input
            className={fieldClasses}
            placeholder="worker-1"
            value={sessionDraft}
            onChange={(event) => setSessionDraft(event.target.value)}
          />
        </label>
        <button type="submit" className={buttonClasses}>
          Use session
        </button>
      </form>

      <form className="mb-2 flex items-end gap-1" onSubmit={handleTokenSubmit}>
        <label className="flex-1">
          Control token (X-Mock-Control-Token, when the API has MOCK_CONTROL_TOKEN)
          <input
            className={fieldClasses}
            type="password"
            autoComplete="off"
            value={tokenDraft}
            onChange={(event) => setTokenDraft(event.target.value)}
          />
        </label>
        <button type="submit" className={buttonClasses}>
          Use token
        </button>
      </form>

      <form className="mb-2 flex items-end gap-1" onSubmit={handlePreferSubmit}>
        <label className="flex-1">
          Prefer on every call
          <input
            className={fieldClasses}
            placeholder="code=503, delay=100-300, example=empty"
            value={prefer}
            onChange={(event) => setPrefer(event.target.value)}
          />
        </label>
        <button type="submit" className={buttonClasses}>
          Apply
        </button>
      </form>

      <h3 className="mb-1 font-semibold">Last requests</h3>
      {journalError ? <p className="mb-1 text-amber-800">Request bodies unavailable: {journalError}</p> : null}
      {calls.length === 0 ? (
        <p className="text-slate-500">No calls yet.</p>
      ) : (
        <table className="w-full table-fixed" aria-label="Last requests">
          <tbody>
            {calls.map((call, index) => {
              const entry = journalOfCalls[index];
              const body = printedBody(entry);
              return (
                <Fragment key={`${calls.length - index}`}>
                  <tr className="border-t border-slate-100" title={call.prefer ?? undefined}>
                    <td className="w-12 font-mono">{call.method}</td>
                    <td className="truncate font-mono">{call.path}</td>
                    <td className={`w-9 text-right font-mono ${statusClasses(call.status)}`}>{call.status}</td>
                    <td className="w-14 text-right font-mono">{call.ms} ms</td>
                  </tr>
                  {body === null ? null : (
                    <tr>
                      <td colSpan={4}>
                        <pre
                          aria-label={`Body of ${call.method} ${call.path}`}
                          className="max-h-32 overflow-auto rounded bg-slate-50 p-1 font-mono text-[11px] whitespace-pre-wrap"
                        >
                          {body}
                        </pre>
                      </td>
                    </tr>
                  )}
                  {entry === undefined ? null : (
                    <tr>
                      <td colSpan={4}>
                        {entry.stub === null ? null : (
                          <span className="mr-1 text-slate-500">Answered by {entry.stub}.</span>
                        )}
                        {stubbing === entry ? (
                          <AnswerDifferently api={api} entry={entry} onClose={() => setStubbing(null)} />
                        ) : (
                          <button
                            type="button"
                            className="text-slate-600 underline hover:text-slate-900"
                            aria-label={`Answer ${call.method} ${call.path} differently next time`}
                            onClick={() => setStubbing(entry)}
                          >
                            Answer differently
                          </button>
                        )}
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
    </aside>
  );
}
