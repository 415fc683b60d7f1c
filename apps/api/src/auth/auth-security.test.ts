import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, SIGNUP_PATH, userEnvelopeSchema } from '@publisher/contract';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { createAppFor, testConfig, useTestApp } from '../testing/test-app';
import { RateLimitHitModel } from '../shared/rate-limit-hit.model';
import { SigninFailureModel } from './signin-failure.model';
import { UserModel } from './user.model';

const ctx = useTestApp();

// Vendor ids below the self-service range (sign-ups take the next after the highest), so the two never meet.
let nextVendorId = 4_000;
const makeVendor = (overrides: Parameters<typeof buildVendor>[0] = {}) =>
  buildVendor({ vendorId: (nextVendorId += 1), ...overrides });

function appWith(overrides: Parameters<typeof testConfig>[0]): Express {
  return createAppFor({ config: testConfig(overrides), database: { kind: 'ferretdb' }, log: () => undefined });
}

/**
 * Runs `check` with the time `ms` later than now: lockout and rate-limit windows read the real time (not the
 * app's business clock), so only the Date the API reads is moved, never a timer the driver waits on.
 */
async function later(ms: number, check: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  try {
    vi.setSystemTime(Date.now() + ms);
    await check();
  } finally {
    vi.useRealTimers();
  }
}

const signin = (app: Express, email: string, password: string, forwardedFor?: string) => {
  const call = request(app).post('/auth/signin').send({ email, password });
  return forwardedFor ? call.set('X-Forwarded-For', forwardedFor) : call;
};

describe('per-account limit on failed sign-ins', () => {
  let target: BuiltVendor;
  let bystander: BuiltVendor;
  let app: Express;

  beforeAll(async () => {
    target = await makeVendor({ password: 'Right-password-1' });
    bystander = await makeVendor({ password: 'Right-password-2' });
    app = appWith({ accountLockout: { maxFailures: 3, windowMs: 60_000 } });
  });

  it('after the limit even the right password is refused until the window ends; other accounts are not', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // From a new address each time: the per-address limit is not what stops this.
      const res = await signin(app, target.user.email, 'wrong', `203.0.113.${attempt}`);
      expect(res.status).toBe(401);
    }
    const locked = await signin(app, target.user.email, 'Right-password-1');
    expect(locked.status).toBe(429);
    expect(locked.body.statusMessages).toEqual([ACCOUNT_MESSAGES.tooManyFailedSignins]);
    // The email is matched case-insensitively, like sign-in itself.
    expect((await signin(app, target.user.email.toUpperCase(), 'Right-password-1')).status).toBe(429);
    expect((await signin(app, bystander.user.email, 'Right-password-2')).status).toBe(200);

    await later(61_000, async () => {
      expect((await signin(app, target.user.email, 'Right-password-1')).status).toBe(200);
    });
  });

  it('counts every failure of a concurrent burst against one account', async () => {
    const burstTarget = await makeVendor({ password: 'Right-password-3' });
    const burstApp = appWith({ accountLockout: { maxFailures: 10, windowMs: 60_000 } });
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, attempt) => signin(burstApp, burstTarget.user.email, `wrong-${attempt}`)),
    );
    expect(burst.map((res) => res.status)).toEqual(Array.from({ length: 10 }, () => 401));
    expect((await signin(burstApp, burstTarget.user.email, 'Right-password-3')).status).toBe(429);
  });

  it('a successful sign-in clears the count', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await signin(app, bystander.user.email, 'wrong')).status).toBe(401);
    }
    expect((await signin(app, bystander.user.email, 'Right-password-2')).status).toBe(200);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await signin(app, bystander.user.email, 'wrong')).status).toBe(401);
    }
    expect((await signin(app, bystander.user.email, 'Right-password-2')).status).toBe(200);
  });
});

describe('per-address limit', () => {
  // The counts live in the database (shared by every app of this file, as by every process of a deployment).
  beforeEach(async () => {
    // Attempts over the address limit still reach the account check, so the accounts' counts are cleared too.
    await Promise.all([RateLimitHitModel.deleteMany({}), SigninFailureModel.deleteMany({})]);
  });

  it('is not reset by sending a new X-Forwarded-For with each attempt', async () => {
    const app = appWith({ loginRateLimit: 3 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await signin(app, 'nobody@example.test', 'wrong', `198.51.100.${attempt}`)).status).toBe(401);
    }
    expect((await signin(app, 'nobody@example.test', 'wrong', '198.51.100.99')).status).toBe(429);
  });

  it('holds across API instances sharing the database: failures on either count toward one limit', async () => {
    const first = appWith({ loginRateLimit: 4 });
    const second = appWith({ loginRateLimit: 4 });
    for (const app of [first, second, first, second]) {
      expect((await signin(app, 'nobody@example.test', 'wrong')).status).toBe(401);
    }
    expect((await signin(first, 'nobody@example.test', 'wrong')).status).toBe(429);
    expect((await signin(second, 'nobody@example.test', 'wrong')).status).toBe(429);
  });

  it('starts a new window once the old one has ended', async () => {
    const app = appWith({ loginRateLimit: 2, loginRateWindowMs: 60_000 });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await signin(app, 'nobody@example.test', 'wrong')).status).toBe(401);
    }
    expect((await signin(app, 'nobody@example.test', 'wrong')).status).toBe(429);
    await later(61_000, async () => {
      expect((await signin(app, 'nobody@example.test', 'wrong')).status).toBe(401);
    });
    const [record] = await RateLimitHitModel.find().lean();
    expect(record?.hits).toBe(1);
  });

  it('does not count successful sign-ins: colleagues behind one address are not locked out', async () => {
    const app = appWith({ loginRateLimit: 3 });
    const colleague = await makeVendor({ password: 'Office-password-1' });
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await signin(app, colleague.user.email, 'Office-password-1')).status).toBe(200);
    }
  });
});

describe('per-address limit on a shared dev stack (everyone on one address)', () => {
  beforeEach(async () => {
    // Attempts over the address limit still reach the account check, so the accounts' counts are cleared too.
    await Promise.all([RateLimitHitModel.deleteMany({}), SigninFailureModel.deleteMany({})]);
  });

  it('three people failing 30 times do not lock out a fourth, who signs in with the right password', async () => {
    // The production figures: 20 failures per address, 10 per account.
    const app = appWith({ loginRateLimit: 20, accountLockout: { maxFailures: 10, windowMs: 15 * 60_000 } });
    const people = await Promise.all([1, 2, 3].map((n) => makeVendor({ password: `Own-password-${n}` })));
    const fourth = await makeVendor({ password: 'Fourth-password-4' });
    const statuses: number[] = [];
    for (const person of people) {
      for (let attempt = 0; attempt < 10; attempt += 1)
        statuses.push((await signin(app, person.user.email, 'a-typo')).status);
    }
    // The first 20 failures are 401s; past the address limit a failure is told to back off.
    expect(statuses).toEqual([...Array.from({ length: 20 }, () => 401), ...Array.from({ length: 10 }, () => 429)]);
    const signedIn = await signin(app, fourth.user.email, 'Fourth-password-4');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(fourth.user.email);
    // What refuses the right password is the account's own lockout, after its own 10 failures.
    const locked = await signin(app, people[0]?.user.email ?? '', 'Own-password-1');
    expect(locked.status).toBe(429);
    expect(locked.body.statusMessages).toEqual([ACCOUNT_MESSAGES.tooManyFailedSignins]);
  });

  it('never counts bad input (400): 30 malformed sign-ins leave the whole budget', async () => {
    const app = appWith({ loginRateLimit: 3 });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await request(app).post('/auth/signin').send({ email: 'not an email' })).status).toBe(400);
    }
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await signin(app, 'nobody@example.test', 'wrong')).status).toBe(401);
    }
    expect((await signin(app, 'nobody@example.test', 'wrong')).status).toBe(429);
  });

  it('still refuses sign-ups from an address over the limit', async () => {
    const app = appWith({ loginRateLimit: 1 });
    const taken = await makeVendor();
    const signup = () =>
      request(app)
        .post(SIGNUP_PATH)
        .send({ fullName: 'Again', email: taken.user.email, password: 'Secret-123', conformPassword: 'Secret-123' });
    expect((await signup()).status).toBe(409);
    expect((await signup()).status).toBe(429);
  });
});

describe('concurrent sign-ups', () => {
  it('all succeed with distinct vendorIds', async () => {
    const stamp = Date.now();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        request(ctx.app)
          .post(SIGNUP_PATH)
          .send({
            fullName: `Concurrent ${index}`,
            email: `concurrent-${index}-${stamp}@example.test`,
            password: 'Secret-123',
            conformPassword: 'Secret-123',
          }),
      ),
    );
    expect(results.map((res) => res.status)).toEqual(Array.from({ length: 12 }, () => 201));
    const vendorIds = results.map((res) => (res.body as { user: { vendorId: number } }).user.vendorId);
    expect(new Set(vendorIds).size).toBe(12);
  }, 60_000);

  it('a taken email is still a 409, not a retry', async () => {
    const existing = await makeVendor();
    const res = await request(ctx.app).post(SIGNUP_PATH).send({
      fullName: 'Late comer',
      email: existing.user.email,
      password: 'Secret-123',
      conformPassword: 'Secret-123',
    });
    expect(res.status).toBe(409);
    expect(res.body.statusMessages).toEqual([ACCOUNT_MESSAGES.emailTaken]);
  });
});

describe('POST /auth/regenerateApiKey', () => {
  const report = (apiKey: string, vendorId: number) =>
    request(ctx.app).get(
      `/v1/connexity/getConversionReportSummary?apiKey=${apiKey}&vendorId=${String(vendorId)}&startDate=2026-01-01&endDate=2026-01-02`,
    );

  it('401 without a token', async () => {
    expect((await request(ctx.app).post('/auth/regenerateApiKey').send({})).status).toBe(401);
  });

  it('issues a new apiKey and the old one stops working at once', async () => {
    const vendor = await makeVendor();
    const oldKey = vendor.user.apiKey;
    expect((await report(oldKey, vendor.user.vendorId)).status).toBe(200);

    const res = await request(ctx.app)
      .post('/auth/regenerateApiKey')
      .set('Authorization', vendor.token)
      .send({ apiKey: oldKey });
    expect(res.status).toBe(200);
    expect(res.body.statusMessages).toEqual([ACCOUNT_MESSAGES.apiKeyRegenerated]);
    const newKey = userEnvelopeSchema.parse(res.body).data.apiKey;
    expect(newKey).not.toBe(oldKey);
    expect(newKey).toMatch(/^[0-9a-f]{48}$/);

    expect((await report(oldKey, vendor.user.vendorId)).status).toBe(401);
    expect((await report(newKey, vendor.user.vendorId)).status).toBe(200);
    expect((await UserModel.findById(vendor.user._id).lean())?.apiKey).toBe(newKey);
  });

  it("refuses another user's apiKey in the body", async () => {
    const vendor = await makeVendor();
    const other = await makeVendor();
    const res = await request(ctx.app)
      .post('/auth/regenerateApiKey')
      .set('Authorization', vendor.token)
      .send({ apiKey: other.user.apiKey });
    expect(res.status).toBe(403);
    expect((await UserModel.findById(vendor.user._id).lean())?.apiKey).toBe(vendor.user.apiKey);
  });

  it('a password change rotates the apiKey too', async () => {
    const vendor = await makeVendor({ password: 'Old-password-1' });
    const res = await request(ctx.app).post('/auth/changePassword').set('Authorization', vendor.token).send({
      _id: vendor.user._id.toHexString(),
      currentPassword: 'Old-password-1',
      newPassword: 'New-password-1',
    });
    expect(res.status).toBe(200);
    expect((await report(vendor.user.apiKey, vendor.user.vendorId)).status).toBe(401);
    const stored = await UserModel.findById(vendor.user._id).lean();
    expect(stored?.apiKey).not.toBe(vendor.user.apiKey);
  });
});
