import request from 'supertest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { controlStateSchema, healthResponseSchema, type BackgroundFailure } from '@publisher/contract';
import { createBackgroundFailures, type BackgroundFailures } from '../system/background-failures';
import { useTestApp } from '../testing/test-app';
import { createMockApp, type MockApp } from './mock-app';
import { createResetPriority } from './reset-priority';
import { createSessions, type SessionApp } from './sessions';
import { QUARANTINED_SESSION_FILE as quarantined } from '../system/testing/failure-fixtures';

const ctx = useTestApp();
const apps: MockApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** A mock-mode app reporting to `failures`, closed after the file. */
function mockAppWith(failures: BackgroundFailures): MockApp {
  const app = createMockApp({
    config: ctx.config,
    database: { kind: inject('databaseKind') },
    failures,
    log: () => undefined,
  });
  apps.push(app);
  return app;
}

describe('background failures in the mock mode', () => {
  it('GET /health says degraded (still 200) and lists each failure with its reason and what to do; so does GET /__control', async () => {
    const failures = createBackgroundFailures({ database: () => [quarantined], log: () => undefined });
    const app = mockAppWith(failures);
    const healthy = healthResponseSchema.parse((await request(ctx.app).get('/health').expect(200)).body);
    expect(healthy.status).toBe('ok');
    expect(healthy.failures).toEqual([]);

    failures.report({
      kind: 'seed-copy-not-kept',
      reason: 'No copy of the fresh demo seed was kept: MongoServerError: out of disk',
      whatToDo: 'Nothing is lost: the first reset to demo seeds from nothing (slower) and keeps its copy then.',
    });

    const health = healthResponseSchema.parse((await request(app).get('/health').expect(200)).body);
    expect(health.status).toBe('degraded');
    const expected: BackgroundFailure[] = [
      { ...quarantined, count: 1 },
      {
        kind: 'seed-copy-not-kept',
        reason: 'No copy of the fresh demo seed was kept: MongoServerError: out of disk',
        whatToDo: 'Nothing is lost: the first reset to demo seeds from nothing (slower) and keeps its copy then.',
        at: expect.any(String) as string,
        count: 1,
      },
    ];
    expect(health.failures).toEqual(expected);
    const control = controlStateSchema.parse((await request(app).get('/__control').expect(200)).body);
    expect(control.failures).toEqual(expected);
  });

  it('a failure older than 15 minutes stays listed, but /health says ok again: it healed', async () => {
    const failures = createBackgroundFailures({ log: () => undefined });
    const app = mockAppWith(failures);
    failures.report({ ...quarantined, at: new Date(Date.now() - 16 * 60_000) });
    const health = healthResponseSchema.parse((await request(app).get('/health').expect(200)).body);
    expect(health.status).toBe('ok');
    expect(health.failures?.map((failure) => failure.kind)).toEqual(['database-file-quarantined']);
  });

  it('a spare session database whose filling failed is reported as a failed seed', async () => {
    const failures = createBackgroundFailures({ log: () => undefined });
    const failing: SessionApp = {
      handle: (_req, _res, next) => next(),
      reset: () => Promise.resolve(),
      fill: () => Promise.reject(new Error('disk I/O error')),
      profile: () => 'small',
      readModels: () => Promise.resolve({ catalog: {}, coupons: {} }),
      close: () => Promise.resolve(),
    };
    const sessions = createSessions({
      limit: 2,
      ttlMs: 60_000,
      spares: 0,
      priority: createResetPriority(),
      build: () => failing,
      profile: () => 'small',
      failures,
      log: () => undefined,
    });
    try {
      await expect(sessions.prepare(1)).rejects.toThrow(/disk I\/O error/);
      expect(failures.list()).toEqual([
        {
          kind: 'seed-failed',
          reason: expect.stringMatching(
            /^Mock session spare t_\w+__spare_1 \(small\) could not be filled: Error: disk I\/O error$/,
          ) as string,
          whatToDo: expect.stringMatching(/^Nothing: a new session is filled on its first call/) as string,
          at: expect.any(String) as string,
          count: 1,
        },
      ]);
    } finally {
      await sessions.close();
    }
  });
});
