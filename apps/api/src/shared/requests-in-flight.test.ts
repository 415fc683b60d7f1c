import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it, onTestFinished } from 'vitest';
import { countRequestsInFlight, createHttpServer } from './http-server';

/** A server whose /hold answers only when `release` is called. */
async function holdingServer() {
  const releases: (() => void)[] = [];
  const app = express();
  app.get('/hold', (_req, res) => releases.push(() => res.json({ ok: true })));
  const server = createHttpServer(app).listen(0, '127.0.0.1');
  onTestFinished(() => void server.close());
  const inFlight = countRequestsInFlight(server);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { inFlight, releases, url: `http://127.0.0.1:${String(port)}/hold` };
}

describe('the requests a server is answering (a clean stop waits for them)', () => {
  it('counts a request until its answer ends, and says when none is left', async () => {
    const { inFlight, releases, url } = await holdingServer();
    expect(await inFlight.answered(1)).toBe(true);
    const answers = [fetch(url), fetch(url)];
    await expect.poll(() => inFlight.count).toBe(2);
    const waited = inFlight.answered(60_000);
    releases.shift()?.();
    await answers[0];
    expect(inFlight.count).toBe(1);
    releases.shift()?.();
    await Promise.all(answers);
    expect(await waited).toBe(true);
    expect(inFlight.count).toBe(0);
  });

  it('answers false when a call is still unanswered at the limit; a call the client gave up on counts no more', async () => {
    const { inFlight, url } = await holdingServer();
    const abort = new AbortController();
    const gaveUp = fetch(url, { signal: abort.signal }).catch(() => 'aborted');
    await expect.poll(() => inFlight.count).toBe(1);
    expect(await inFlight.answered(20)).toBe(false);
    abort.abort();
    expect(await gaveUp).toBe('aborted');
    await expect.poll(() => inFlight.count).toBe(0);
  });
});
