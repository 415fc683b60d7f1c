import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed/demo-accounts';
import { startApiProcess } from './testing/api-process';
import { buildVendor, type BuiltVendor } from './testing/factories';
import { useTestApp } from './testing/test-app';

/**
 * docker-compose.yml's topology, started natively (no Docker engine here): two API processes with its production
 * settings behind a proxy that does what its nginx does (`/api/` stripped, round robin, X-Forwarded-For set to
 * the client's address, TRUST_PROXY=1 on the API).
 */
useTestApp();

/** The compose file's API environment, with test values for its required secrets. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'production-topology-test-secret-0123456789abcdef',
  EXTENSION_SERVICE_EMAIL: 'extension-service@example.invalid',
  EXTENSION_SERVICE_PASSWORD: 'production-topology-extension-password',
  EXTENSION_SERVICE_STANDIN: 'false',
  TRUST_PROXY: '1',
  SEED_ON_START: 'false',
  SEED_DEMO_ACCOUNTS: 'false',
  MOCK_CONTROLS: 'false',
};

/** The proxy's state for one test file: where it sends each call, and which backend answered which call. */
function createProxy(backends: readonly string[]) {
  const served: string[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith('/api/')) {
      res.writeHead(404).end();
      return;
    }
    const backend = backends[next % backends.length] ?? '';
    next += 1;
    served.push(backend);
    const target = new URL(req.url.slice('/api'.length), backend);
    const upstream = forward(
      target,
      {
        method: req.method,
        headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  return { server, served };
}

describe('the production topology: two API processes behind a proxy', () => {
  const processes: ChildProcess[] = [];
  const context = {} as { proxy: ReturnType<typeof createProxy>; url: string; vendor: BuiltVendor };

  beforeAll(async () => {
    context.vendor = await buildVendor({ password: DEMO_PASSWORD });
    const started = await Promise.all([startApiProcess(PRODUCTION_ENV), startApiProcess(PRODUCTION_ENV)]);
    processes.push(...started.map(({ child }) => child));
    context.proxy = createProxy(started.map(({ url }) => url));
    context.proxy.server.listen(0, '127.0.0.1');
    await once(context.proxy.server, 'listening');
    context.url = `http://127.0.0.1:${String((context.proxy.server.address() as AddressInfo).port)}/api`;
  }, 120_000);

  afterAll(async () => {
    context.proxy.server.close();
    await Promise.all(
      processes.map(async (child) => {
        child.kill('SIGTERM');
        if (child.exitCode === null) await once(child, 'exit');
      }),
    );
  });

  it('serves a signed-in vendor from both processes alike, with the production rules', async () => {
    const signin = await fetch(`${context.url}/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: context.vendor.user.email, password: DEMO_PASSWORD }),
    });
    expect(signin.status).toBe(200);
    const { token, user } = (await signin.json()) as { token: string; user: { _id: string; vendorId: number } };

    // Four calls, round robin: each process answers two of them, the same account from the same token.
    const answers = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const response = await fetch(`${context.url}/auth/${user._id}`, { headers: { authorization: token } });
        return { status: response.status, body: (await response.json()) as { data: { vendorId: number } } };
      }),
    );
    expect(answers.map(({ status, body }) => [status, body.data.vendorId])).toEqual(
      answers.map(() => [200, user.vendorId]),
    );
    expect(new Set(context.proxy.served).size).toBe(2);

    // Production: no scenario controls, and Prefer is not honoured.
    expect((await fetch(`${context.url}/__control`)).status).toBe(404);
    const preferred = await fetch(`${context.url}/auth/${user._id}`, {
      headers: { authorization: token, prefer: 'code=503' },
    });
    expect(preferred.status).toBe(200);
    expect(preferred.headers.get('preference-applied')).toBeNull();
    const health = await fetch(`${context.url}/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe('ok');
  });
});
