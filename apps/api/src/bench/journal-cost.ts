/**
 * `cd apps/api && node --expose-gc --import tsx src/bench/journal-cost.ts`: what the request journal of the mock mode
 * (control/request-journal.ts) costs on the hot path. Records `JOURNAL_CALLS` (100,000) calls as its middleware does
 * at each answer's `finish`, in one process and no server, so only the journal's own work is timed: a POST with a
 * small JSON body and a bearer token, answered with a JSON body of about `JOURNAL_ANSWER_KB` (10) KB (vendor rows, one
 * `apiKey` each, which the journal redacts). Prints the time per record, the V8 heap the full journal holds (after a
 * GC) and the time of the listing that reads it back (`GET /__control/requests?limit=500`, then again), then the same
 * for a 100 KB answer (over the journal's 16 KB body limit, so kept cut) and a tenth of the calls. Figures move with
 * the machine's load: compare two runs made one after the other.
 */
import { performance } from 'node:perf_hooks';
import { createRequestJournal, type JournalRecord } from '../control/request-journal';

const CALLS = Number(process.env.JOURNAL_CALLS ?? 100_000);
const ANSWER_KB = Number(process.env.JOURNAL_ANSWER_KB ?? 10);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (see the comment at the top).');
const collect = gc;

/** A JSON answer of about `kb` KB: a list of vendor rows as the admin list answers them. */
function answerOf(kb: number): string {
  const row = (index: number) => ({
    _id: `507f1f77bcf86cd7994${String(index).padStart(5, '0')}`,
    fullName: `Vendor number ${String(index)}`,
    email: `vendor${String(index)}@example.com`,
    vendorId: 5000 + index,
    apiKey: '************a1b2',
    createdAt: '2026-01-02T03:04:05.000Z',
  });
  const rows: unknown[] = [];
  while (JSON.stringify({ data: rows, totalRecords: rows.length }).length < kb * 1024) rows.push(row(rows.length));
  return JSON.stringify({ data: rows, totalRecords: rows.length });
}

function recordOf(index: number, responseBody: string): JournalRecord {
  return {
    method: 'POST',
    path: '/home/getAllVendors',
    query: { pageNo: String(index % 10) },
    headers: {
      host: 'localhost:4010',
      authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.signature',
      'content-type': 'application/json',
      'content-length': '64',
      'user-agent': 'journal-cost',
    },
    body: { startDate: '2025-03-01', endDate: '2025-03-10', apiKey: 'key-123' },
    status: 200,
    responseBody,
    responseType: 'application/json; charset=utf-8',
    durationMs: 1.234,
    receivedAtMs: Date.now(),
  };
}

function run(kb: number, calls: number): void {
  // Each call its own answer text, as each res.send gives a new string: nothing shared between entries by accident.
  const template = answerOf(kb);
  const answers = Array.from({ length: 64 }, (_, index) =>
    template.replace('Vendor number 0', `Vendor call ${String(index)}`),
  );
  const journal = createRequestJournal();
  // Warm up the code paths, then start from an empty journal.
  for (let call = 0; call < 2_000; call += 1) journal.record(recordOf(call, answers[call % answers.length] ?? ''));
  journal.clear();
  collect();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  for (let call = 0; call < calls; call += 1) {
    // A fresh copy of the text per call (`slice` of a concatenation flattens it), as res.send's own string would be.
    journal.record(recordOf(call, `${answers[call % answers.length] ?? ''} `.slice(0, -1)));
  }
  const recordMs = performance.now() - started;
  collect();
  const heapHeld = process.memoryUsage().heapUsed - heapBefore;
  const listStarted = performance.now();
  const listed = journal.list({ limit: 500 });
  const listMs = performance.now() - listStarted;
  const again = performance.now();
  journal.list({ limit: 500 });
  const listAgainMs = performance.now() - again;
  const first = listed.requests[0];
  console.log(
    [
      `answer ${(template.length / 1024).toFixed(1)} KB, ${String(calls)} calls:`,
      `record ${((recordMs * 1000) / calls).toFixed(2)} µs per call (${(recordMs / 1000).toFixed(2)} s in all);`,
      `heap held by the full journal (${String(listed.held)} entries) ${(heapHeld / 1024 / 1024).toFixed(1)} MiB;`,
      `list 500 ${listMs.toFixed(1)} ms, again ${listAgainMs.toFixed(1)} ms;`,
      `first entry: truncated ${String(first?.responseBodyTruncated)}, ${String(JSON.stringify(first?.responseBody).length)} characters`,
    ].join(' '),
  );
}

run(ANSWER_KB, CALLS);
run(100, CALLS / 10);
