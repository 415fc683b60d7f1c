import bcrypt from 'bcryptjs';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { UserModel } from '../auth/user.model';
import { useTestApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoApiKey } from './demo-accounts';
import { seedDatabase } from './seed';

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
});
