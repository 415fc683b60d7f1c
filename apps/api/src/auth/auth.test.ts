import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SESSION_ENDED_MESSAGES, authResponseSchema, userEnvelopeSchema } from '@publisher/contract';
import { buildVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { UserModel } from './user.model';
import { FIRST_SELF_SERVICE_VENDOR_ID, NO_SUCH_ACCOUNT_MESSAGE } from './auth.service';

const ctx = useTestApp();

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Dana Scully',
  phoneNumber: '2025550100',
  email: `dana.${Math.random().toString(36).slice(2)}@example.test`,
  password: 'truth-is-out',
  conformPassword: 'truth-is-out',
  ...overrides,
});

/** Every body the API sends must be free of password hashes, whatever the route. */
function expectNoSecrets(body: unknown): void {
  const text = JSON.stringify(body);
  expect(text).not.toContain('passwordHash');
  expect(text).not.toMatch(/\$2[aby]\$\d\d\$/);
  expect(text).not.toContain('tokenVersion');
  expect(text).not.toContain('__v');
}

describe('POST /auth/signup_publisher_0599', () => {
  it('creates a vendor with the next vendor id, an apiKey, the default menu and a token', async () => {
    const body = signupBody({ fullName: 'Dana Katherine Scully' });
    const res = await request(ctx.app).post('/auth/signup_publisher_0599').send(body);
    expect(res.status).toBe(201);
    const parsed = authResponseSchema.parse(res.body);
    expect(parsed.user.email).toBe(body.email);
    expect(parsed.user.vendorId).toBeGreaterThanOrEqual(FIRST_SELF_SERVICE_VENDOR_ID);
    expect(parsed.user.apiKey).toMatch(/^[0-9a-f]{48}$/);
    expect(parsed.user.data).toEqual({ firstName: 'Dana', lastName: 'Katherine Scully' });
    expect(parsed.user.menu.deeplink1).toEqual({ cpc: true, cpa: true });
    expect(parsed.user.role).toBe('vendor');
    expectNoSecrets(res.body);
  });

  it('gives consecutive vendors consecutive vendor ids', async () => {
    const first = await request(ctx.app).post('/auth/signup_publisher_0599').send(signupBody());
    const second = await request(ctx.app).post('/auth/signup_publisher_0599').send(signupBody());
    expect(authResponseSchema.parse(second.body).user.vendorId).toBe(
      authResponseSchema.parse(first.body).user.vendorId + 1,
    );
  });

  it('refuses a second sign-up with the same email, whatever its case', async () => {
    const body = signupBody();
    expect((await request(ctx.app).post('/auth/signup_publisher_0599').send(body)).status).toBe(201);
    const again = await request(ctx.app)
      .post('/auth/signup_publisher_0599')
      .send({ ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusMessages: [ACCOUNT_MESSAGES.emailTaken],
      errors: [ACCOUNT_MESSAGES.emailTaken],
    });
  });

  it.each([
    ['missing full name', { fullName: '' }, ACCOUNT_MESSAGES.fullNameRequired],
    ['a 61-character name', { fullName: 'x'.repeat(61) }, ACCOUNT_MESSAGES.fullNameTooLong],
    ['missing email', { email: '' }, ACCOUNT_MESSAGES.emailRequired],
    ['a malformed email', { email: 'not-an-email' }, ACCOUNT_MESSAGES.emailInvalid],
    ['letters in the phone', { phoneNumber: '555-0100' }, ACCOUNT_MESSAGES.phoneDigits],
    ['an 11-digit phone', { phoneNumber: '12345678901' }, ACCOUNT_MESSAGES.phoneDigits],
    ['missing password', { password: '', conformPassword: '' }, ACCOUNT_MESSAGES.passwordRequired],
    ['a 5-character password', { password: 'abcde', conformPassword: 'abcde' }, ACCOUNT_MESSAGES.passwordTooShort],
    [
      'a 31-character password',
      { password: 'p'.repeat(31), conformPassword: 'p'.repeat(31) },
      ACCOUNT_MESSAGES.passwordTooLong,
    ],
    ['a mismatched confirmation', { conformPassword: 'something-else' }, ACCOUNT_MESSAGES.passwordsDiffer],
  ])('answers 400 with the spec message for %s', async (_case, overrides, message) => {
    const res = await request(ctx.app).post('/auth/signup_publisher_0599').send(signupBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe(message);
    expect(res.body.errors[0]).toMatch(/^body\.\w+: /);
    expect(await UserModel.countDocuments({ email: 'not-an-email' })).toBe(0);
  });

  it('names the field when zod reports a type error', async () => {
    const res = await request(ctx.app)
      .post('/auth/signup_publisher_0599')
      .send(signupBody({ fullName: 42 }));
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe('fullName: Expected string, received number');
  });

  it('answers 400 in the envelope for a body that is not JSON', async () => {
    const res = await request(ctx.app)
      .post('/auth/signup_publisher_0599')
      .set('content-type', 'application/json')
      .send('{"fullName": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusMessages: ['Request body is not valid JSON.'],
      errors: ['Request body is not valid JSON.'],
    });
  });
});

describe('POST /auth/signin', () => {
  it('returns the user and a working token', async () => {
    const vendor = await buildVendor({ email: 'Mixed.Case@Example.test', password: 'correct-horse' });
    const res = await request(ctx.app)
      .post('/auth/signin')
      .send({ email: 'mixed.case@example.TEST', password: 'correct-horse' });
    expect(res.status).toBe(200);
    const { user, token } = authResponseSchema.parse(res.body);
    expect(user._id).toBe(vendor.user._id.toHexString());
    expectNoSecrets(res.body);
    const me = await request(ctx.app).get(`/auth/${user._id}`).set('Authorization', token);
    expect(me.status).toBe(200);
  });

  it('answers 401 with one message for a wrong password and for an unknown email', async () => {
    await buildVendor({ email: 'known@example.test', password: 'right-password' });
    const wrong = await request(ctx.app)
      .post('/auth/signin')
      .send({ email: 'known@example.test', password: 'wrong-password' });
    const unknown = await request(ctx.app)
      .post('/auth/signin')
      .send({ email: 'nobody@example.test', password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.statusMessages).toEqual([ACCOUNT_MESSAGES.invalidCredentials]);
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    ['email', { password: 'x' }, ACCOUNT_MESSAGES.emailRequired],
    ['password', { email: 'a@b.test' }, ACCOUNT_MESSAGES.passwordRequired],
  ])('answers 400 when %s is missing', async (_field, body, message) => {
    const res = await request(ctx.app).post('/auth/signin').send(body);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toEqual([message]);
  });
});

describe('GET /auth/:id', () => {
  it('answers 401 Unauthenticated. without a token', async () => {
    const vendor = await buildVendor();
    const res = await request(ctx.app).get(`/auth/${vendor.user._id.toHexString()}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusMessages: ['Unauthenticated.'], errors: ['Unauthenticated.'] });
  });

  it('answers 401 Unauthenticated. for a forged or garbage token', async () => {
    const vendor = await buildVendor();
    const id = vendor.user._id.toHexString();
    for (const header of ['garbage', `${vendor.token}x`, 'Bearer ']) {
      const res = await request(ctx.app).get(`/auth/${id}`).set('Authorization', header);
      expect(res.status).toBe(401);
      expect(res.body.statusMessages).toEqual(['Unauthenticated.']);
    }
  });

  it('answers 401 User Not Found. when the token outlives its user', async () => {
    const vendor = await buildVendor();
    await UserModel.deleteOne({ _id: vendor.user._id });
    const res = await request(ctx.app).get(`/auth/${vendor.user._id.toHexString()}`).set('Authorization', vendor.token);
    expect(res.status).toBe(401);
    expect(res.body.statusMessages).toEqual(['User Not Found.']);
  });

  it('accepts both a bare token and a Bearer token', async () => {
    const vendor = await buildVendor();
    const id = vendor.user._id.toHexString();
    const bare = await request(ctx.app).get(`/auth/${id}`).set('Authorization', vendor.token);
    const bearer = await request(ctx.app).get(`/auth/${id}`).set('Authorization', `Bearer ${vendor.token}`);
    expect(bare.status).toBe(200);
    expect(bearer.status).toBe(200);
    expect(userEnvelopeSchema.parse(bare.body).data.vendorId).toBe(vendor.user.vendorId);
    expectNoSecrets(bare.body);
  });

  it("refuses vendor A reading vendor B's account", async () => {
    const a = await buildVendor();
    const b = await buildVendor();
    const res = await request(ctx.app).get(`/auth/${b.user._id.toHexString()}`).set('Authorization', a.token);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(b.user.email);
  });

  it('lets the admin read any account', async () => {
    const admin = await buildVendor({ role: 'admin' });
    const b = await buildVendor();
    const res = await request(ctx.app).get(`/auth/${b.user._id.toHexString()}`).set('Authorization', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(b.user.email);
  });

  it("answers the admin 404 for an id without an account, in words that do not end the admin's session", async () => {
    const admin = await buildVendor({ role: 'admin' });
    const res = await request(ctx.app).get('/auth/0123456789abcdef01234567').set('Authorization', admin.token);
    expect(res.status).toBe(404);
    expect(res.body.statusMessages).toEqual([NO_SUCH_ACCOUNT_MESSAGE]);
    expect(SESSION_ENDED_MESSAGES).not.toContain(res.body.statusMessages[0]);
  });

  it('answers 400 for an id that is not an ObjectId', async () => {
    const vendor = await buildVendor();
    const res = await request(ctx.app).get('/auth/not-an-id').set('Authorization', vendor.token);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe('id: must be a 24-character hex id');
  });
});

describe('PUT /auth/update', () => {
  it('answers 401 without a token', async () => {
    const res = await request(ctx.app).put('/auth/update').send({ city: 'Paris' });
    expect(res.status).toBe(401);
  });

  it('saves the editable fields and keeps them', async () => {
    const vendor = await buildVendor();
    const res = await request(ctx.app).put('/auth/update').set('Authorization', vendor.token).send({
      fullName: 'Fox William Mulder',
      city: 'Washington',
      zip: '20001',
      phoneNumber: '2025550111',
      secondaryEmail: ' Fox@X.test ',
      secondaryEmail2: '',
      apiKey: vendor.user.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.statusMessages).toEqual([ACCOUNT_MESSAGES.accountUpdated]);
    expect(res.body.data).toMatchObject({
      fullName: 'Fox William Mulder',
      city: 'Washington',
      zip: '20001',
      data: { firstName: 'Fox', lastName: 'William Mulder' },
    });
    expectNoSecrets(res.body);
    const reread = await request(ctx.app)
      .get(`/auth/${vendor.user._id.toHexString()}`)
      .set('Authorization', vendor.token);
    expect(reread.body.data).toMatchObject({
      city: 'Washington',
      secondaryEmail: 'fox@x.test',
      email: vendor.user.email,
    });
  });

  it.each([
    ['email is read-only', { email: 'new@x.test' }, "Unrecognized key(s) in object: 'email'"],
    ['vendorId is read-only', { vendorId: 1 }, "Unrecognized key(s) in object: 'vendorId'"],
    ['zip takes digits only', { zip: '12a45' }, ACCOUNT_MESSAGES.zipDigits],
    ['zip has at most 5 digits', { zip: '123456' }, ACCOUNT_MESSAGES.zipDigits],
    ['phone takes digits only', { phoneNumber: '+1 202' }, ACCOUNT_MESSAGES.phoneDigits],
    ['full name cannot be emptied', { fullName: '   ' }, ACCOUNT_MESSAGES.fullNameRequired],
    // The rule of PUT /dashboard/settings (one schema, secondaryEmailField), with its message.
    ['a secondary email must be an address', { secondaryEmail: 'not-an-email' }, ACCOUNT_MESSAGES.emailInvalid],
    ['secondaryEmail4 too', { secondaryEmail4: 'a@b' }, ACCOUNT_MESSAGES.emailInvalid],
    ['the full name holds a control character', { fullName: 'Ma\u0012ya' }, ACCOUNT_MESSAGES.controlCharacters],
    ['an address line holds a line break', { address1: '1 Main St\nFlat 2' }, ACCOUNT_MESSAGES.controlCharacters],
    [
      'a secondary email has at most 254 characters',
      { secondaryEmail2: `${'a'.repeat(250)}@x.test` },
      ACCOUNT_MESSAGES.emailInvalid,
    ],
  ])('answers 400 and changes nothing when %s', async (_case, body, message) => {
    const vendor = await buildVendor({ fullName: 'Kept Name' });
    const res = await request(ctx.app)
      .put('/auth/update')
      .set('Authorization', vendor.token)
      .send({ city: 'Lost', ...body });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toContain(message);
    const stored = await UserModel.findById(vendor.user._id).lean();
    expect(stored?.fullName).toBe('Kept Name');
    expect(stored?.city).toBe('');
  });

  it("answers 403 when the body carries someone else's apiKey", async () => {
    const a = await buildVendor();
    const b = await buildVendor();
    const res = await request(ctx.app)
      .put('/auth/update')
      .set('Authorization', a.token)
      .send({ city: 'X', apiKey: b.user.apiKey });
    expect(res.status).toBe(403);
    expect(res.body.statusMessages).toEqual(['The apiKey does not belong to the signed-in user.']);
  });
});

describe('POST /auth/changePassword', () => {
  const change = (token: string, body: Record<string, unknown>) =>
    request(ctx.app).post('/auth/changePassword').set('Authorization', token).send(body);

  it('answers 401 without a token', async () => {
    const res = await request(ctx.app).post('/auth/changePassword').send({});
    expect(res.status).toBe(401);
  });

  it('changes the password: the new one signs in, the old one and old tokens stop working', async () => {
    const vendor = await buildVendor({ email: 'changer@example.test', password: 'old-password' });
    const res = await change(vendor.token, {
      _id: vendor.user._id.toHexString(),
      currentPassword: 'old-password',
      newPassword: 'new-password',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, statusMessages: ['Password Changed successfully'] });

    const withNew = await request(ctx.app)
      .post('/auth/signin')
      .send({ email: 'changer@example.test', password: 'new-password' });
    expect(withNew.status).toBe(200);
    const withOld = await request(ctx.app)
      .post('/auth/signin')
      .send({ email: 'changer@example.test', password: 'old-password' });
    expect(withOld.status).toBe(401);
    const oldToken = await request(ctx.app)
      .get(`/auth/${vendor.user._id.toHexString()}`)
      .set('Authorization', vendor.token);
    expect(oldToken.status).toBe(401);
    expect(oldToken.body.statusMessages).toEqual(['Unauthenticated.']);
  });

  it('answers 400 when the current password is wrong, and keeps the old one', async () => {
    const vendor = await buildVendor({ email: 'keeper@example.test', password: 'old-password' });
    const res = await change(vendor.token, {
      _id: vendor.user._id.toHexString(),
      currentPassword: 'nope-nope',
      newPassword: 'new-password',
    });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toEqual([ACCOUNT_MESSAGES.currentPasswordWrong]);
    const signin = await request(ctx.app)
      .post('/auth/signin')
      .send({ email: 'keeper@example.test', password: 'old-password' });
    expect(signin.status).toBe(200);
  });

  it('answers 400 for a too-short new password', async () => {
    const vendor = await buildVendor({ password: 'old-password' });
    const res = await change(vendor.token, {
      _id: vendor.user._id.toHexString(),
      currentPassword: 'old-password',
      newPassword: 'abc',
    });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toEqual([ACCOUNT_MESSAGES.passwordTooShort]);
  });

  it("refuses changing another vendor's password", async () => {
    const a = await buildVendor({ password: 'a-password' });
    const b = await buildVendor();
    const res = await change(a.token, {
      _id: b.user._id.toHexString(),
      currentPassword: 'a-password',
      newPassword: 'hijacked!',
    });
    expect(res.status).toBe(403);
  });
});
