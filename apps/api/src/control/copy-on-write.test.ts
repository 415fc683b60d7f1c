import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { AccessLogModel } from '../admin/access-log.model';
import { SearchTotalModel } from '../admin/search-log.model';
import { ApiCallTotalModel } from '../reports/api-call.model';
import { currentDb } from '../shared/tenant';
import { useTestApp } from '../testing/test-app';
import { captureState, SPARE_MARKER_COLLECTION } from './data-states';
import { digests, onDatabase } from './testing/kept-state';
import { databaseOf, sessionCalls, writesTo } from './testing/session-calls';

// No spares: each session here is made on its first call, over the base.
const ctx = useTestApp({ mockSessions: { limit: 4, ttlMs: 600_000, spares: 0 } });

const own = (session: string): string => `${mongoose.connection.name}__s_${session}`;

/** The collections the session's own database holds (not what it reads from its base). */
async function ownCollections(session: string): Promise<string[]> {
  const listed = await databaseOf(own(session)).listCollections({}, { nameOnly: true }).toArray();
  return listed.map(({ name }) => name).filter((name) => name !== SPARE_MARKER_COLLECTION);
}

/** The base database the sessions read (one: the small seed's). */
async function baseName(): Promise<string> {
  const listed = await mongoose.connection.getClient().db().admin().listDatabases({ nameOnly: true });
  const bases = listed.databases
    .map(({ name }) => name)
    .filter((name) => name.startsWith(`${mongoose.connection.name}__base_`));
  expect(bases).toHaveLength(1);
  return bases[0] ?? '';
}

const { as, fullName, rename } = sessionCalls(() => ctx.app);

/**
 * What the activity recorder writes after the answers, on its own timer (admin/activity-recorder.ts): whether a flush
 * lands inside a test, or just after a reset, depends on the machine's speed.
 */
const RECORDED_AFTER_ANSWERS: ReadonlySet<string> = new Set(
  [AccessLogModel, ApiCallTotalModel, SearchTotalModel].map((model) => model.collection.collectionName),
);

/** The seed's collections the answers themselves write, with their digests. */
const answered = (state: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(state).filter(([name]) => !RECORDED_AFTER_ANSWERS.has(name)));

/**
 * The seed's collections as the session sees them, but for those written after the answers (above); the sign-in
 * rate limit's hits are left out as well, for the same reason (the next reset drops them).
 */
async function seedCollectionsOf(session: string, fresh: Record<string, string>): Promise<Record<string, string>> {
  const seen = digests(await onDatabase(own(session), () => captureState()));
  return answered(Object.fromEntries(Object.entries(seen).filter(([name]) => name in fresh)));
}

/** The file's fixture: the digests of the fresh small seed, as the default database holds it after a reset. */
const it = test.extend<{ fresh: Record<string, string> }>({
  fresh: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      await request(ctx.app).post('/__control/reset').send({ profile: 'small' }).expect(200);
      await use(digests(await captureState()));
    },
    { scope: 'file' },
  ],
});

describe('mock sessions read a base until they write (copy on write)', () => {
  it('a new session copies nothing: its first call reads the base, and its own database stays empty', async ({
    fresh,
  }) => {
    const writes = writesTo(own('cow-a'));
    await as('cow-a').get('/__control/sessions').expect(200);
    expect(writes.stop()).toEqual([]);
    expect(await ownCollections('cow-a')).toEqual([]);
    // As the session sees it, its data is the whole seed.
    expect(digests(await onDatabase(own('cow-a'), () => captureState()))).toEqual(fresh);
    // Its listing is its own collections and the base's; what else a cursor has is refused, not read from one side.
    await onDatabase(own('cow-a'), async () => {
      const listed = await currentDb().listCollections({}, { nameOnly: true }).toArray();
      expect(listed.map(({ name }) => name)).toContain('coupons');
      expect(() => currentDb().listCollections().next()).toThrow(/not supported on a mock session database/);
    });
    // A sign-in copies what it writes (the user's last sign-in, the rate limit's hits), nothing more.
    expect(await fullName('cow-a')).toBe('Maya Patel');
    const copied = await ownCollections('cow-a');
    expect(copied).not.toContain('coupons');
    expect(copied.length).toBeLessThan(5);
  });

  it('a write copies that collection first: the session sees its change, the base and other sessions do not', async ({
    fresh,
  }) => {
    const base = await baseName();
    const baseBefore = digests(await onDatabase(base, () => captureState()));
    await rename('cow-b', 'Only Mine');
    expect(await ownCollections('cow-b')).toContain('users');
    expect(await ownCollections('cow-b')).not.toContain('coupons');
    expect(await fullName('cow-b')).toBe('Only Mine');
    expect(await fullName('cow-c')).toBe('Maya Patel');
    expect(await fullName(undefined)).toBe('Maya Patel');
    // The base is never written.
    expect(digests(await onDatabase(base, () => captureState()))).toEqual(baseBefore);
    // The copied collection holds the seed's other users as they were.
    const seen = await seedCollectionsOf('cow-b', fresh);
    const expected = answered(fresh);
    expect(Object.keys(seen).sort()).toEqual(Object.keys(expected).sort());
    const changed = Object.keys(expected).filter((name) => seen[name] !== expected[name]);
    expect(changed).toEqual(['users']);
  });

  it('a reset puts the session back; a collection rewritten whole is read from the base again, not copied', async ({
    fresh,
  }) => {
    await rename('cow-d', 'Before Reset');
    await as('cow-d').post('/__control/reset').send({}).expect(200);
    expect(await fullName('cow-d')).toBe('Maya Patel');
    expect(await seedCollectionsOf('cow-d', fresh)).toEqual(answered(fresh));

    // A snapshot of another content and back: `users` differs on the way, so each reset rewrites it whole; going
    // back to the seed drops the session's copy (read from the base again), going to the snapshot writes it without
    // copying the base's first.
    await rename('cow-d', 'In The Snapshot');
    await as('cow-d').post('/__control/snapshots').send({ name: 'renamed' }).expect(201);
    await as('cow-d').post('/__control/reset').send({ profile: 'small' }).expect(200);
    expect(await ownCollections('cow-d')).not.toContain('users');
    const writes = writesTo(own('cow-d'));
    await as('cow-d').post('/__control/reset').send({ snapshot: 'renamed' }).expect(200);
    expect(writes.stop().filter((write) => write.startsWith('insert users'))).toHaveLength(1);
    expect(await fullName('cow-d')).toBe('In The Snapshot');
    await as('cow-d').post('/__control/reset').send({ profile: 'small' }).expect(200);
    expect(await ownCollections('cow-d')).not.toContain('users');
    expect(await seedCollectionsOf('cow-d', fresh)).toEqual(answered(fresh));
    expect(await fullName('cow-d')).toBe('Maya Patel');
  });
});
