import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { seedDatabase } from './seed';
import { seedSettings } from './settings-seed';

const ctx = useTestApp();

describe('seedSettings', () => {
  it('inserts the demo domains, filter and short-URL domain once; whitelabel.localhost then verifies', async () => {
    await seedDatabase({ bcryptRounds: 4, catalog: false });
    expect(await seedSettings()).toBe('settings: 0 demo rows inserted');
    const res = await request(ctx.app).get('/dashboard/verifyDomain?host=whitelabel.localhost:4200');
    expect(res.body).toEqual({ success: true, whiteLabelName: 'Maya Patel', vendorId: 5001 });
    const partner = await request(ctx.app).get('/dashboard/verifyDomain?host=partner.localhost');
    expect(partner.body).toMatchObject({ success: true, vendorId: 5040 });
  });
});
