import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, limitsClearedSchema } from '@publisher/contract';
import { buildVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';

const ctx = useTestApp({ loginRateLimit: 2, accountLockout: { maxFailures: 2, windowMs: 15 * 60_000 } });

const signin = (email: string, password: string) => request(ctx.app).post('/auth/signin').send({ email, password });

describe('DELETE /__control/limits', () => {
  it('clears the per-address counts and the per-account lockouts: the locked-out team signs in again', async () => {
    const vendor = await buildVendor({ password: 'Right-password-1' });
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await signin(vendor.user.email, 'typo')).status).toBe(401);
    expect((await signin('someone-else@example.test', 'typo')).status).toBe(429);
    const locked = await signin(vendor.user.email, 'Right-password-1');
    expect(locked.status).toBe(429);
    expect(locked.body.statusMessages).toEqual([ACCOUNT_MESSAGES.tooManyFailedSignins]);

    const cleared = await request(ctx.app).delete('/__control/limits').expect(200);
    // Exactly what CONTROLS.md says it answers, not the control state.
    expect(cleared.body).toEqual({ addressCounters: 1, accountLockouts: 2 });
    limitsClearedSchema.parse(cleared.body);

    expect((await signin(vendor.user.email, 'Right-password-1')).status).toBe(200);
    // The address starts from a full budget again: a typo is a plain 401.
    expect((await signin('someone-else@example.test', 'typo')).status).toBe(401);
  });

  it('answers zeros when nothing is limited', async () => {
    await request(ctx.app).delete('/__control/limits').expect(200);
    const again = await request(ctx.app).delete('/__control/limits').expect(200);
    expect(again.body).toEqual({ addressCounters: 0, accountLockouts: 0 });
  });
});
