import {
  accessLogsResponseSchema,
  apiLogsResponseSchema,
  contract,
  controlContract,
  controlStateSchema,
  limitsClearedSchema,
  MOCK_SESSION_HEADER,
  requestJournalSchema,
  searchLogsResponseSchema,
} from '@publisher/contract';
import type { z } from 'zod';
import { call, type HttpAnswer, type HttpRequest } from './http';

/**
 * What a read-only run leaves on the target, said exactly. A read changes no data through the contract, but a
 * server may still record it: this API writes an access-log line per signed-in call, per-vendor call totals, search
 * totals and sign-in rate-limit counters. So a read-only run:
 *
 * - asks the target for its mock controls (`GET /__control` with its own `X-Mock-Session`); where they answer,
 *   every call of the run goes to that session (its own copy of the data), what the session recorded is read from
 *   its journal and limits, and the session is ended with its data at the end: the target's own data is untouched;
 * - counts, before and after, the records a read leaves that the contract lets an admin read (access-log lines,
 *   call totals, search totals), in the session or, without controls, on the target's own data;
 * - names what it cannot count (the rate-limit counters of its sign-ins, without controls).
 */

/** Longest the first call of the run's mock session may take (it may copy the data). */
export const SESSION_START_TIMEOUT_MS = 180_000;

/** One kind of record the target keeps of reads, counted through the contract before and after the run. */
export interface Counted {
  what: string;
  /** The route that counts it. */
  source: string;
  before: number;
  after: number;
}

/** What a read-only run made and what the target recorded of it. */
export interface ReadOnlyEffects {
  /** Calls of the contract's routes the run made (all reads), and how many of them were sign-ins. */
  calls: number;
  signIns: number;
  /** The mock session the run worked in, or why it worked on the target's own data. */
  session: { id: string; ended: string } | { none: string };
  /** The session's request journal: how many calls it holds (at most `capacity`). */
  journal?: { held: number; capacity: number } | undefined;
  /** The session's sign-in rate-limit counters and account lockouts (read by clearing them, as the session ends). */
  limits?: { addressCounters: number; accountLockouts: number } | undefined;
  counted: Counted[];
  /** Records the run could not count, and why. */
  notCounted: string[];
}

/** A caller for the counts: the run's own http (session header and counting included) and its admin token. */
export interface Counter {
  http(request: HttpRequest): Promise<HttpAnswer>;
  adminToken(): Promise<string | undefined>;
}

const parsed = <T>(schema: z.ZodType<T>, answer: HttpAnswer): T | undefined => {
  if (answer.status !== 200) return undefined;
  try {
    const result = schema.safeParse(JSON.parse(answer.text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
};

const statusText = (answer: HttpAnswer): string =>
  `${answer.status}${answer.text ? ` ${answer.text.slice(0, 120)}` : ''}`;

interface Count {
  what: string;
  source: string;
  value: number;
}

/** The records a read leaves that an admin can read through the contract, as counts (or why not). */
async function countRecords(counter: Counter): Promise<{ counts: Count[]; notCounted: string[] }> {
  const token = await counter.adminToken();
  if (token === undefined)
    return { counts: [], notCounted: ['access logs, call totals, search totals: no admin signed in'] };
  const counts: Count[] = [];
  const notCounted: string[] = [];
  const read = async <T>(
    what: string,
    path: string,
    query: Record<string, string>,
    schema: z.ZodType<T>,
  ): Promise<T | undefined> => {
    const answer = await counter.http({ method: 'GET', path, query, token });
    const body = parsed(schema, answer);
    if (body === undefined) {
      notCounted.push(`${what}: GET ${path} answered ${answer.status}${answer.status === 200 ? ' off-contract' : ''}`);
    }
    return body;
  };
  const accessPath = contract.admin.accessLogs.path;
  const access = await read('access-log lines', accessPath, { pageNo: '1', pageSize: '1' }, accessLogsResponseSchema);
  if (access) counts.push({ what: 'access-log lines', source: `GET ${accessPath}`, value: access.totalRecords });
  const totalsPath = contract.reports.apiLogs.path;
  const totals = await read('call totals', totalsPath, { calls: 'all' }, apiLogsResponseSchema);
  if (totals) {
    const source = `GET ${totalsPath}?calls=all`;
    counts.push({
      what: 'vendors with a call total',
      source,
      value: totals.data.filter((row) => row.count > 0).length,
    });
    counts.push({
      what: 'calls in the call totals',
      source,
      value: totals.data.reduce((sum, row) => sum + row.count, 0),
    });
  }
  const searchPath = contract.admin.esLogs.path;
  const searches = await read('search-log rows', searchPath, { pageNo: '1', pageSize: '1' }, searchLogsResponseSchema);
  if (searches) counts.push({ what: 'search-log rows', source: `GET ${searchPath}`, value: searches.totalRecords });
  return { counts, notCounted };
}

/** A read-only run's bookkeeping: started before the walk, finished after it. */
export interface ReadOnlyRecording {
  /** The headers every call of the run carries (the session), empty without one. */
  headers: Readonly<Record<string, string>>;
  /** Counts before the walk; call once the run's callers can be set up. */
  countBefore(counter: Counter): Promise<void>;
  finish(counter: Counter, calls: { calls: number; signIns: number }): Promise<ReadOnlyEffects>;
}

/**
 * Opens the run's mock session where the target has the controls (`sessionId` for its header), else records
 * why not: answers the recording the walk uses.
 */
export async function startReadOnlyRecording(baseUrl: string, sessionId: string): Promise<ReadOnlyRecording> {
  const headers = { [MOCK_SESSION_HEADER]: sessionId };
  let session: ReadOnlyEffects['session'];
  try {
    // The session's first call fills its database (a copy of the data, unless a spare is ready): up to a minute
    // or two for the `demo` data on a busy machine.
    const answer = await call(baseUrl, {
      method: 'GET',
      path: controlContract.state.path,
      headers,
      timeoutMs: SESSION_START_TIMEOUT_MS,
    });
    session =
      parsed(controlStateSchema, answer) !== undefined
        ? { id: sessionId, ended: '' }
        : {
            none:
              answer.status === 404
                ? `the target has no mock controls (GET ${controlContract.state.path} answered 404)`
                : `the target's mock controls gave no session (GET ${controlContract.state.path} answered ${statusText(answer)})`,
          };
  } catch (error) {
    session = {
      none: `GET ${controlContract.state.path} got no answer (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  let before: Awaited<ReturnType<typeof countRecords>> | undefined;
  return {
    headers: 'id' in session ? headers : {},
    async countBefore(counter) {
      before = await countRecords(counter);
    },
    async finish(counter, calls) {
      const after = await countRecords(counter);
      const counted: Counted[] = [];
      for (const count of after.counts) {
        const earlier = before?.counts.find((item) => item.what === count.what);
        if (earlier)
          counted.push({ what: count.what, source: count.source, before: earlier.value, after: count.value });
      }
      const notCounted = [...new Set([...(before?.notCounted ?? []), ...after.notCounted])];
      const effects: ReadOnlyEffects = { ...calls, session, counted, notCounted };
      if (!('id' in session)) {
        notCounted.push(
          `sign-in rate-limit counters: the contract has no route that reads them (this run signed in ${calls.signIns} time${calls.signIns === 1 ? '' : 's'})`,
        );
        return effects;
      }
      const journal = parsed(
        requestJournalSchema,
        await call(baseUrl, { method: 'GET', path: controlContract.requests.path, query: { limit: '1' }, headers }),
      );
      if (journal) effects.journal = { held: journal.held, capacity: journal.capacity };
      else notCounted.push(`the session's request journal: GET ${controlContract.requests.path} answered off-contract`);
      const limits = parsed(
        limitsClearedSchema,
        await call(baseUrl, { method: 'DELETE', path: controlContract.clearLimits.path, headers }),
      );
      if (limits) effects.limits = limits;
      else
        notCounted.push(
          `the session's sign-in limits: DELETE ${controlContract.clearLimits.path} answered off-contract`,
        );
      const path = controlContract.deleteSession.path.replace(':id', encodeURIComponent(session.id));
      const ended = await call(baseUrl, { method: 'DELETE', path });
      effects.session = {
        id: session.id,
        ended: ended.status === 200 ? `DELETE ${path}` : `not ended: DELETE ${path} answered ${statusText(ended)}`,
      };
      return effects;
    },
  };
}
