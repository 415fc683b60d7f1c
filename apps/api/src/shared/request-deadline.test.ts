import { Agent, createServer, get, type Server } from 'node:http';
import express, { type Request, type Response } from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from './db-limits';
import { errorHandler } from './error-handler';
import { createDatabaseProbe, requestDeadline, writeFenceOf, type DatabaseProbe } from './request-deadline';

/** A probe the test answers: `healthy` says what the next probes find; `calls` counts them. */
function fakeProbe() {
  const probe = { healthy: true, calls: 0 };
  const answers: DatabaseProbe = {
    answers: async () => {
      probe.calls += 1;
      return probe.healthy;
    },
  };
  return { probe, answers };
}

/** Waits (on I/O turns, not on the faked clock) until the request reached its handler. */
async function untilHandled(held: readonly unknown[]): Promise<void> {
  for (let turn = 0; held.length === 0; turn += 1) {
    if (turn > 1_000) throw new Error('the request never reached its handler');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Resolvers of the handlers' held answers, in arrival order. */
type Release = (res: Response) => void;

function appWith(probe: DatabaseProbe, held: Release[], log: string[]) {
  const app = express();
  app.use(requestDeadline({ deadlineMs: 5_000, probeTimeoutMs: 1_000, recheckMs: 2_000, probe }));
  // A handler stuck on the database: it answers only when the test releases it (a late result).
  app.get('/stuck', (_req: Request, res: Response, next) => {
    held.push((response) => {
      try {
        response.json({ late: true });
      } catch (error) {
        next(error);
      }
    });
  });
  app.use(errorHandler((line) => log.push(line)));
  return app;
}

describe('request deadline', () => {
  let server: Server;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    server?.close();
  });

  it('answers 503 with Retry-After at the deadline when the database does not answer; a late result is dropped', async () => {
    const { probe, answers } = fakeProbe();
    probe.healthy = false;
    const held: Release[] = [];
    const log: string[] = [];
    const responses: Response[] = [];
    const app = appWith(answers, held, log);
    server = createServer((req, res) => {
      responses.push(res as unknown as Response);
      app(req, res);
    });
    const pending = request(server)
      .get('/stuck')
      .then((res) => res);
    await untilHandled(held);
    await vi.advanceTimersByTimeAsync(3_749);
    expect(probe.calls).toBe(0);
    // The probe starts 1.25 s before the deadline (its own 1 s timeout and some slack), so the answer leaves by it.
    await vi.advanceTimersByTimeAsync(1);
    const res = await pending;
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({
      statusMessages: [DATABASE_UNAVAILABLE_MESSAGE],
      errors: [DATABASE_UNAVAILABLE_MESSAGE],
    });

    // The handler finishes after all: nothing crashes, the answer stays the 503, the error handler notes it.
    const release = held[0];
    const response = responses[0];
    if (!release || !response) throw new Error('the handler did not run');
    release(response);
    expect(log.some((line) => /late error after the answer to GET \/stuck/.test(line))).toBe(true);
  });

  it('survives a late stream write after the 503 on a connection the client keeps open', async () => {
    const { probe, answers } = fakeProbe();
    probe.healthy = false;
    const held: Release[] = [];
    const responses: Response[] = [];
    const app = appWith(answers, held, []);
    server = createServer((req, res) => {
      responses.push(res as unknown as Response);
      app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address !== 'object' || address === null) throw new Error('no address');
    const agent = new Agent({ keepAlive: true });
    const answered = new Promise<number>((resolve, reject) => {
      get({ host: '127.0.0.1', port: address.port, path: '/stuck', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }).on('error', reject);
    });
    await untilHandled(held);
    await vi.advanceTimersByTimeAsync(3_750);
    expect(await answered).toBe(503);

    // The client keeps the connection: a CSV download that finally starts writing must not raise an unhandled
    // 'error' event (which would end the process); Node refuses the write quietly, the response being finished.
    const response = responses[0];
    if (!response) throw new Error('the handler did not run');
    expect(response.write('late,csv\n')).toBe(false);
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    agent.destroy();
  });

  it('lets a slow request on a database that answers go on, and answers 503 once a later stall is seen', async () => {
    const { probe, answers } = fakeProbe();
    const held: Release[] = [];
    const app = appWith(answers, held, []);
    let settled = false;
    const pending = request(app)
      .get('/stuck')
      .then((res) => {
        settled = true;
        return res;
      });
    await untilHandled(held);
    await vi.advanceTimersByTimeAsync(3_750);
    expect(probe.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(probe.calls).toBe(2);
    expect(settled).toBe(false);

    probe.healthy = false;
    await vi.advanceTimersByTimeAsync(2_000);
    const res = await pending;
    expect(res.status).toBe(503);
    expect(probe.calls).toBe(3);
  });

  it('stops checking a request whose client went away, even while a probe was running', async () => {
    let release: (answered: boolean) => void = () => undefined;
    let calls = 0;
    const slowProbe: DatabaseProbe = {
      answers: () => {
        calls += 1;
        return new Promise<boolean>((resolve) => (release = resolve));
      },
    };
    const held: Release[] = [];
    server = createServer(appWith(slowProbe, held, []));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address !== 'object' || address === null) throw new Error('no address');
    const client = get({ host: '127.0.0.1', port: address.port, path: '/stuck' });
    client.on('error', () => undefined);
    await untilHandled(held);
    await vi.advanceTimersByTimeAsync(3_750);
    expect(calls).toBe(1);

    client.destroy();
    // The server sees the connection close before the probe answers that the database is fine.
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    release(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(1);
  });

  it('never probes for a request answered before the deadline', async () => {
    const { probe, answers } = fakeProbe();
    const app = express();
    app.use(requestDeadline({ deadlineMs: 5_000, probeTimeoutMs: 1_000, recheckMs: 2_000, probe: answers }));
    app.get('/quick', (_req, res) => {
      res.json({ ok: true });
    });
    expect((await request(app).get('/quick')).status).toBe(200);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probe.calls).toBe(0);
  });

  it('fences writes: the 503 aborts a write before its commit point, and a committed write is never answered 503', async () => {
    const { probe, answers } = fakeProbe();
    probe.healthy = false;
    const app = express();
    app.use(requestDeadline({ deadlineMs: 5_000, probeTimeoutMs: 1_000, recheckMs: 2_000, probe: answers }));
    const commits: string[] = [];
    const gates = new Map<string, () => void>();
    // A write that waits (for its lease, say), then commits, then answers what it did.
    app.post('/write/:name', (req: Request<{ name: string }>, res: Response, next) => {
      const fence = writeFenceOf(res);
      const { name } = req.params;
      const commitFirst = name === 'early';
      if (commitFirst) fence?.commit();
      gates.set(name, () => {
        try {
          if (!commitFirst) fence?.commit();
          commits.push(name);
          res.json({ committed: name });
        } catch (error) {
          next(error);
        }
      });
    });
    const log: string[] = [];
    app.use(errorHandler((line) => log.push(line)));
    server = createServer(app);
    const late = request(server)
      .post('/write/late')
      .then((res) => res);
    const early = request(server)
      .post('/write/early')
      .then((res) => res);
    for (let turn = 0; gates.size < 2; turn += 1) {
      if (turn > 1_000) throw new Error('the requests never reached their handler');
      await new Promise((resolve) => setImmediate(resolve));
    }
    await vi.advanceTimersByTimeAsync(6_000);
    // Not committed at the deadline: 503, and its commit is refused afterwards.
    expect((await late).status).toBe(503);
    gates.get('late')?.();
    expect(log.some((line) => /late error after the answer to POST \/write\/late/.test(line))).toBe(true);
    // Committed before the deadline: no 503 however long the database is silent; its real answer.
    gates.get('early')?.();
    const answered = await early;
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({ committed: 'early' });
    expect(commits).toEqual(['early']);
  });
});

describe('database probe', () => {
  it('runs one query for many waiting requests and reuses its answer briefly', async () => {
    let queries = 0;
    let clock = 0;
    let release: (answered: boolean) => void = () => undefined;
    const probe = createDatabaseProbe(
      () => {
        queries += 1;
        return new Promise<boolean>((resolve) => (release = resolve));
      },
      { timeoutMs: 1_000, reuseMs: 500, now: () => clock },
    );
    const waiting = Promise.all(Array.from({ length: 100 }, () => probe.answers()));
    release(false);
    expect(new Set(await waiting)).toEqual(new Set([false]));
    expect(queries).toBe(1);
    clock = 499;
    expect(await probe.answers()).toBe(false);
    expect(queries).toBe(1);
    clock = 500;
    const next = probe.answers();
    release(true);
    expect(await next).toBe(true);
    expect(queries).toBe(2);
  });

  it('counts a failing query as no answer', async () => {
    const probe = createDatabaseProbe(() => Promise.reject(new Error('pool closed')), { timeoutMs: 1_000 });
    expect(await probe.answers()).toBe(false);
  });
});
