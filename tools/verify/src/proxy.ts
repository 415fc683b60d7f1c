/**
 * Proxy mode (`npm run verify -- --proxy --target <url> --port <n>`): an HTTP proxy the web app (or any client)
 * calls instead of its backend. Every call goes to the target as it came (method, path, query, headers, body) and
 * the client gets the target's answer unchanged, byte for byte; the answer is also checked against the contract
 * route the call matches, with the same rules as the verifier's walk (check.ts), and each call that breaks the
 * contract is reported as it happens. The results per route feed the verifier's table and JUnit report.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { isZodType } from '@ts-rest/core';
import type { ContractRoute } from '@publisher/contract';
import { documentedResponse, formatIssue, inspectBody, type Finding, type Issue } from './check';
import { routeOfCall } from './effects';
import { EXCERPT_CHARS, isSecretKey, redacted, type Exchange, type RouteResult } from './verify';

export interface ProxyOptions {
  /** The backend the calls go to; a path in it prefixes every call's path. */
  target: string;
  /** 0 picks a free port (see `url`). */
  port: number;
  host?: string | undefined;
  /** Where the live report goes, one line per call that breaks the contract (default: stdout). */
  log?: ((line: string) => void) | undefined;
}

export interface VerifyProxy {
  /** Where the proxy listens, e.g. `http://127.0.0.1:4000`. */
  url: string;
  /** One result per contract route seen and per path not in the contract, in the order first seen. */
  results(): RouteResult[];
  /** How many calls were checked against the contract (preflights and HEAD calls are forwarded only). */
  checkedCalls(): number;
  /** Stops taking calls and resolves once the calls in flight have been answered and checked. */
  stop(): Promise<void>;
}

/** The key of the results of calls to paths the contract does not have. */
export const NOT_IN_CONTRACT = 'not-in-contract';

/** Headers of one connection, not of the call: never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Of an answer's headers, these belong to the target's connection; Node sets its own to the client. Framing
 * (content-length, transfer-encoding) stays: the body is passed on as it came.
 */
const CONNECTION_HEADERS: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection']);

/** How much of a request body a report keeps (enough for any JSON call the web makes). */
const REQUEST_BODY_KEPT = 64 * 1024;

/** The first bytes of a stream, and how many it had. */
class Capture {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  total = 0;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.kept >= this.limit) return;
    const part = chunk.subarray(0, this.limit - this.kept);
    this.chunks.push(part);
    this.kept += part.length;
  }

  get isComplete(): boolean {
    return this.kept === this.total;
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** The request's headers for the target: all but the hop-by-hop ones and Host (the target's own). */
function forwardedHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  // Headers the client named in Connection are hop-by-hop too.
  const named = new Set(
    (headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const forwarded: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && name !== 'host' && !HOP_BY_HOP.has(name) && !named.has(name)) forwarded[name] = value;
  }
  return forwarded;
}

/** The answer's headers for the client, as raw name/value pairs (names spelt and repeated as the target did). */
function passedHeaders(raw: readonly string[]): string[] {
  const passed: string[] = [];
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index];
    const value = raw[index + 1];
    if (name !== undefined && value !== undefined && !CONNECTION_HEADERS.has(name.toLowerCase())) {
      passed.push(name, value);
    }
  }
  return passed;
}

function headersOf(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  return headers;
}

/** A body as sent, decoded (gzip, br, deflate) to check it; undefined when it cannot be decoded. */
function decoded(body: Buffer, encoding: string | undefined): Buffer | undefined {
  try {
    switch ((encoding ?? '').trim().toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(body);
      case 'br':
        return brotliDecompressSync(body);
      case 'deflate':
        return inflateSync(body);
      case '':
      case 'identity':
        return body;
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

/** The call as a report shows it: the target's URL with secret query values redacted, and a JSON body redacted. */
function requestOf(
  method: string,
  url: string,
  targetBase: string,
  body: Capture,
  contentType: string,
): Exchange['request'] {
  const [path = '/', search = ''] = url.split(/\?(.*)/s);
  const query = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) query.append(name, isSecretKey(name) ? '[redacted]' : value);
  const queryText = query.toString();
  let shown: string | undefined;
  if (body.total > 0) {
    shown = `(${contentType || 'no content type'}, ${body.total} bytes)`;
    if (body.isComplete && /json/i.test(contentType)) {
      try {
        shown = JSON.stringify(redacted(JSON.parse(body.bytes().toString('utf8'))));
      } catch {
        // Not JSON after all: its size and type say enough.
      }
    }
  }
  return { method, url: `${targetBase}${path}${queryText ? `?${queryText}` : ''}`, body: shown };
}

const listOf = (issues: readonly Issue[]): string => issues.map(formatIssue).join('; ');
const warningsOf = (issues: readonly Issue[]): string =>
  issues.map((issue) => `warning: undeclared key ${issue.path}`).join('; ');

/** A warning's path with array indexes folded, so one undeclared key of a list is reported once. */
const warningKey = (key: string, issue: Issue): string => `${key} ${issue.path.replace(/\.\d+(?=\.|$)/g, '.*')}`;

/** Starts the proxy; it forwards and checks until `stop()`. */
export async function startVerifyProxy(options: ProxyOptions): Promise<VerifyProxy> {
  const target = new URL(options.target);
  const targetBase = `${target.origin}${target.pathname.replace(/\/+$/, '')}`;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const log = options.log ?? ((line: string) => console.log(line));
  const results = new Map<string, RouteResult>();
  const brokenCalls = new Map<string, number>();
  const warned = new Set<string>();
  let checked = 0;
  let inFlight = 0;
  let onIdle: (() => void) | undefined;

  /** The result of a contract route (by its key) or of a path not in the contract (by method and path). */
  const resultFor = (key: string, method: string, path: string, seenAs = key): RouteResult => {
    let result = results.get(seenAs);
    if (!result) {
      result = {
        key,
        method,
        path,
        check: 'contract',
        verdict: 'PASS',
        detail: '',
        differences: [],
        warnings: [],
        calls: 0,
        durationMs: 0,
      };
      results.set(seenAs, result);
    }
    return result;
  };

  const noteAnswer = (entry: ContractRoute, found: Finding, exchange: Exchange, durationMs: number): void => {
    checked += 1;
    const result = resultFor(entry.key, entry.method, entry.path);
    result.calls += 1;
    result.durationMs += durationMs;
    const route = `${entry.method} ${entry.path} (${entry.key}) answered ${exchange.response.status}`;
    const fresh = found.warnings.filter((issue) => !warned.has(warningKey(entry.key, issue)));
    for (const issue of fresh) warned.add(warningKey(entry.key, issue));
    if (found.differences.length > 0) {
      brokenCalls.set(entry.key, (brokenCalls.get(entry.key) ?? 0) + 1);
      log(
        `DRIFT ${route}: ${listOf(found.differences)}${found.warnings.length > 0 ? `; ${warningsOf(found.warnings)}` : ''}`,
      );
      // The report keeps the first call that broke the contract: its differences, request and answer.
      if (result.verdict !== 'DRIFT') {
        Object.assign(result, { verdict: 'DRIFT', ...found, exchange });
      }
    } else if (fresh.length > 0) {
      log(`WARN ${route}: ${warningsOf(fresh)}`);
      if (result.verdict === 'PASS' && result.warnings.length === 0) {
        Object.assign(result, { warnings: found.warnings, exchange });
      }
    }
  };

  const noteUnknown = (method: string, path: string, durationMs: number): void => {
    const seenAs = `${method} ${path}`;
    if (!results.has(seenAs)) log(`NOT IN THE CONTRACT ${seenAs}: forwarded, not checked (reported once)`);
    const noted = resultFor(NOT_IN_CONTRACT, method, path, seenAs);
    noted.verdict = 'SKIPPED';
    noted.detail = 'not in the contract: forwarded, not checked';
    noted.calls += 1;
    noted.durationMs += durationMs;
  };

  const noteUnreachable = (entry: ContractRoute, exchange: Exchange, message: string, durationMs: number): void => {
    log(`UNREACHABLE ${entry.method} ${entry.path} (${entry.key}): ${message}`);
    const result = resultFor(entry.key, entry.method, entry.path);
    result.calls += 1;
    result.durationMs += durationMs;
    if (result.verdict === 'PASS') Object.assign(result, { verdict: 'UNREACHABLE', detail: message, exchange });
  };

  const server = createServer((request, response) => {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    const path = url.split('?')[0] ?? url;
    // CORS preflights and HEAD calls are the target's to answer: forwarded, not checked.
    const isChecked = method !== 'OPTIONS' && method !== 'HEAD';
    const entry = isChecked ? routeOfCall(method, path) : undefined;
    const requestBody = new Capture(REQUEST_BODY_KEPT);
    const exchangeRequest = (): Exchange['request'] =>
      requestOf(method, url, targetBase, requestBody, request.headers['content-type'] ?? '');
    let isSettled = false;
    const settle = (): void => {
      if (isSettled) return;
      isSettled = true;
      inFlight -= 1;
      if (inFlight === 0) onIdle?.();
    };
    inFlight += 1;

    const upstream = send({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method,
      path: `${target.pathname.replace(/\/+$/, '')}${url}`,
      headers: forwardedHeaders(request.headers),
    });
    request.on('data', (chunk: Buffer) => requestBody.add(chunk));
    request.pipe(upstream);
    // A client that hangs up ends the call to the target too; nothing is reported for it.
    let isClientGone = false;
    response.on('close', () => {
      if (!response.writableFinished) {
        isClientGone = true;
        upstream.destroy();
      }
      settle();
    });

    upstream.on('response', (answer: IncomingMessage) => {
      const status = answer.statusCode ?? 502;
      // Bodies the contract has a schema for are kept whole to check; others only for the report's excerpt.
      const isWhole = entry !== undefined && isZodType(documentedResponse(entry.route, status));
      const body = new Capture(isWhole ? Number.POSITIVE_INFINITY : EXCERPT_CHARS);
      response.writeHead(status, answer.statusMessage, passedHeaders(answer.rawHeaders));
      answer.on('data', (chunk: Buffer) => body.add(chunk));
      answer.pipe(response, { end: false });
      answer.on('error', () => response.destroy());
      answer.on('end', () => {
        try {
          if (!isChecked || isClientGone) return;
          // A 304 revalidates the client's cached copy: not an answer of the route to check.
          if (!entry) noteUnknown(method, path, elapsed());
          else if (status !== 304) {
            const encoding = answer.headers['content-encoding'];
            const bytes = decoded(body.bytes(), encoding);
            const text = bytes?.toString('utf8') ?? `(${body.total} bytes, ${encoding ?? ''}-encoded)`;
            const found = inspectBody(entry.route, { status, headers: headersOf(answer.headers), text });
            const exchange: Exchange = {
              request: exchangeRequest(),
              response: { status, excerpt: text.slice(0, EXCERPT_CHARS) },
            };
            noteAnswer(entry, found, exchange, elapsed());
          }
        } finally {
          // Checked before the client has the last byte: a client that has its answer can read the report.
          response.end();
        }
      });
    });

    upstream.on('error', (error) => {
      if (isClientGone) return;
      const message = `${targetBase} did not answer: ${error.message}`;
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`verify proxy: ${message}`);
      } else {
        response.destroy();
      }
      if (entry) {
        const exchange = { request: exchangeRequest(), response: { status: 502, excerpt: message } };
        noteUnreachable(entry, exchange, message, elapsed());
      } else if (isChecked) {
        noteUnknown(method, path, elapsed());
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    results: () =>
      [...results.values()].map((result) => {
        const broken = brokenCalls.get(result.key) ?? 0;
        const first = result.differences[0];
        return result.verdict === 'DRIFT' && first
          ? { ...result, detail: `${formatIssue(first)} (${broken} of ${result.calls} calls)` }
          : { ...result };
      }),
    checkedCalls: () => checked,
    stop: async () => {
      server.close();
      server.closeIdleConnections();
      if (inFlight > 0) await new Promise<void>((resolve) => (onIdle = resolve));
      server.closeAllConnections();
    },
  };
}
