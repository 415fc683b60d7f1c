import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../shared/error-handler';
import { createResetGate } from './reset-gate';

/** A promise and the function that settles it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function appWith(gate: ReturnType<typeof createResetGate>, handler: () => Promise<void> = async () => undefined) {
  const app = express();
  app.use(gate.middleware);
  app.get('/work', async (_req, res) => {
    await handler();
    res.json({ ok: true });
  });
  app.get('/__control', (_req, res) => {
    res.json({ control: true });
  });
  app.use(errorHandler(() => undefined));
  return app;
}

describe('the reset gate', () => {
  it('holds calls made during the work and lets them through when it ends', async () => {
    const gate = createResetGate();
    const app = appWith(gate);
    const work = deferred();
    const events: string[] = [];
    const resetting = gate.exclusive(async () => {
      await work.promise;
      events.push('reset done');
    });
    const call = request(app)
      .get('/work')
      .then((response) => {
        events.push(`call ${String(response.status)}`);
      });
    // The control API is never held: it answers while the work runs.
    await request(app).get('/__control').expect(200);
    expect(events).toEqual([]);
    work.resolve();
    await Promise.all([resetting, call]);
    expect(events).toEqual(['reset done', 'call 200']);
  });

  it('starts the work only once the calls already running have answered', async () => {
    const gate = createResetGate();
    const inCall = deferred();
    const callStarted = deferred();
    const events: string[] = [];
    const app = appWith(gate, async () => {
      callStarted.resolve();
      await inCall.promise;
      events.push('call answered');
    });
    const call = request(app)
      .get('/work')
      .then((response) => response);
    await callStarted.promise;
    const resetting = gate.exclusive(async () => {
      events.push('work started');
    });
    inCall.resolve();
    await Promise.all([call, resetting]);
    expect(events).toEqual(['call answered', 'work started']);
  });

  it('answers 503 with Retry-After to a call that waited too long', async () => {
    const gate = createResetGate({ waitMs: 20 });
    const app = appWith(gate);
    const work = deferred();
    const resetting = gate.exclusive(() => work.promise);
    const response = await request(app).get('/work');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.body).toMatchObject({ statusMessages: ['The data is being reset; try again in a moment.'] });
    work.resolve();
    await resetting;
    await request(app).get('/work').expect(200);
  });
});
