import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MOCK_SESSION_HEADER } from '@publisher/contract';
import { useTestApp } from '../testing/test-app';
import { captureState, keptStateOf, SPARE_MARKER_COLLECTION, stateDigest } from './data-states';
import { createSessionBases, isBaseDatabaseOf } from './session-base';
import { releaseConnection, sessionConnection } from './sessions';
import { digests, onDatabase } from './testing/kept-state';
import { databaseOf, startedAgain, writesTo } from './testing/session-calls';

const ctx = useTestApp({ mockSessions: { limit: 4, ttlMs: 600_000, spares: 0 } });

async function databaseNames(): Promise<string[]> {
  const listed = await mongoose.connection.getClient().db().admin().listDatabases({ nameOnly: true });
  return listed.databases.map(({ name }) => name);
}

describe('the base databases mock sessions read (control/session-base.ts)', () => {
  it('two sessions that need a seed no app has kept yet wait for one seed from nothing, not one each', async () => {
    // The data seeded as small (a seed from nothing of demo takes most of a minute) by another app.
    await request(ctx.app).post('/__control/reset').send({ profile: 'small' }).expect(200);
    const lines: string[] = [];
    // An app of its own (log lines to count; no kept seed in memory, none on disk) on this file's database, started
    // as main.ts starts one on existing data.
    const app = await startedAgain(ctx.config, (line) => lines.push(line));
    try {
      const calls = ['seed-a', 'seed-b'].map((id) =>
        request(app).get('/__control/sessions').set(MOCK_SESSION_HEADER, id),
      );
      for (const response of await Promise.all(calls)) expect(response.status).toBe(200);
      expect(lines.filter((line) => line.startsWith('[control] seeded small'))).toHaveLength(1);
      // The other took the seed's base once it was kept: no second copy of the data either.
      expect(lines).toContainEqual(expect.stringMatching(/created in [0-9]+ ms .*reading its base until it writes/));

      // Sessions in use: a new seed (another day's) has its base filled in the background at once, for the next ones.
      await request(app).put('/__control/clock').send({ now: '2026-12-24' }).expect(200);
      await request(app).post('/__control/reset').send({}).expect(200);
      const seeded = app.control.currentSeed('small');
      expect(seeded).toBeDefined();
      const digest = seeded ? stateDigest(seeded) : '';
      const markOf = async (): Promise<unknown> =>
        (
          await databaseOf(`${mongoose.connection.name}__base_${digest.slice(0, 12)}`)
            .collection(SPARE_MARKER_COLLECTION)
            .findOne({ _id: 'base' as never })
        )?.['seed'];
      await expect.poll(markOf, { timeout: 60_000 }).toBe(digest);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('fills a base once; a later process finds its mark and fills nothing; a base without its mark is filled again', async () => {
    await request(ctx.app).post('/__control/reset').send({ profile: 'small' }).expect(200);
    const current = ctx.app.control?.currentSeed('small');
    expect(current).toBeDefined();
    if (!current) return;
    // A seed of its own (a part of small's): the app's sessions fill the base of small's own in the background.
    const seed = keptStateOf(new Map([...current.collections].slice(0, 6)));
    const lines: string[] = [];
    const options = {
      keptSeed: () => seed,
      connect: sessionConnection,
      release: releaseConnection,
      step: <T>(work: () => Promise<T>) => work(),
      log: (line: string) => lines.push(line),
    };
    const name = `${mongoose.connection.name}__base_${stateDigest(seed).slice(0, 12)}`;
    const { otherDbs } = mongoose.connection as unknown as { otherDbs: mongoose.Connection[] };
    const connectionsBefore = otherDbs.length;
    const bases = createSessionBases(options);
    const [first, second] = await Promise.all([bases.of('small'), bases.of('small')]);
    // The filling's mongoose connection is let go of: sessions read the base through the driver.
    expect(otherDbs).toHaveLength(connectionsBefore);
    expect(first).toBe(second);
    expect(first?.db.databaseName).toBe(name);
    expect(isBaseDatabaseOf(mongoose.connection.name, name)).toBe(true);
    expect(lines.filter((line) => line.includes('filled in'))).toHaveLength(1);
    expect(digests(await onDatabase(name, () => captureState()))).toEqual(digests(seed));

    // A restart: the mark names the seed, nothing is written.
    const writes = writesTo(name);
    await createSessionBases(options).of('small');
    expect(writes.stop()).toEqual([]);

    // Killed while filling: no mark, filled again (whole; here as a start on new data fills it, alone).
    await mongoose.connection.getClient().db(name).collection(SPARE_MARKER_COLLECTION).deleteMany({});
    await mongoose.connection.getClient().db(name).collection('users').deleteMany({});
    await createSessionBases(options).of('small', 'alone');
    expect(lines.filter((line) => line.includes('filled in'))).toHaveLength(2);
    expect(digests(await onDatabase(name, () => captureState()))).toEqual(digests(seed));

    // Another seed's base is dropped by the start; the current one stays.
    const stale = `${mongoose.connection.name}__base_0123456789ab`;
    await mongoose.connection.getClient().db(stale).collection('users').insertOne({ name: 'stale' });
    await createSessionBases(options).dropStale('small', [stale, name]);
    const after = await databaseNames();
    expect(after).not.toContain(stale);
    expect(after).toContain(name);
  }, 120_000);
});
