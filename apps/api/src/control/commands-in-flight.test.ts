import { EventEmitter } from 'node:events';
import type mongoose from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCommandsInFlight } from './commands-in-flight';

afterEach(() => {
  vi.useRealTimers();
});

describe('commands in flight per database', () => {
  it("a drop waits until the database's commands have answered, not for other databases', and at most its timeout", async () => {
    vi.useFakeTimers();
    const client = new EventEmitter();
    const inFlight = createCommandsInFlight(client as unknown as mongoose.mongo.MongoClient);
    client.emit('commandStarted', { requestId: 1, databaseName: 'portal__s_w1' });
    client.emit('commandStarted', { requestId: 2, databaseName: 'portal' });
    let isSettled = false;
    void inFlight.settled('portal__s_w1', 5_000).then(() => {
      isSettled = true;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isSettled).toBe(false);
    client.emit('commandFailed', { requestId: 1, databaseName: 'portal__s_w1' });
    await vi.advanceTimersByTimeAsync(50);
    expect(isSettled).toBe(true);

    // The main database's command still runs: its wait ends at the timeout.
    let isTimedOut = false;
    void inFlight.settled('portal', 5_000).then(() => {
      isTimedOut = true;
    });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(isTimedOut).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(isTimedOut).toBe(true);
    inFlight.close();
    expect(client.listenerCount('commandStarted')).toBe(0);
  });
});
