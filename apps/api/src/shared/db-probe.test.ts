import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { databaseAnswers } from './db';
import { errorHandler } from './error-handler';
import { createDatabaseProbe, requestDeadline } from './request-deadline';
import { useTestApp } from '../testing/test-app';

/**
 * Issue 38, goal 3: the deadline's probe tells a busy event loop from a silent database. Under plain CPU load (no
 * stall) calls got "the database did not answer in time": the probe's timeout fired late, before the loop had read
 * the answer that was there. These tests block the event loop (a synchronous spin, as an oversubscribed CPU does to
 * a process) on a database that answers.
 */
useTestApp();

/** Holds the event loop for `ms` (no timer or I/O callback runs meanwhile). */
function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

describe('the database probe on a busy event loop', () => {
  it('a loop blocked past the probe timeout is not a silent database', async () => {
    const answered = databaseAnswers(100);
    blockEventLoop(400);
    expect(await answered).toBe(true);
  });

  it('no call gets "the database did not answer" when the loop is busy while the deadline asks the probe', async () => {
    // The deadline of 400 ms asks the probe (100 ms) at 275 ms; the loop is then held for 400 ms (as a process
    // starved of CPU is held) while the probe's query is out. The handler answers at 600 ms.
    const app = express();
    app.use(
      requestDeadline({
        deadlineMs: 400,
        probeTimeoutMs: 100,
        recheckMs: 2_000,
        probe: createDatabaseProbe(
          (timeoutMs) => {
            const answered = databaseAnswers(timeoutMs);
            blockEventLoop(400);
            return answered;
          },
          { timeoutMs: 100 },
        ),
      }),
    );
    app.get('/slow', (_req, res) => {
      setTimeout(() => res.json({ answered: true }), 600);
    });
    app.use(errorHandler(() => undefined));
    const res = await request(app).get('/slow');
    expect(res.body).toEqual({ answered: true });
    expect(res.status).toBe(200);
  });
});
