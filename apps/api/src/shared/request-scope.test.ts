import { createServer, type Server } from 'node:http';
import express, { type Request, type Response } from 'express';
import mongoose, { Schema } from 'mongoose';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { DATABASE_UNAVAILABLE_MESSAGE, WRITE_UNCONFIRMED_MESSAGE } from './db-limits';
import { errorHandler } from './error-handler';
import { requestDeadline, type DatabaseProbe } from './request-deadline';
import { beforeCommitPoint, outsideRequest } from './request-scope';

// The file's database (the app itself is not used: the routes below are the test's own).
useTestApp();

const ScopeWriteModel = mongoose.model(
  'ScopeWrite',
  new Schema({ name: { type: String, required: true } }, { collection: 'scope_writes' }),
);

/** A database that never answers the probe: each request still held at its deadline gets the 503 unless committed. */
function silentProbe() {
  const asked = { count: 0 };
  const probe: DatabaseProbe = {
    answers: async () => {
      asked.count += 1;
      return false;
    },
  };
  return { asked, probe };
}

const written = async (name: string): Promise<number> => ScopeWriteModel.countDocuments({ name });

describe("a request's writes and its deadline (request-scope.ts)", () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
  });

  it('a write after the 503 is never sent; a write sent before it makes the request answer its real result', async () => {
    const { asked, probe } = silentProbe();
    const app = express();
    // Short real deadlines: the database here answers, so only the probe says it does not.
    app.use(requestDeadline({ deadlineMs: 100, probeTimeoutMs: 20, recheckMs: 50, probe }));
    const gates = new Map<string, () => void>();
    const finished = new Map<string, Promise<unknown>>();
    const held = (name: string): Promise<void> =>
      new Promise((resolve) => {
        gates.set(name, resolve);
      });
    // Held (a read the database does not answer), then it writes.
    app.post('/late', (_req: Request, res: Response, next) => {
      const work = (async () => {
        await held('late');
        await ScopeWriteModel.create({ name: 'late' });
        res.json({ saved: true });
      })().catch(next);
      finished.set('late', work);
    });
    // Writes, then is held (the write's answer is slow): no 503 once its write was sent.
    app.post('/early', async (_req: Request, res: Response, next) => {
      try {
        await ScopeWriteModel.create({ name: 'early' });
        await held('early');
        res.json({ saved: true });
      } catch (error) {
        next(error);
      }
    });
    // Bookkeeping outside the request (a rate limit's count), then held: still answered 503 at the deadline.
    app.post('/counted', async (_req: Request, res: Response, next) => {
      try {
        await outsideRequest(() => ScopeWriteModel.create({ name: 'counted' }));
        await held('counted');
        res.json({ saved: true });
      } catch (error) {
        next(error);
      }
    });
    const log: string[] = [];
    app.use(errorHandler((line) => log.push(line)));
    const listening = createServer(app);
    server = listening;

    // Sent at once (supertest sends a request when it is awaited or given a `then`).
    const send = (path: string) =>
      request(listening)
        .post(path)
        .then((answer) => answer);
    const late = send('/late');
    const early = send('/early');
    const counted = send('/counted');
    const [lateAnswer, countedAnswer] = await Promise.all([late, counted]);
    expect(lateAnswer.status).toBe(503);
    expect(lateAnswer.body).toEqual({
      statusMessages: [DATABASE_UNAVAILABLE_MESSAGE],
      errors: [DATABASE_UNAVAILABLE_MESSAGE],
    });
    expect(countedAnswer.status).toBe(503);
    expect(await written('counted')).toBe(1);

    // The handler goes on after its 503: its write is refused before it leaves the process.
    gates.get('late')?.();
    await finished.get('late');
    expect(await written('late')).toBe(0);
    expect(log.some((line) => /late error after the answer to POST \/late/.test(line))).toBe(true);

    // The committed request was asked about again and again, and never answered 503.
    const askedBefore = asked.count;
    await vi.waitFor(() => expect(asked.count).toBeGreaterThanOrEqual(askedBefore + 2), { timeout: 10_000 });
    gates.get('early')?.();
    const earlyAnswer = await early;
    expect(earlyAnswer.status).toBe(200);
    expect(await written('early')).toBe(1);
    gates.get('counted')?.();
  });

  it('writes before a commit point of its own (an upload staging its rows) leave the 503 possible; none is sent after it', async () => {
    const { probe } = silentProbe();
    const app = express();
    app.use(requestDeadline({ deadlineMs: 100, probeTimeoutMs: 20, recheckMs: 50, probe }));
    let release: () => void = () => undefined;
    let finished: Promise<unknown> = Promise.resolve();
    app.post('/staged', (_req: Request, res: Response, next) => {
      finished = beforeCommitPoint(async () => {
        await ScopeWriteModel.create({ name: 'staged' });
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        await ScopeWriteModel.create({ name: 'staged-after' });
        res.json({ saved: true });
      }).catch(next);
    });
    const log: string[] = [];
    app.use(errorHandler((line) => log.push(line)));
    const listening = createServer(app);
    server = listening;
    const answer = await request(listening).post('/staged');
    expect(answer.status).toBe(503);
    expect(await written('staged')).toBe(1);
    release();
    await finished;
    expect(await written('staged-after')).toBe(0);
  });

  it('a sent write whose answer the database did not give in time is not answered as a failure to try again', async () => {
    const app = express();
    app.use(
      requestDeadline({ deadlineMs: 60_000, probeTimeoutMs: 1_000, recheckMs: 1_000, probe: silentProbe().probe }),
    );
    const timedOut = (): Error =>
      Object.assign(new Error('connection timed out'), { name: 'MongoNetworkTimeoutError' });
    app.post('/sent', async (_req: Request, _res: Response, next) => {
      await ScopeWriteModel.create({ name: 'sent' });
      next(timedOut());
    });
    app.post('/unsent', (_req: Request, _res: Response, next) => {
      next(timedOut());
    });
    app.use(errorHandler(() => undefined));
    server = createServer(app);
    const sent = await request(server).post('/sent');
    expect(sent.status).toBe(503);
    expect(sent.body).toEqual({ statusMessages: [WRITE_UNCONFIRMED_MESSAGE], errors: [WRITE_UNCONFIRMED_MESSAGE] });
    const unsent = await request(server).post('/unsent');
    expect(unsent.body).toEqual({
      statusMessages: [DATABASE_UNAVAILABLE_MESSAGE],
      errors: [DATABASE_UNAVAILABLE_MESSAGE],
    });
  });
});
