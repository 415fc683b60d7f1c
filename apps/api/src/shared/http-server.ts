import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { envelope } from './error-envelope';

export interface HttpServerOptions {
  /** Longest a client may take to send a whole request (headers and body). */
  requestTimeoutMs?: number;
  /** Longest a client may take to send the request's headers. */
  headersTimeoutMs?: number;
}

export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 20_000;

/** Node's parser errors and the status a client should see for each (anything else is a 400). */
const STATUS_BY_PARSER_CODE: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
};

const MESSAGE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'The request is not valid HTTP.',
  408: 'The request took too long to arrive.',
  413: 'The request is too large.',
  431: 'The request headers are too large.',
};

/** The raw answer to a request Node's HTTP parser refused: the API's JSON envelope, then the connection closes. */
export function clientErrorResponse(code: string | undefined): string {
  const status = (code !== undefined ? STATUS_BY_PARSER_CODE[code] : undefined) ?? 400;
  const body = JSON.stringify(envelope([MESSAGE_BY_STATUS[status] ?? 'Bad request.']));
  return [
    `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${String(Buffer.byteLength(body))}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The API's HTTP server. Slow clients are cut off within about 30 s (Node's default lets a request that
 * announced a body and sends nothing hold its connection for 300 s), and what Node's parser refuses (oversized
 * headers, malformed requests, timeouts) answers in the API's JSON error envelope rather than a bare status line.
 */
export function createHttpServer(app: Express, options: HttpServerOptions = {}): Server {
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS, requestTimeout),
      // How often Node looks for connections past those limits (default 30 s, which doubles the wait).
      connectionsCheckingInterval: Math.min(2_000, requestTimeout),
    },
    app,
  );
  server.on(
    'clientError',
    (error: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: { headersSent?: boolean } }) => {
      // Nothing can be written once the connection is gone or a response has begun: just close it.
      if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
        socket.destroy();
        return;
      }
      socket.end(clientErrorResponse(error.code));
    },
  );
  return server;
}

/** The requests a server is answering (a clean stop waits for them: main.ts). */
export interface RequestsInFlight {
  readonly count: number;
  /** Resolves true once none is in flight, false when `withinMs` passes first. */
  answered(withinMs: number): Promise<boolean>;
}

/** Counts the requests `server` is answering, from now: each from its arrival until its answer ends or breaks off. */
export function countRequestsInFlight(server: Server): RequestsInFlight {
  let count = 0;
  const waiters = new Set<() => void>();
  server.on('request', (_request, response) => {
    count += 1;
    response.once('close', () => {
      count -= 1;
      if (count === 0) for (const wake of waiters) wake();
    });
  });
  return {
    get count() {
      return count;
    },
    answered(withinMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(done);
          resolve(false);
        }, withinMs);
        timer.unref();
        function done(): void {
          clearTimeout(timer);
          waiters.delete(done);
          resolve(true);
        }
        waiters.add(done);
      });
    },
  };
}
