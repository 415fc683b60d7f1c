import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { UserModel } from '../auth/user.model';
import { captureState } from '../control/data-states';
import { seedProfilePlan } from './seed-profiles';
import { digests } from '../control/testing/kept-state';
import { SEED_REVISIONS_COLLECTION } from '../shared/snapshot-cache';
import { demoAccountId } from '../shared/seeded-ids';
import { useTestApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoApiKey } from './demo-accounts';
import { seedDatabase } from './seed';
import { readSeedMarker } from './seed-marker';

/** An empty database with the app's indexes, as a reset seeds into. */
async function emptyDatabase(): Promise<void> {
  await mongoose.connection.dropDatabase();
  await Promise.all(Object.values(mongoose.models).map((model) => model.createIndexes()));
}

/**
 * What a `small` seed on the date leaves, by collection digest. Left out: empty collections and the report layout
 * (the app's, written at its start, not the seed's), and the catalog's revision: a change signal for the read
 * models of other processes, new on every write of the catalog by design (compared apart, without it).
 */
async function seedSmall(now: string): Promise<{ digests: Record<string, string>; revision: unknown }> {
  await emptyDatabase();
  await seedDatabase({ bcryptRounds: 4, ...seedProfilePlan('small', 180), now: new Date(now), profile: 'small' });
  const state = await captureState();
  const seeded = Object.fromEntries(
    Object.entries(digests(state)).filter(
      ([name]) =>
        name !== SEED_REVISIONS_COLLECTION &&
        name !== 'report_storage' &&
        (state.collections.get(name)?.documents.length ?? 0) > 0,
    ),
  );
  const revision = await mongoose.connection
    .collection(SEED_REVISIONS_COLLECTION)
    .find({}, { projection: { revision: 0, seededAt: 0 } })
    .toArray();
  return { digests: seeded, revision };
}

const ctx = useTestApp();

describe('seedDatabase', () => {
  it('creates no demo account when told not to (production without SEED_DEMO_ACCOUNTS)', async () => {
    expect(await seedDatabase({ bcryptRounds: 4, catalog: false, demoAccounts: false })).toBe(
      'demo accounts: not seeded (SEED_DEMO_ACCOUNTS is off)',
    );
    expect(await UserModel.countDocuments()).toBe(0);
  });

  it('inserts the demo accounts once and leaves them alone on later runs', async () => {
    expect(await seedDatabase({ bcryptRounds: 4, catalog: false })).toBe(
      `demo accounts: ${DEMO_ACCOUNTS.length} inserted, 0 already present`,
    );
    await UserModel.updateOne({ vendorId: 5001 }, { $set: { city: 'Edited by the user' } });
    expect(await seedDatabase({ bcryptRounds: 4, catalog: false })).toBe(
      `demo accounts: 0 inserted, ${DEMO_ACCOUNTS.length} already present`,
    );
    expect(await UserModel.countDocuments()).toBe(DEMO_ACCOUNTS.length);
    expect((await UserModel.findOne({ vendorId: 5001 }).lean())?.city).toBe('Edited by the user');
  });

  it('hashes the password only when an account is missing, and never writes an existing account', async () => {
    await UserModel.deleteMany({});
    const hash = vi.spyOn(bcrypt, 'hash');
    try {
      await seedDatabase({ bcryptRounds: 4, catalog: false });
      expect(hash).toHaveBeenCalledTimes(1);
      const before = await UserModel.findOne({ vendorId: 5001 }).lean();

      hash.mockClear();
      expect(await seedDatabase({ bcryptRounds: 4, catalog: false })).toBe(
        `demo accounts: 0 inserted, ${DEMO_ACCOUNTS.length} already present`,
      );
      expect(hash).not.toHaveBeenCalled();
      expect(await UserModel.findOne({ vendorId: 5001 }).lean()).toEqual(before);

      await UserModel.deleteOne({ email: 'ai@publisher.test' });
      expect(await seedDatabase({ bcryptRounds: 4, catalog: false })).toBe(
        `demo accounts: 1 inserted, ${DEMO_ACCOUNTS.length - 1} already present`,
      );
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
    const res = await request(ctx.app)
      .post('/auth/signin')
      .send({ email: 'ai@publisher.test', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
  });

  it('seeds every special vendor of the spec with a deterministic apiKey', async () => {
    await seedDatabase({ bcryptRounds: 4, catalog: false });
    const vendorIds = (await UserModel.find({}, { vendorId: 1 }).lean()).map((user) => user.vendorId).sort();
    expect(vendorIds).toEqual(expect.arrayContaining([5029, 5036, 5040, 5056, 5057, 5058]));
    const admin = await UserModel.findOne({ vendorId: 5029 }).lean();
    expect(admin?.role).toBe('admin');
    expect(admin?.apiKey).toBe(demoApiKey(5029));
    const reportsOnly = await UserModel.findOne({ email: 'reports-only@publisher.test' }).lean();
    expect(reportsOnly?.menu.deeplink1).toEqual({ cpc: false, cpa: false });
    expect((await UserModel.findOne({ email: 'ai@publisher.test' }).lean())?.isPublisherAI).toBe(true);
  });

  it('lets every demo account sign in with the documented password', async () => {
    await seedDatabase({ bcryptRounds: 4, catalog: false });
    for (const account of DEMO_ACCOUNTS) {
      const res = await request(ctx.app).post('/auth/signin').send({ email: account.email, password: DEMO_PASSWORD });
      expect(res.status, account.email).toBe(200);
      expect(res.body.user.vendorId).toBe(account.vendorId);
    }
  });

  it('writes the same documents, ids included, on two seeds of a profile on one date', async () => {
    const first = await seedSmall('2026-06-15T08:00:00Z');
    // Later the same day: the seed's stamps are its day's, not the moment it ran.
    const second = await seedSmall('2026-06-15T17:30:00Z');
    expect(Object.keys(first.digests)).toEqual(
      expect.arrayContaining(['users', 'merchants', 'report_runs', 'custom_domains', 'events', 'daily_quotes']),
    );
    expect(second).toEqual(first);
    expect(await readSeedMarker()).toEqual({ profile: 'small', date: '2026-06-15', reportDays: 7 });
  });

  it('gives each demo account the id its email names, in every profile and on every date', async () => {
    const ids = async (): Promise<Record<string, string>> =>
      Object.fromEntries(
        (await UserModel.find({}, { email: 1 }).lean()).map((user) => [user.email, user._id.toHexString()]),
      );
    await emptyDatabase();
    await seedDatabase({ bcryptRounds: 4, ...seedProfilePlan('small', 180), now: new Date('2026-06-15T12:00:00Z') });
    const inSmall = await ids();
    await emptyDatabase();
    // Another plan (no catalog, no reports: the accounts depend on neither), months later.
    await seedDatabase({ bcryptRounds: 4, catalog: false, now: new Date('2026-09-01T12:00:00Z') });
    expect(await ids()).toEqual(inSmall);
    expect(inSmall).toEqual(
      Object.fromEntries(DEMO_ACCOUNTS.map((account) => [account.email, demoAccountId(account.email).toHexString()])),
    );
  });
});
