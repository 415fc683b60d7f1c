import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { contract } from '@publisher/contract';
import { findFreePort } from '@publisher/db';
import { NOT_IN_CONTRACT, startVerifyProxy, type VerifyProxy } from './proxy';
import { DEMO_VENDOR, signIn, type Session } from './session';
import { startApi, type RunningApi } from './testing/api-server';
import { startTamperingProxy, type RunningProxy, type Tamper } from './testing/tampering-proxy';

const HERE = dirname(fileURLToPath(import.meta.url));
const TSX = join(HERE, '..', '..', '..', 'node_modules', '.bin', 'tsx');
const scratch = mkdtempSync(join(tmpdir(), 'verify-proxy-test-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface RawAnswer {
  status: number;
  /** Name/value pairs as sent, without the ones each server sets for its own connection. */
  headers: string[][];
  body: Buffer;
}

const OWN_CONNECTION = new Set(['date', 'connection', 'keep-alive']);

/** One call with Node's own client: no decompression, no redirect, the answer's bytes as they came. */
function rawCall(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const headers: string[][] = [];
        for (let index = 0; index + 1 < answer.rawHeaders.length; index += 2) {
          const name = answer.rawHeaders[index] ?? '';
          if (!OWN_CONNECTION.has(name.toLowerCase())) headers.push([name, answer.rawHeaders[index + 1] ?? '']);
        }
        resolve({ status: answer.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      answer.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** Every byte value, and invalid UTF-8: a body that survives only if it is passed on as bytes. */
const BINARY = Buffer.concat([
  Buffer.from(Array.from({ length: 256 }, (_, index) => index)),
  Buffer.from([0xc3, 0x28]),
]);

describe('the verify proxy against a stub backend', () => {
  let stub: Server;
  let stubUrl: string;
  let proxy: VerifyProxy | undefined;
  const lines: string[] = [];

  beforeAll(async () => {
    // Echoes each call as JSON; /health answers off-contract, gzip-compressed.
    stub = createServer((request, response) => {
      void readBody(request).then((body) => {
        if (request.url === '/base/health') {
          response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
          response.end(gzipSync(JSON.stringify({ status: 'fine', extra: 1 })));
          return;
        }
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            method: request.method,
            url: request.url,
            host: request.headers.host,
            authorization: request.headers.authorization,
            custom: request.headers['x-custom'],
            body: body.toString('base64'),
          }),
        );
      });
    });
    stubUrl = await listen(stub);
  });

  afterAll(async () => {
    await proxy?.stop();
    await close(stub);
  });

  it('forwards method, path, query, headers and the body byte for byte, and reports a path not in the contract once', async () => {
    proxy = await startVerifyProxy({ target: `${stubUrl}/base/`, port: 0, log: (line) => lines.push(line) });
    const call = () =>
      rawCall(`${proxy?.url ?? ''}/echo/x?a=1&a=2&b=%20c`, {
        method: 'PUT',
        headers: {
          authorization: 'Bearer secret-token',
          'x-custom': 'kept',
          'content-type': 'application/octet-stream',
        },
        body: BINARY,
      });
    const answer = await call();
    const echoed = JSON.parse(answer.body.toString('utf8')) as Record<string, string>;
    expect(echoed).toEqual({
      method: 'PUT',
      url: '/base/echo/x?a=1&a=2&b=%20c',
      host: new URL(stubUrl).host,
      authorization: 'Bearer secret-token',
      custom: 'kept',
      body: BINARY.toString('base64'),
    });
    await call();
    expect(lines).toEqual(['NOT IN THE CONTRACT PUT /echo/x: forwarded, not checked (reported once)']);
    expect(proxy.results()).toEqual([
      expect.objectContaining({ key: NOT_IN_CONTRACT, method: 'PUT', path: '/echo/x', verdict: 'SKIPPED', calls: 2 }),
    ]);
  });

  it('passes a compressed answer on unchanged and checks it decompressed', async () => {
    lines.length = 0;
    const direct = await rawCall(`${stubUrl}/base/health`);
    const through = await rawCall(`${proxy?.url ?? ''}/health`);
    expect(through).toEqual(direct);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^DRIFT GET \/health \(system\.health\) answered 200: status: expected one of "ok", "degraded", received "fine"; database: expected object, received nothing \(no such key\); .*; warning: undeclared key extra$/,
    );
    const health = proxy?.results().find((result) => result.key === 'system.health');
    expect(health?.verdict).toBe('DRIFT');
    expect(health?.exchange?.response.excerpt).toBe('{"status":"fine","extra":1}');
  });

  it('answers 502 and reports the route unreachable when the target does not answer', async () => {
    await proxy?.stop();
    lines.length = 0;
    proxy = await startVerifyProxy({
      target: `http://127.0.0.1:${await findFreePort()}`,
      port: 0,
      log: (line) => lines.push(line),
    });
    const answer = await rawCall(`${proxy.url}/health`);
    expect(answer.status).toBe(502);
    expect(answer.body.toString()).toMatch(
      /^verify proxy: http:\/\/127\.0\.0\.1:\d+ did not answer: connect ECONNREFUSED/,
    );
    expect(lines).toEqual([expect.stringMatching(/^UNREACHABLE GET \/health \(system\.health\): .*ECONNREFUSED/)]);
    expect(proxy.results()[0]?.verdict).toBe('UNREACHABLE');
  });
});

/** A child's output so far, and the moments it first matches a pattern: its own lines are the events to await. */
function watchOutput(child: ChildProcessWithoutNullStreams) {
  let output = '';
  const waiting: { pattern: RegExp; resolve: (found: RegExpExecArray) => void }[] = [];
  const settle = () => {
    for (const waiter of [...waiting]) {
      const found = waiter.pattern.exec(output);
      if (found) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(found);
      }
    }
  };
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    settle();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    text: () => output,
    exited,
    matching: (pattern: RegExp): Promise<RegExpExecArray> =>
      Promise.race([
        new Promise<RegExpExecArray>((resolve) => {
          waiting.push({ pattern, resolve });
          settle();
        }),
        exited.then((code) => {
          throw new Error(`exited with ${String(code)} before printing ${String(pattern)}:\n${output}`);
        }),
      ]),
  };
}

async function runCli(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(TSX, [join(HERE, 'cli.ts'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

describe('the verify proxy flags', () => {
  it('refuses missing or malformed flags with a clear message, exit code 2', async () => {
    const [noTarget, badTarget, badPort, strayTarget, walkFlag] = await Promise.all([
      runCli('--proxy', '--port', '4000'),
      runCli('--proxy', '--target', 'ftp://example.com', '--port', '4000'),
      runCli('--proxy', '--target', 'http://127.0.0.1:3333', '--port', '70000'),
      runCli('--base-url', 'http://127.0.0.1:3333', '--target', 'http://127.0.0.1:3333'),
      runCli('--proxy', '--target', 'http://127.0.0.1:3333', '--port', '4000', '--read-only'),
    ]);
    expect(noTarget).toEqual({ code: 2, output: expect.stringMatching(/^--proxy needs --target <url>/) });
    expect(badTarget).toEqual({ code: 2, output: expect.stringMatching(/^--target must be an http\(s\) URL/) });
    expect(badPort).toEqual({
      code: 2,
      output: expect.stringMatching(/^--port must be a whole number from 0 to 65535/),
    });
    expect(strayTarget).toEqual({ code: 2, output: expect.stringMatching(/^--target goes with --proxy/) });
    expect(walkFlag).toEqual({ code: 2, output: expect.stringMatching(/^--read-only does not apply to --proxy/) });
  });
});

describe('the verify proxy in front of this API, with a tampering proxy behind', () => {
  let api: RunningApi;
  let tampering: RunningProxy;
  let vendor: Session;

  /** coupons.getFilters broken twice: a field renamed, a number answered as a string. */
  const brokenFilters: Tamper = {
    method: 'GET',
    path: contract.coupons.getFilters.path,
    change: ({ status, body }) => ({
      status,
      body: body.replace('"domainNames":', '"domains":').replace(/("type":\[\{[^}]*?"count":)(\d+)/, '$1"$2"'),
    }),
  };

  beforeAll(async () => {
    api = await startApi();
    tampering = await startTamperingProxy(api.baseUrl, brokenFilters);
    vendor = await signIn(api.baseUrl, DEMO_VENDOR);
  });

  afterAll(async () => {
    await tampering.stop();
    await api.stop();
  });

  it('passes every answer on byte for byte and reports only the tampered route, with each difference', async () => {
    const lines: string[] = [];
    const proxy = await startVerifyProxy({ target: tampering.baseUrl, port: 0, log: (line) => lines.push(line) });
    try {
      const auth = { authorization: `Bearer ${vendor.token}` };
      const vendorId = String(vendor.user.vendorId);
      /** The same call to the tampering proxy and through the verify proxy: both answers. */
      const both = async (path: string, options: Parameters<typeof rawCall>[1] = {}) => {
        const direct = await rawCall(`${tampering.baseUrl}${path}`, options);
        const through = await rawCall(`${proxy.url}${path}`, options);
        return { direct, through };
      };

      const coupons = await both(`${contract.coupons.getCoupons.path}?pageNo=1&pageSize=5`, { headers: auth });
      expect(coupons.direct.status).toBe(200);
      expect(coupons.through).toEqual(coupons.direct);

      const merchants = await both(contract.catalog.getMerchants.path, { headers: auth });
      expect(merchants.through).toEqual(merchants.direct);
      const merchantList = JSON.parse(merchants.direct.body.toString()) as {
        data: { merchantInfo: { merchantUrl: string } }[];
      };
      const merchantUrl = merchantList.data[0]?.merchantInfo.merchantUrl;
      expect(merchantUrl).toBeTruthy();

      const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      const range = { startDate: day(8), endDate: day(1) };
      const json = { ...auth, 'content-type': 'application/json' };
      // A POST with a JSON body.
      const earnings = await both(contract.reports.getEarningsReport.path, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(range),
      });
      expect(earnings.direct.status).toBe(200);
      expect(earnings.through).toEqual(earnings.direct);

      // A generated link carries the time it was made: only its tracking link is followed, both ways.
      const generated = await rawCall(`${proxy.url}${contract.deepLinks.generateDeepLink.path}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ merchantUrl }),
      });
      expect(generated.status).toBe(200);
      const link = new URL(
        (JSON.parse(generated.body.toString()) as { deepLinkInfo: { link: string } }).deepLinkInfo.link,
      );

      const redirect = await both(`${link.pathname}${link.search}`);
      expect(redirect.direct.status).toBe(302);
      expect(redirect.through).toEqual(redirect.direct);

      const csvQuery = new URLSearchParams({ campaign_id: vendorId, apiKey: vendor.user.apiKey, ...range });
      const csv = await both(`${contract.reports.downloadConversionReports2.path}?${csvQuery.toString()}`);
      expect(csv.direct.status).toBe(200);
      expect(csv.direct.headers).toContainEqual([
        expect.stringMatching(/^content-type$/i),
        expect.stringMatching(/^text\/csv/),
      ]);
      expect(csv.through).toEqual(csv.direct);

      // The web app's CORS preflight: the target answers it.
      const preflight = await both(contract.coupons.getFilters.path, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:4200',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(preflight.through).toEqual(preflight.direct);
      expect(preflight.through.headers).toContainEqual([
        expect.stringMatching(/^access-control-allow-origin$/i),
        'http://localhost:4200',
      ]);

      const unknown = await both('/no-such-route');
      expect(unknown.through).toEqual(unknown.direct);
      await rawCall(`${proxy.url}/no-such-route`);

      expect(lines).toEqual(['NOT IN THE CONTRACT GET /no-such-route: forwarded, not checked (reported once)']);

      const filters = await both(`${contract.coupons.getFilters.path}?vendorId=${vendorId}`, { headers: auth });
      expect(filters.through).toEqual(filters.direct);
      expect(filters.through.body.toString()).toContain('"domains":');
      expect(lines.slice(1)).toEqual([
        'DRIFT GET /coupons/getFilters (coupons.getFilters) answered 200: ' +
          'domainNames: expected array, received nothing (no such key); type.0.count: expected number, received string; ' +
          'warning: undeclared key domains',
      ]);

      const results = proxy.results();
      expect(results.map((result) => [result.key, result.verdict])).toEqual([
        ['coupons.getCoupons', 'PASS'],
        ['catalog.getMerchants', 'PASS'],
        ['reports.getEarningsReport', 'PASS'],
        ['deepLinks.generateDeepLink', 'PASS'],
        ['deepLinks.followDirectLink', 'PASS'],
        ['reports.downloadConversionReports2', 'PASS'],
        [NOT_IN_CONTRACT, 'SKIPPED'],
        ['coupons.getFilters', 'DRIFT'],
      ]);
      const drift = results.find((result) => result.verdict === 'DRIFT');
      expect(drift?.differences).toEqual([
        { path: 'domainNames', expected: 'array', received: 'nothing (no such key)' },
        { path: 'type.0.count', expected: 'number', received: 'string' },
      ]);
      expect(drift?.exchange?.request.url).toBe(`${tampering.baseUrl}/coupons/getFilters?vendorId=${vendorId}`);
      // The preflight and the path not in the contract are forwarded, not checked.
      expect(proxy.checkedCalls()).toBe(7);
    } finally {
      await proxy.stop();
    }
  });

  it('on SIGTERM writes a JUnit failure with the request and an excerpt of the answer, exit code 1', async () => {
    const junitFile = join(scratch, 'proxy-junit.xml');
    const child = spawn(
      TSX,
      [join(HERE, 'cli.ts'), '--proxy', '--target', tampering.baseUrl, '--port', '0', '--junit', junitFile],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    // A step that fails or times out must not leave the proxy running (tsx passes SIGTERM on to it; not SIGKILL).
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGTERM');
    });
    const watch = watchOutput(child);
    const [, url = ''] = await watch.matching(/Verify proxy on (http:\/\/127\.0\.0\.1:\d+) ->/);

    const auth = { authorization: `Bearer ${vendor.token}` };
    const query = new URLSearchParams({ vendorId: String(vendor.user.vendorId), apiKey: vendor.user.apiKey });
    expect(
      (await rawCall(`${url}${contract.coupons.getFilters.path}?${query.toString()}`, { headers: auth })).status,
    ).toBe(200);
    expect((await rawCall(`${url}${contract.coupons.getCoupons.path}`, { headers: auth })).status).toBe(200);
    await watch.matching(/^DRIFT GET \/coupons\/getFilters .*\n/m);

    child.kill('SIGTERM');
    expect(await watch.exited).toBe(1);
    const output = watch.text();
    expect(output).toMatch(
      /DRIFT\s+GET \/coupons\/getFilters\s+domainNames: expected array, received nothing \(no such key\) \(1 of 1 calls\)/,
    );
    expect(output).toMatch(/PASS\s+GET \/coupons\/getcoupons/);
    expect(output).toContain('1/2 routes pass (1 drift); 1 warning (undeclared keys); 2 calls checked against');
    const junit = readFileSync(junitFile, 'utf8');
    expect(junit).toMatch(/<testsuite [^>]*tests="2" failures="1" errors="0"/);
    for (const testCase of junit.match(/<testcase [^>]*>/g) ?? []) expect(testCase).toMatch(/ time="\d+(\.\d+)?"/);
    const failure =
      /<failure message="domainNames: expected array, received nothing \(no such key\) \(1 of 1 calls\)" type="drift"><!\[CDATA\[([\s\S]*?)\]\]><\/failure>/.exec(
        junit,
      );
    expect(failure?.[1]).toContain('difference type.0.count: expected number, received string');
    expect(failure?.[1]).toContain('warning undeclared key domains');
    expect(failure?.[1]).toContain(
      `request: GET ${tampering.baseUrl}/coupons/getFilters?vendorId=${String(vendor.user.vendorId)}&apiKey=%5Bredacted%5D`,
    );
    expect(failure?.[1]).toMatch(/response: HTTP 200\n\{"domains":\[/);
    expect(junit).not.toContain(vendor.user.apiKey);
  });
});
