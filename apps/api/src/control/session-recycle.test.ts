import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, describe, expect, test } from 'vitest';
import { mockSessionListSchema, type MockSession } from '@publisher/contract';
import { useTestApp } from '../testing/test-app';
import { captureState, RESTORE_COMMENT, SPARE_MARKER_COLLECTION } from './data-states';
import type { MockApp } from './mock-app';
import { dropLeftoverSessionDatabases, isSessionDatabaseOf } from './sessions';
import { digests, onDatabase } from './testing/kept-state';
import { databaseOf, sessionCalls, startedAgain, writesTo } from './testing/session-calls';

const folder = mkdtempSync(join(tmpdir(), 'recycled-spares-'));
// Kept seeds on disk, as `npm start` has them: a later app (a restart) reads the seed its spares are marked with.
const ctx = useTestApp({
  keptSeedsDir: folder,
  mockSessions: { limit: 3, ttlMs: 600_000, spares: 0, keepSpares: true },
});

type Target = MockApp | typeof ctx.app;

const as = (app: Target, session: string | undefined) => sessionCalls(() => app).as(session);
const fullName = (app: Target, session: string | undefined) => sessionCalls(() => app).fullName(session);
const rename = (app: Target, session: string | undefined, name: string) =>
  sessionCalls(() => app).rename(session, name);

/** The session's own entry in the list (its first call makes it). */
async function ownEntry(app: Target, session: string): Promise<MockSession | undefined> {
  const response = await as(app, session).get('/__control/sessions').expect(200);
  return mockSessionListSchema.parse(response.body).sessions[0];
}

const markerOf = (name: string) =>
  databaseOf(name)
    .collection(SPARE_MARKER_COLLECTION)
    .findOne({ _id: 'spare' as never });
const digestsOf = async (name: string) => digests(await onDatabase(name, () => captureState()));

/** The file's fixture: the digests of the fresh small seed, as the default database holds it after a reset. */
const it = test.extend<{ fresh: Record<string, string> }>({
  fresh: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      await request(ctx.app).post('/__control/reset').send({ profile: 'small' }).expect(200);
      const fresh = digests(await captureState());
      // The seed's file, for the later app below.
      await ctx.app.control?.seedFilesSettled();
      await use(fresh);
    },
    { scope: 'file' },
  ],
});

async function dropSessionDatabases(): Promise<void> {
  const database = mongoose.connection.name;
  const listed = await mongoose.connection.getClient().db().admin().listDatabases({ nameOnly: true });
  for (const { name } of listed.databases) {
    if (isSessionDatabaseOf(database, name)) await databaseOf(name).dropDatabase();
  }
}

afterAll(async () => {
  // Marked spares outlive a close (keepSpares): this file's go with it.
  await dropSessionDatabases();
  rmSync(folder, { recursive: true, force: true });
});

describe('session databases made spares again (no copy of the seed for a new session)', () => {
  it("an ended session's database is reset and taken by the next new session: the seed's data, no copy through the driver, its writes seen by no one else", async ({
    fresh,
  }) => {
    const own = mongoose.connection.name;
    await rename(ctx.app, 'first', 'First Name');
    expect(await ownEntry(ctx.app, 'first')).toMatchObject({ fromSpare: false });

    // Ending it resets only what it wrote, and keeps the database as a spare, marked as equal to the seed.
    await as(ctx.app, undefined).delete('/__control/sessions/first').expect(200);
    const listed = mockSessionListSchema.parse((await as(ctx.app, undefined).get('/__control/sessions')).body);
    expect(listed.spares).toMatchObject({ ready: 1, filling: 0 });
    const spare = `${own}__s_first`;
    expect(await markerOf(spare)).toMatchObject({ profile: 'small' });
    expect(await digestsOf(spare)).toEqual(fresh);

    // A new session takes it: not one restore write reaches its database (the old code filled it whole).
    const writes = writesTo(spare, RESTORE_COMMENT);
    expect(await ownEntry(ctx.app, 'second')).toMatchObject({ id: 'second', profile: 'small', fromSpare: true });
    expect(writes.stop()).toEqual([]);
    expect(ctx.app.sessions?.connections().sessions.map((connection) => connection.name)).toContain(spare);
    // In use, it no longer claims to equal the seed.
    expect(await markerOf(spare)).toBeNull();
    expect(await fullName(ctx.app, 'second')).toBe('Maya Patel');

    // Its writes stay its own: not in the default session, another session, nor the kept seed.
    await rename(ctx.app, 'second', 'Second Name');
    expect(await fullName(ctx.app, 'second')).toBe('Second Name');
    expect(await fullName(ctx.app, undefined)).toBe('Maya Patel');
    expect(await fullName(ctx.app, 'third')).toBe('Maya Patel');
    const seed = ctx.app.control?.currentSeed('small');
    expect(seed && digests(seed)).toEqual(fresh);

    // Ended again, it is reset again: the next session of any name starts from the seed.
    await as(ctx.app, undefined).delete('/__control/sessions/second').expect(200);
    expect(await digestsOf(spare)).toEqual(fresh);
    expect(await ownEntry(ctx.app, 'fourth')).toMatchObject({ fromSpare: true });
    expect(await fullName(ctx.app, 'fourth')).toBe('Maya Patel');
    for (const id of ['third', 'fourth']) await as(ctx.app, undefined).delete(`/__control/sessions/${id}`).expect(200);
  }, 120_000);

  it('spares and idle sessions outlive a stop, marked; the next start takes them on and its new sessions copy nothing', async ({
    fresh,
  }) => {
    const own = mongoose.connection.name;
    const lines: string[] = [];
    /** The API on the same database and kept seeds folder, as main.ts starts it over existing data. */
    const start = (): Promise<MockApp> => startedAgain(ctx.config, (line) => lines.push(line));
    // The spares of the test above stand for what a stopped process left: this one starts without them.
    for (const name of ['third', 'fourth', 'first']) await databaseOf(`${own}__s_${name}`).dropDatabase();

    const before = await start();
    await before.sessions?.adoptKeptSpares(before.control.readKeptSeed());
    await rename(before, 'restart-a', 'Before Stop');
    // A session alive (idle) at the stop is kept too, marked with the collections it wrote.
    await rename(before, 'restart-b', 'Alive At Stop');
    await as(before, undefined).delete('/__control/sessions/restart-a').expect(200);
    await before.close();
    const kept = `${own}__s_restart-a`;
    const written = `${own}__s_restart-b`;
    expect(await markerOf(kept)).toMatchObject({ profile: 'small' });
    expect(await markerOf(kept)).not.toHaveProperty('written');
    expect(await markerOf(written)).toMatchObject({
      profile: 'small',
      written: expect.arrayContaining([expect.objectContaining({ collection: 'users' })]),
      // Its models built no index and created no collection (the seed's copy has them): nothing to rebuild whole.
      restructured: [],
    });

    // The next start: marked databases are no leftovers to drop; they are taken on, the written one reset first.
    const leftovers = await dropLeftoverSessionDatabases(mongoose.connection);
    expect({ ...leftovers, marked: [...(leftovers.marked ?? [])].sort() }).toEqual({
      dropped: [],
      marked: [kept, written].sort(),
      // The base the sessions read until they write (control/session-base.ts): kept for the next start.
      bases: [expect.stringMatching(new RegExp(`^${own}__base_[0-9a-f]{12}$`))],
    });
    const after = await start();
    // Given what the start found, the sessions do not list the databases again (FerretDB's listing is slow).
    const listings: string[] = [];
    const listen = (event: mongoose.mongo.CommandStartedEvent): void => {
      if (event.commandName === 'listDatabases') listings.push(event.commandName);
    };
    mongoose.connection.getClient().on('commandStarted', listen);
    try {
      expect(
        await after.sessions?.adoptKeptSpares(after.control.readKeptSeed(), leftovers.marked, leftovers.bases),
      ).toBe(2);
      expect(listings).toEqual([]);
      expect(after.sessions?.spares()).toMatchObject({ ready: 1, filling: 1 });
      const writes = writesTo(kept, RESTORE_COMMENT);
      expect(await ownEntry(after, 'restart-c')).toMatchObject({ fromSpare: true, profile: 'small' });
      expect(writes.stop()).toEqual([]);
      expect(await digestsOf(kept)).toEqual(fresh);
      expect(await fullName(after, 'restart-c')).toBe('Maya Patel');
      // The other waits for its reset (only what the stopped session wrote), then serves the seed.
      expect(await ownEntry(after, 'restart-d')).toMatchObject({ fromSpare: true, profile: 'small' });
      expect(after.sessions?.connections().sessions.map((connection) => connection.name)).toContain(written);
      expect(await digestsOf(written)).toEqual(fresh);
      expect(lines).toContainEqual(expect.stringContaining('took on 2 spare database(s)'));
    } finally {
      mongoose.connection.getClient().off('commandStarted', listen);
      await after.close();
    }
  }, 120_000);

  it('a marked spare of another seed is dropped at start, not taken on', async () => {
    const own = mongoose.connection.name;
    // The sessions the test above left at its stop are kept, marked: gone here, so that only this one is found.
    await dropSessionDatabases();
    const stale = `${own}__spare_7`;
    await databaseOf(stale)
      .collection(SPARE_MARKER_COLLECTION)
      .insertOne({ _id: 'spare' as never, profile: 'small', seed: 'not-this-seed', markedAt: new Date() });
    const app = await startedAgain(ctx.config);
    try {
      expect(await app.sessions?.adoptKeptSpares(app.control.readKeptSeed())).toBe(0);
      const listed = await mongoose.connection.getClient().db().admin().listDatabases({ nameOnly: true });
      expect(listed.databases.map(({ name }) => name)).not.toContain(stale);
    } finally {
      await app.close();
    }
  });
});
