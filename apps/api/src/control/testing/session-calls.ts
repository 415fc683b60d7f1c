import mongoose from 'mongoose';
import { inject } from 'vitest';
import request from 'supertest';
import { MOCK_SESSION_HEADER } from '@publisher/contract';
import { createAppState } from '../../app-state';
import type { AppConfig } from '../../config/env';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { SPARE_MARKER_COLLECTION } from '../data-states';
import { createMockApp, type MockApp } from '../mock-app';

/** A database of the test server by name (a session's, a spare's, a base), through the test's client. */
export const databaseOf = (name: string): mongoose.mongo.Db => mongoose.connection.getClient().db(name);

/** What supertest calls: a test file's app or one it started again. */
export type CallTarget = Parameters<typeof request>[0];

/**
 * Calls to the app `target` gives (read at each call: a file's app is built in its beforeAll) as one mock session (`undefined`: the default session, no header), and the demo vendor's steps the
 * session tests share: sign in, read and change the account's full name.
 */
export function sessionCalls(target: () => CallTarget) {
  const as = (session: string | undefined) => {
    const withHeader = <T extends request.Test>(call: T): T =>
      session === undefined ? call : call.set(MOCK_SESSION_HEADER, session);
    return {
      get: (path: string) => withHeader(request(target()).get(path)),
      post: (path: string) => withHeader(request(target()).post(path)),
      put: (path: string) => withHeader(request(target()).put(path)),
      delete: (path: string) => withHeader(request(target()).delete(path)),
    };
  };

  async function signIn(session: string | undefined): Promise<{ token: string; id: string }> {
    const response = await as(session)
      .post('/auth/signin')
      .send({ email: 'vendor@publisher.test', password: DEMO_PASSWORD })
      .expect(200);
    const body = response.body as { token: string; user: { _id: string } };
    return { token: body.token, id: body.user._id };
  }

  async function fullName(session: string | undefined): Promise<string> {
    const { token, id } = await signIn(session);
    const response = await as(session).get(`/auth/${id}`).set('Authorization', token).expect(200);
    return (response.body as { data: { fullName: string } }).data.fullName;
  }

  async function rename(session: string | undefined, name: string): Promise<void> {
    const { token } = await signIn(session);
    await as(session).put('/auth/update').set('Authorization', token).send({ fullName: name }).expect(200);
  }

  return { as, signIn, fullName, rename };
}

/**
 * The API started again on the test file's database, as main.ts starts it over existing data: a new process's app
 * (its own state, no kept copy in its memory) that has taken on the stored profile.
 */
export async function startedAgain(config: AppConfig, log: (line: string) => void = () => undefined): Promise<MockApp> {
  const app = createMockApp({ config, database: { kind: inject('databaseKind') }, log, state: createAppState() });
  await app.control.adoptStoredProfile();
  return app;
}

const WRITE_COMMANDS: ReadonlySet<string> = new Set([
  'insert',
  'update',
  'delete',
  'findAndModify',
  'create',
  'createIndexes',
  'drop',
]);

/**
 * Every write command sent to `database` from now until `stop()`, as `<command> <collection>`, but for the spare's
 * or base's mark (no data). `comment`: only the writes tagged with it (a restore's: RESTORE_COMMENT).
 */
export function writesTo(database: string, comment?: string): { stop: () => string[] } {
  const seen: string[] = [];
  const client = mongoose.connection.getClient();
  const listener = (event: mongoose.mongo.CommandStartedEvent): void => {
    if (event.databaseName !== database || !WRITE_COMMANDS.has(event.commandName)) return;
    if (comment !== undefined && event.command['comment'] !== comment) return;
    const collection: unknown = event.command[event.commandName];
    if (collection !== SPARE_MARKER_COLLECTION) seen.push(`${event.commandName} ${String(collection)}`);
  };
  client.on('commandStarted', listener);
  return {
    stop: () => {
      client.off('commandStarted', listener);
      return seen;
    },
  };
}
