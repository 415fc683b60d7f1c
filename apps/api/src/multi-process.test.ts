import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_PATH } from '@publisher/contract';
import { RateLimitHitModel } from './shared/rate-limit-hit.model';
import { startApiProcess } from './testing/api-process';
import { buildVendor, type BuiltVendor } from './testing/factories';
import { useTestApp } from './testing/test-app';

/**
 * Two real API processes (`src/main.ts`, as docker-compose runs api-1 and api-2 behind nginx) on one database:
 * a client sent to either sees one consistent state, and the sign-in limits count across both.
 */
useTestApp();

const JWT_SECRET = 'multi-process-test-secret-long-enough';
const LOGIN_RATE_LIMIT = 4;
const processes: ChildProcess[] = [];
let urls: [string, string];
let vendor: BuiltVendor;
let admin: BuiltVendor;
/** The vendor's session, issued by the first process. */
let token: string;

async function startApi(): Promise<string> {
  // As docker-compose.yml runs them: the mock mode owns its database, one such process per database.
  const { child, url } = await startApiProcess({
    JWT_SECRET,
    LOGIN_RATE_LIMIT: String(LOGIN_RATE_LIMIT),
    MOCK_CONTROLS: 'false',
  });
  processes.push(child);
  return url;
}

async function call(base: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: init.token } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Polls `read` until `done` holds (another process's user cache may serve a record for up to 2 s). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = 5_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    // A read is one local HTTP call: polled often, the test ends as soon as the other process's cache expires.
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  vendor = await buildVendor({ password: 'Shared-state-1' });
  admin = await buildVendor({ password: 'Shared-state-admin-1', role: 'admin' });
  urls = [await startApi(), await startApi()];
  const signin = await call(urls[0], '/auth/signin', {
    method: 'POST',
    body: { email: vendor.user.email, password: 'Shared-state-1' },
  });
  token = String(signin.body['token']);
}, 120_000);

afterAll(async () => {
  await Promise.all(
    processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
});

describe('two API processes on one database', () => {
  const [first, second] = [0, 1] as const;

  it('a token issued by one process is accepted by the other', async () => {
    const read = await call(urls[second], `/auth/${vendor.user._id.toHexString()}`, { token });
    expect(read.status).toBe(200);
    expect((read.body['data'] as { email: string }).email).toBe(vendor.user.email);
  });

  it('an account saved through one process reads back through the other', async () => {
    const update = await call(urls[first], '/auth/update', {
      method: 'PUT',
      token,
      body: { fullName: 'Saved Through Api One', city: 'Porto', apiKey: vendor.user.apiKey },
    });
    expect(update.status).toBe(200);
    const read = await eventually(
      () => call(urls[second], `/auth/${vendor.user._id.toHexString()}`, { token }),
      (res) => (res.body['data'] as { city?: string } | undefined)?.city === 'Porto',
    );
    expect(read.body['data']).toMatchObject({ fullName: 'Saved Through Api One', city: 'Porto' });
  });

  it('a sign-up on one process is visible to a sign-in on the other', async () => {
    const email = `two-processes.${Date.now()}@example.test`;
    const signup = await call(urls[second], SIGNUP_PATH, {
      method: 'POST',
      body: { fullName: 'Two Processes', email, password: 'Shared-state-2', conformPassword: 'Shared-state-2' },
    });
    expect(signup.status).toBe(201);
    const signin = await call(urls[first], '/auth/signin', {
      method: 'POST',
      body: { email, password: 'Shared-state-2' },
    });
    expect(signin.status).toBe(200);
  });

  it('failed sign-ins on either process count toward one per-address limit', async () => {
    await RateLimitHitModel.deleteMany({});
    const attempt = (base: string) =>
      call(base, '/auth/signin', { method: 'POST', body: { email: 'nobody@example.test', password: 'wrong' } });
    for (let index = 0; index < LOGIN_RATE_LIMIT; index += 1) {
      expect((await attempt(index % 2 === 0 ? urls[first] : urls[second])).status).toBe(401);
    }
    expect((await attempt(urls[first])).status).toBe(429);
    expect((await attempt(urls[second])).status).toBe(429);
  });

  it('two saves of the same days sent to both processes at once run one after the other, and rows stay whole', async () => {
    await RateLimitHitModel.deleteMany({});
    const signin = await call(urls[first], '/auth/signin', {
      method: 'POST',
      body: { email: admin.user.email, password: 'Shared-state-admin-1' },
    });
    const adminToken = String(signin.body['token']);
    const save = (base: string) =>
      call(base, '/newdashboard/saveDailyReports?startDate=2025-05-01&endDate=2025-05-04', { token: adminToken });
    const [one, two] = await Promise.all([save(urls[first]), save(urls[second])]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const runs = [one, two].map(
      (res) => res.body['run'] as { start_time: string; end_time: string; rowsWritten: number },
    );
    const [earlier, later] = [...runs].sort((a, b) => a.start_time.localeCompare(b.start_time));
    // The lease made the second wait: it started only once the first had finished.
    expect(Date.parse(later?.start_time ?? '')).toBeGreaterThanOrEqual(Date.parse(earlier?.end_time ?? ''));
    expect(later?.rowsWritten).toBe(earlier?.rowsWritten);
    // Whichever process is asked, the report holds one save's rows, not two.
    const report = (base: string) =>
      call(base, '/newdashboard/getConversionReports2', {
        method: 'POST',
        token,
        body: { startDate: '2025-05-01', endDate: '2025-05-04', page: 0, pageSize: 500 },
      });
    const [fromFirst, fromSecond] = [await report(urls[first]), await report(urls[second])];
    expect(fromFirst.status).toBe(200);
    expect(fromFirst.body).toEqual(fromSecond.body);
    expect(JSON.stringify(fromFirst.body)).not.toBe('{}');
  });

  it('a password changed through one process ends the old sessions on the other', async () => {
    const change = await call(urls[first], '/auth/changePassword', {
      method: 'POST',
      token,
      body: {
        _id: vendor.user._id.toHexString(),
        currentPassword: 'Shared-state-1',
        newPassword: 'Shared-state-3',
        apiKey: vendor.user.apiKey,
      },
    });
    expect(change.status).toBe(200);
    const read = await eventually(
      () => call(urls[second], `/auth/${vendor.user._id.toHexString()}`, { token }),
      (res) => res.status === 401,
    );
    expect(read.status).toBe(401);
  });
});
