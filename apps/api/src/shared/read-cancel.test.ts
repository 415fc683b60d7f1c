import mongoose from 'mongoose';
import type { CommandStartedEvent } from 'mongodb';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventModel } from '../content/event.model';
import { startFreezableStack, type FreezableStack } from '../testing/frozen-process';

/**
 * Issue 38, goal 3: abandoned reads are cancelled. Many calls queue their reads on a database stopped with SIGSTOP
 * (more than the connection pool holds), each is answered 503 by the request deadline, and the database resumes:
 * none of their reads may reach it afterwards (on the old code, the reads waiting for a connection all ran then).
 * Only reads of the events collection are counted (the calls' own reads): the deadline's probe, the shared user
 * cache and /health read other collections outside the abandoned calls on purpose. This file runs a FerretDB of its own (it freezes the process).
 */
const QUEUED_CALLS = 40;
const READ_COMMANDS = new Set(['find', 'aggregate', 'count', 'distinct']);

const env = {} as FreezableStack;

beforeAll(async () => {
  Object.assign(
    env,
    await startFreezableStack({ name: 'read-cancel', password: 'Read-cancel-password-1', monitorCommands: true }),
  );
}, 600_000);

afterAll(async () => {
  await env.stop();
});

describe('reads of calls answered 503 during a database stall', () => {
  it('do not reach the database once it resumes', async () => {
    const events = () => request(env.app).get('/event/all').set('Authorization', env.vendor.token);
    // The access check's user read is cached: the calls below queue their own reads (the events list).
    expect((await events()).status).toBe(200);

    const sent: string[] = [];
    const onStarted = (event: CommandStartedEvent): void => {
      const collection: unknown = event.command[event.commandName];
      if (READ_COMMANDS.has(event.commandName) && collection === EventModel.collection.collectionName)
        sent.push(`${event.commandName} ${collection}`);
    };
    const client = mongoose.connection.getClient();

    const statuses = await env.frozen(async () => {
      const answers = await Promise.all(Array.from({ length: QUEUED_CALLS }, () => events()));
      client.on('commandStarted', onStarted);
      return answers.map((res) => res.status);
    });
    expect(statuses).toEqual(Array.from({ length: QUEUED_CALLS }, () => 503));

    // Resumed: once the database answers again (a call of our own, counted apart), nothing of the abandoned
    // calls was sent meanwhile.
    let recovered = false;
    for (let attempt = 0; attempt < 40 && !recovered; attempt += 1) {
      recovered = (await request(env.app).get('/health')).status === 200;
    }
    expect(recovered).toBe(true);
    // The abandoned calls' late steps run on the next turns of the event loop: give them the time a read takes.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    client.off('commandStarted', onStarted);
    expect(sent).toEqual([]);

    expect((await events()).status).toBe(200);
  }, 120_000);
});
