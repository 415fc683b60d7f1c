import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contract, contractRoutes, controlContract, routeAccessOf } from '@publisher/contract';
import { changesNothing } from './effects';
import { call } from './http';
import { DEMO_ADMIN, signIn } from './session';
import { startApi, type RunningApi } from './testing/api-server';
import { startTamperingProxy, type RunningProxy, type Tamper } from './testing/tampering-proxy';
import { verify } from './verify';

const HERE = dirname(fileURLToPath(import.meta.url));
const TSX = join(HERE, '..', '..', '..', 'node_modules', '.bin', 'tsx');

let api: RunningApi;
let proxy: RunningProxy | undefined;
const scratch = mkdtempSync(join(tmpdir(), 'verify-test-'));

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await proxy?.stop();
  await api.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * Runs the command line as CI does (in a child process, while this process keeps serving the proxy); answers
 * its exit code, output and JUnit report.
 */
async function runCli(
  baseUrl: string,
  ...args: string[]
): Promise<{ code: number | null; output: string; junit: string }> {
  const junitFile = join(scratch, `junit-${Date.now()}.xml`);
  const child = spawn(TSX, [join(HERE, 'cli.ts'), '--base-url', baseUrl, '--junit', junitFile, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  let junit = '';
  try {
    junit = readFileSync(junitFile, 'utf8');
  } catch {
    // No report written: the assertions on it say so.
  }
  return { code, output, junit };
}

/** What the demo admin sees of the records a run could create: their counts, and the newest report run. */
async function serverState(baseUrl: string) {
  const admin = await signIn(baseUrl, DEMO_ADMIN);
  const read = async (path: string, query?: Record<string, unknown>) => {
    const answer = await call(baseUrl, { method: 'GET', path, query, token: admin.token });
    return JSON.parse(answer.text) as { data: unknown[]; totalRecords?: number };
  };
  return {
    vendors: (await read(contract.admin.getAllVendors.path, { pageNo: '1', pageSize: '500' })).totalRecords,
    events: (await read(contract.content.getAllEvents.path)).data.length,
    podcasts: (await read(contract.content.getAllPodcasts.path)).data.length,
    quotes: (await read(contract.dailyQuotes.getAllDailyQuotes.path)).data.length,
    newestReportRun: JSON.stringify((await read(contract.reports.reportRuns.path)).data[0]),
  };
}

const protectedRoutes = contractRoutes(contract).filter((entry) => routeAccessOf(entry.route) !== 'public');

describe('the contract verifier against this API', () => {
  it('passes every route of the contract, and says exactly what it created and did not delete', async () => {
    const before = await serverState(api.baseUrl);
    const { results, leftBehind, deleted } = await verify({ baseUrl: api.baseUrl });
    const after = await serverState(api.baseUrl);
    const drifted = results.filter((result) => result.verdict !== 'PASS');
    expect(drifted).toEqual([]);
    const routes = results.filter((result) => result.check === 'contract');
    expect(routes.map((result) => result.key)).toEqual(contractRoutes(contract).map((entry) => entry.key));
    // Routes with required input are also sent invalid requests (a 400 with the envelope each).
    expect(routes.filter((result) => result.calls > 1).length).toBeGreaterThan(50);

    // What it says it left is what the server gained, kind by kind.
    const said = (pattern: RegExp) => leftBehind.filter((line) => pattern.test(line)).length;
    expect(after.vendors).toBe((before.vendors ?? 0) + said(/^vendor account /));
    expect(after.events).toBe(before.events + said(/^event "/));
    expect(after.podcasts).toBe(before.podcasts + said(/^podcast "/));
    expect(after.quotes).toBe(before.quotes + said(/^daily quote /));
    expect(said(/^event "/)).toBeGreaterThan(0);
    expect(leftBehind.filter((line) => line.startsWith('report ingestion re-run'))).toHaveLength(5);
    // The domains and title filters it added are deleted through the contract's delete routes.
    expect(deleted).toBeGreaterThanOrEqual(3);
    expect(leftBehind.some((line) => /custom domain|title filter|short URL domain/.test(line))).toBe(false);
  });

  it('checks that every protected route refuses a call without a token with 401', async () => {
    const { results } = await verify({ baseUrl: api.baseUrl, only: ['/coupons/', '/dashboard/', '/home/get'] });
    const refusals = results.filter((result) => result.check === 'no-token');
    const expected = protectedRoutes.filter((entry) =>
      ['/coupons/', '/dashboard/', '/home/get'].some((part) => entry.path.includes(part)),
    );
    expect(refusals.map((result) => result.key)).toEqual(expected.map((entry) => entry.key));
    expect(refusals.every((result) => result.verdict === 'PASS' && result.exchange?.response.status === 401)).toBe(
      true,
    );
  });

  it('checks that a vendor cannot read another vendor’s reports and settings', async () => {
    const { results } = await verify({ baseUrl: api.baseUrl, only: ['reports.', 'settings.getSettings'] });
    const isolation = results.filter((result) => result.check === 'other-vendor');
    const keys = isolation.map((result) => result.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'reports.getEarningsReport',
        'reports.getConversionReports',
        'reports.connexityConversionReport',
        'reports.downloadConversionReportsAll',
        'settings.getSettings',
      ]),
    );
    for (const result of isolation) {
      expect(result.verdict, result.key).toBe('PASS');
      expect([403, 404], result.key).toContain(result.exchange?.response.status);
    }
  });

  it('--read-only calls only the routes that change nothing, inside a mock session of its own, and says what the target recorded', async () => {
    // A spare session database ready beforehand, as a test runner's setup would (docs/CONTROLS.md): the run's
    // session then starts at once instead of copying the data while the other suites load the machine.
    const prepared = await call(api.baseUrl, {
      method: 'POST',
      path: controlContract.prepareSessions.path,
      body: { count: 1 },
      timeoutMs: 180_000,
    });
    // Best effort: without a spare (503 while the heap is short) the run's first call waits for the copy.
    expect([200, 503]).toContain(prepared.status);
    const before = await serverState(api.baseUrl);
    const { results, leftBehind, skipped, readOnly } = await verify({ baseUrl: api.baseUrl, readOnly: true });
    expect(await serverState(api.baseUrl)).toEqual(before);
    expect(leftBehind).toEqual([]);
    expect(results.filter((result) => result.verdict !== 'PASS' && result.verdict !== 'SKIPPED')).toEqual([]);
    const skippedRoutes = results
      .filter((result) => result.check === 'contract' && result.verdict === 'SKIPPED')
      .map((result) => result.key);
    const writes = contractRoutes(contract).filter((entry) => !changesNothing(entry));
    // Every write is skipped; of the reads, only the podcast file (reading one needs an upload first).
    expect(skippedRoutes).toEqual(
      contractRoutes(contract)
        .filter((entry) => !changesNothing(entry) || entry.key === 'content.getPodcastFile')
        .map((entry) => entry.key),
    );
    expect(writes.length).toBeGreaterThan(20);
    expect(skipped).toBe(results.filter((result) => result.verdict === 'SKIPPED').length);
    // The other checks still run as reads: refusals without a token, and another vendor's data.
    expect(results.filter((result) => result.check === 'no-token' && result.verdict === 'PASS').length).toBe(
      protectedRoutes.filter(changesNothing).length,
    );
    expect(results.some((result) => result.check === 'other-vendor' && result.verdict === 'PASS')).toBe(true);

    // Reads are recorded (access logs, call totals, a sign-in counter): in its own session, which it ends.
    expect(readOnly?.session).toEqual({
      id: expect.stringMatching(/^verify-/),
      ended: expect.stringMatching(/^DELETE \/__control\/sessions\/verify-/),
    });
    expect(readOnly?.calls).toBeGreaterThan(100);
    // Every call but /health's is in the session's journal.
    expect(readOnly?.journal?.held).toBe((readOnly?.calls ?? 0) - 1);
    const gained = (what: string) => {
      const count = readOnly?.counted.find((item) => item.what === what);
      return count ? count.after - count.before : undefined;
    };
    expect(gained('access-log lines')).toBeGreaterThan(0);
    expect(gained('calls in the call totals')).toBeGreaterThan(0);
    expect(readOnly?.notCounted).toEqual([]);
    const sessions = await call(api.baseUrl, { method: 'GET', path: controlContract.sessions.path });
    expect(sessions.text).not.toContain(readOnly?.session && 'id' in readOnly.session ? readOnly.session.id : '?');

    const { code, output } = await runCli(api.baseUrl, '--read-only', '--only', '/event/');
    expect(code).toBe(0);
    expect(output).toMatch(/SKIPPED\s+read-only: changes data\n\s+\d+ checks?:\n\s+POST \/event\/create/);
    expect(output).toMatch(/Read-only: \d+ calls of the contract's reads \(\d+ sign-ins?\); \d+ checks skipped/);
    expect(output).toMatch(/It ran inside its own mock session verify-[0-9a-f]+-\d+ \(X-Mock-Session\)/);
    expect(output).toMatch(/- access-log lines: \+[1-9]\d* \(GET \/home\/logs\/accessLogs: \d+ before, \d+ after\)/);
    expect(output).toMatch(/The session was then ended with all of it \(DELETE \/__control\/sessions\/verify-/);
    expect(output).not.toContain('nothing was written');
    // A walk through a proxy while other suites load the machine: minutes, not the default two.
  }, 300_000);

  it('--read-only on a target without mock controls counts what its reads recorded, and names what it cannot count', async () => {
    await proxy?.stop();
    proxy = await startTamperingProxy(api.baseUrl, {
      method: '*',
      path: /^\/__control/,
      change: () => ({ status: 404, body: '{"statusMessages":["No route"],"errors":[]}' }),
    });
    const before = await serverState(api.baseUrl);
    const { code, output } = await runCli(proxy.baseUrl, '--read-only', '--only', 'coupons.');
    expect(code).toBe(0);
    expect(await serverState(api.baseUrl)).toEqual(before);
    expect(output).toContain(
      "It ran on the target's own data: the target has no mock controls (GET /__control answered 404).",
    );
    expect(output).toMatch(/- access-log lines: \+[1-9]\d* \(GET \/home\/logs\/accessLogs: \d+ before, \d+ after\)/);
    expect(output).toMatch(
      /Not counted:\n {2}- sign-in rate-limit counters: the contract has no route that reads them \(this run signed in \d+ times?\)/,
    );
    expect(output).not.toContain('nothing was written');
    // A walk through a proxy while other suites load the machine: minutes, not the default two.
  }, 300_000);

  it('reports a field renamed in every answer once, with the routes it affects', async () => {
    await proxy?.stop();
    proxy = await startTamperingProxy(api.baseUrl, {
      method: '*',
      path: /./,
      change: ({ status, body }) => ({ status, body: body.replaceAll('"totalRecords":', '"total":') }),
    });
    const { code, output } = await runCli(proxy.baseUrl, '--read-only', '--only', '/home/', '--only', '/event/');
    expect(code).toBe(1);
    const lines = output.split('\n');
    const said = lines.filter((line) => line.includes('totalRecords: expected number, received nothing (no such key)'));
    expect(said).toEqual([
      expect.stringMatching(/^DRIFT\s+D1 totalRecords: expected number, received nothing \(no such key\)$/),
    ]);
    const routes = /D1 totalRecords[^\n]*\n\s+on (\d+) routes:\n((?:\s{14}[^\n]+\n)+)/.exec(output);
    expect(Number(routes?.[1])).toBeGreaterThan(10);
    expect(routes?.[2]).toContain('GET /home/logs/accessLogs');
    expect(lines.filter((line) => /^WARNING\s+W\d+ undeclared key total$/.test(line))).toHaveLength(1);
    expect(lines.length).toBeLessThan(80);
    expect(output).not.toContain('undefined');
    // A walk through a proxy while other suites load the machine: minutes, not the default two.
  }, 300_000);

  it('prints exactly what a full run created and did not delete', async () => {
    const { code, output } = await runCli(
      api.baseUrl,
      '--only',
      'content.createEvent',
      '--only',
      'settings.addDomainName',
    );
    expect(code).toBe(0);
    expect(output).toContain('Created and deleted again: 1.');
    // The domain belongs to a vendor the run signed up: the domain is deleted again, the vendor cannot be.
    expect(output).toMatch(
      /Left on the server \(2; [^)]*\):\n {2}- vendor account verify-[0-9a-f]+-\d+@publisher\.test \(no delete route\)\n {2}- event "Verify event-[0-9a-f]+-\d+" \w+ \(no delete route\)\n/,
    );
  });

  it('names the field of a handler answering off-contract, exits 1 and writes a JUnit failure', async () => {
    const renamedField: Tamper = {
      method: 'GET',
      path: contract.coupons.getFilters.path,
      change: ({ status, body }) => ({ status, body: body.replace(/"domainNames"/, '"domains"') }),
    };
    proxy = await startTamperingProxy(api.baseUrl, renamedField);
    const { code, output, junit } = await runCli(proxy.baseUrl, '--only', '/coupons/', '--only', '/health');
    expect(code).toBe(1);
    expect(output).toMatch(
      /DRIFT\s+D1 domainNames: expected array, received nothing \(no such key\)\n\s+on 1 route:\n\s+GET \/coupons\/getFilters\n/,
    );
    expect(output).not.toMatch(/PASS\s+GET \/coupons\/getcoupons/);
    expect(output).toContain('4/5 routes pass (1 drift)');
    expect(junit).toMatch(/<testsuite [^>]*failures="1" errors="0"/);
    expect(junit).toMatch(
      /<failure message="domainNames: expected array, received nothing \(no such key\)" type="drift"/,
    );
    // --verbose lists every route, the passing ones too.
    const verbose = await runCli(proxy.baseUrl, '--only', '/coupons/', '--only', '/health', '--verbose');
    expect(verbose.output).toMatch(/PASS\s+GET \/coupons\/getcoupons/);
  });

  it('reports a status the route does not document', async () => {
    await proxy?.stop();
    proxy = await startTamperingProxy(api.baseUrl, {
      method: 'GET',
      path: contract.system.health.path,
      change: ({ body }) => ({ status: 202, body }),
    });
    const { results } = await verify({ baseUrl: proxy.baseUrl, only: ['system.health'] });
    expect(results).toEqual([
      expect.objectContaining({
        verdict: 'DRIFT',
        detail: expect.stringMatching(/^status: expected 200, received 202 \(not documented\)/),
      }),
    ]);
  });

  it('reports a vendor reading another vendor’s data, and a route answering without a token, as drift', async () => {
    await proxy?.stop();
    proxy = await startTamperingProxy(
      api.baseUrl,
      // Settings served to whoever asks (the refusal of another vendor's becomes a 200 with the data).
      {
        method: 'GET',
        path: contract.settings.getSettings.path,
        change: ({ status, body }) => ({ status: status === 403 ? 200 : status, body }),
      },
      // A route that lets callers without a token through.
      {
        method: 'GET',
        path: contract.coupons.getFilters.path,
        change: ({ status, body }) => (status === 401 ? { status: 200, body: '{"data":[]}' } : { status, body }),
      },
    );
    const { results } = await verify({ baseUrl: proxy.baseUrl, only: ['settings.getSettings', 'coupons.getFilters'] });
    const verdict = (check: string, key: string) =>
      results.find((result) => result.check === check && result.key === key)?.verdict;
    expect(verdict('other-vendor', 'settings.getSettings')).toBe('DRIFT');
    expect(verdict('no-token', 'coupons.getFilters')).toBe('DRIFT');
    expect(verdict('contract', 'settings.getSettings')).toBe('PASS');
    expect(verdict('no-token', 'settings.getSettings')).toBe('PASS');
    expect(verdict('other-vendor', 'coupons.getFilters')).toBe('PASS');
    const leaked = results.find((result) => result.check === 'other-vendor' && result.key === 'settings.getSettings');
    expect(leaked?.differences[0]).toEqual({
      path: 'status',
      expected: expect.stringMatching(/^403 or 404 \(vendor \d+ asking for vendor \d+'s data\)$/),
      received: '200',
    });
  });

  it('writes JUnit cases with their time, and failures with every difference, the request (secrets redacted) and the answer', async () => {
    await proxy?.stop();
    proxy = await startTamperingProxy(
      api.baseUrl,
      {
        method: 'POST',
        path: contract.auth.changePassword.path,
        change: ({ status, body }) => (status === 200 ? { status: 202, body } : { status, body }),
      },
      {
        method: 'GET',
        path: contract.coupons.getFilters.path,
        change: ({ status, body }) => ({ status, body: body.replace(/^\{/, '{"undeclared":true,') }),
      },
    );
    const { code, output, junit } = await runCli(
      proxy.baseUrl,
      '--only',
      'auth.changePassword',
      '--only',
      'coupons.getFilters',
    );
    expect(code).toBe(1);
    // An undeclared key is a warning with its path; the route still passes.
    expect(output).toMatch(/WARNING\s+W1 undeclared key undeclared\n\s+on 1 route:\n\s+GET \/coupons\/getFilters\n/);
    expect(output).toMatch(/request: POST http:\/\/127\.0\.0\.1:\d+\/auth\/changePassword \{/);
    const cases = junit.match(/<testcase [^>]*>/g) ?? [];
    expect(cases.length).toBeGreaterThan(3);
    for (const testCase of cases) expect(testCase).toMatch(/ time="\d+(\.\d+)?"/);
    const failure =
      /<failure message="status: expected 200, received 202[^"]*" type="drift"><!\[CDATA\[([\s\S]*?)\]\]><\/failure>/.exec(
        junit,
      );
    expect(failure?.[1]).toMatch(/^difference status: expected 200, received 202/);
    expect(failure?.[1]).toMatch(/request: POST http:\/\/127\.0\.0\.1:\d+\/auth\/changePassword\n/);
    expect(failure?.[1]).toContain('"currentPassword":"[redacted]"');
    expect(failure?.[1]).toContain('"newPassword":"[redacted]"');
    expect(failure?.[1]).toMatch(/response: HTTP 202\n\{/);
    expect(junit).not.toContain('Verify#2026');
    expect(junit).toMatch(/<system-out><!\[CDATA\[warning undeclared key undeclared: true/);
  });

  it('reports a sign-in answering off-contract as one setup error naming the zod issues, and skips what needs it', async () => {
    // Answers {} to sign-in and every call with a token, and refuses calls without one as an API does.
    const stub: Server = createServer((request, response) => {
      const signingIn = request.url === contract.auth.signin.path;
      response.setHeader('content-type', 'application/json');
      if (!signingIn && !request.headers.authorization) {
        response.statusCode = 401;
        response.end(JSON.stringify({ statusMessages: ['Please sign in.'], errors: [] }));
        return;
      }
      response.end('{}');
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    try {
      const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
      const { results } = await verify({ baseUrl: stubUrl, only: ['reports.', 'settings.getSettings', 'coupons.'] });
      const errors = results.filter((result) => result.verdict === 'ERROR');
      expect(errors).toHaveLength(1);
      expect(errors[0]?.path).toBe('sign-in as admin@publisher.test answered off-contract');
      expect(errors[0]?.differences).toEqual(
        expect.arrayContaining([
          { path: 'token', expected: 'string', received: 'nothing (no such key)' },
          { path: 'user', expected: 'object', received: 'nothing (no such key)' },
        ]),
      );
      expect(results.filter((result) => result.verdict === 'DRIFT')).toEqual([]);
      const contractChecks = results.filter((result) => result.check === 'contract');
      expect(contractChecks.length).toBeGreaterThan(35);
      for (const result of contractChecks) {
        expect(result.verdict, result.key).toBe('SKIPPED');
        expect(result.detail).toBe(
          'needs sign-in as admin@publisher.test answered off-contract, which failed (see setup)',
        );
      }

      const { code, output, junit } = await runCli(stubUrl, '--only', 'coupons.');
      expect(code).toBe(1);
      expect(output).toMatch(
        /ERROR\s+SETUP sign-in as admin@publisher\.test answered off-contract: user: expected object/,
      );
      expect(output).toMatch(/\n\s+also token: expected string, received nothing \(no such key\)\n/);
      expect(output).toContain('1 setup error');
      expect(junit).toMatch(/<testsuite [^>]*failures="0" errors="1" skipped="\d+"/);
    } finally {
      await new Promise<void>((resolve) => stub.close(() => resolve()));
    }
  });

  it('never prints "undefined", even against a server that answers {} to everything', async () => {
    const empty: Server = createServer((_, response) => {
      response.setHeader('content-type', 'application/json');
      response.end('{}');
    });
    await new Promise<void>((resolve) => empty.listen(0, '127.0.0.1', resolve));
    try {
      const emptyUrl = `http://127.0.0.1:${(empty.address() as AddressInfo).port}`;
      const full = await runCli(emptyUrl);
      expect(full.code).toBe(1);
      expect(full.output).toMatch(/Left on the server \(\d+;/);
      expect(full.output).toContain('podcast "verify" (its id not in the answer) (no delete route)');
      expect(full.output).not.toContain('undefined');
      expect(full.junit).not.toContain('undefined');
      const readOnly = await runCli(emptyUrl, '--read-only');
      expect(readOnly.output).toContain("the target's mock controls gave no session (GET /__control answered 200 {})");
      expect(readOnly.output).not.toContain('undefined');
    } finally {
      await new Promise<void>((resolve) => empty.close(() => resolve()));
    }
  });

  it('reports a server that does not answer as unreachable, exit code 1', async () => {
    await proxy?.stop();
    proxy = undefined;
    const { code, output, junit } = await runCli('http://127.0.0.1:9', '--only', 'system.health');
    expect(code).toBe(1);
    expect(output).toMatch(/UNREACHABLE\s+GET \/health/);
    expect(junit).toMatch(/errors="1"/);
  });
});
