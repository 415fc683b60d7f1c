import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the proxy breaks one route's answer: a new status and body for the path it matches. */
export interface Tamper {
  /** The method it matches, or `*` for every method. */
  method: string;
  /** The path it matches exactly, or every path the pattern matches. */
  path: string | RegExp;
  change(answer: { status: number; body: string }): { status: number; body: string };
}

export interface RunningProxy {
  baseUrl: string;
  stop(): Promise<void>;
}

const HOP_HEADERS = new Set(['connection', 'content-length', 'content-encoding', 'transfer-encoding', 'keep-alive']);

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A server in front of the real API that answers every call as the API does, except the routes whose handlers
 * are "broken" by `tampers`: the verifier must report those routes, and only them.
 */
export async function startTamperingProxy(targetUrl: string, ...tampers: Tamper[]): Promise<RunningProxy> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', targetUrl);
      const body = await readBody(request);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' && name !== 'host' && !HOP_HEADERS.has(name)) headers.set(name, value);
      }
      const answer = await fetch(url, {
        method: request.method ?? 'GET',
        headers,
        body: body.length > 0 ? body : undefined,
        redirect: 'manual',
      });
      let status = answer.status;
      let text = await answer.text();
      for (const tamper of tampers) {
        const isMethod = tamper.method === '*' || request.method === tamper.method;
        const isPath = typeof tamper.path === 'string' ? url.pathname === tamper.path : tamper.path.test(url.pathname);
        if (isMethod && isPath) {
          ({ status, body: text } = tamper.change({ status, body: text }));
        }
      }
      answer.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name)) response.setHeader(name, value);
      });
      response.statusCode = status;
      response.end(text);
    })().catch((error: unknown) => {
      response.statusCode = 502;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
