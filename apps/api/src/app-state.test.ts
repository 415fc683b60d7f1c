import request from 'supertest';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createActivityRecorder } from './admin/activity-recorder';
import { createClickRecorder } from './deep-links/click-recorder';
import { clickModel } from './deep-links/click.model';
import { todayUtc } from '@publisher/contract';
import { CATALOG_SIZES, generateCatalog } from './seed/catalog-generator';
import { seedCatalog } from './seed/catalog-seed';
import { createAppState } from './app-state';
import { UserModel } from './auth/user.model';
import { createAccessUsers } from './shared/auth/user-cache';
import { buildVendor } from './testing/factories';
import { createAppFor, useTestApp } from './testing/test-app';

const ctx = useTestApp();
const size = { ...CATALOG_SIZES.test, products: 20 };
const merchant = generateCatalog({ size, anchorDate: todayUtc() }).merchants[0];

beforeAll(async () => {
  await seedCatalog({ size, anchorDate: todayUtc() });
});

describe('two apps in one process', () => {
  it('share no cached user and no recorded call', async () => {
    // The first app's user cache never ages (its clock stands still), so it serves what it read once.
    const firstState = createAppState({
      users: createAccessUsers({ now: () => 0 }),
      activity: createActivityRecorder({ flushDelayMs: 60_000 }),
    });
    const secondState = createAppState({ activity: createActivityRecorder({ flushDelayMs: 60_000 }) });
    const deps = { config: ctx.config, database: { kind: inject('databaseKind') }, log: () => undefined };
    const first = createAppFor({ ...deps, state: firstState });
    const second = createAppFor({ ...deps, state: secondState });
    expect(first.state).toBe(firstState);
    try {
      const vendor = await buildVendor();
      await request(first).get('/dashboard/settings').set('Authorization', vendor.token).expect(200);
      // The token is revoked behind both apps' backs, as another process would.
      await UserModel.updateOne({ _id: vendor.user._id }, { $inc: { tokenVersion: 1 } });
      await request(first).get('/dashboard/settings').set('Authorization', vendor.token).expect(200);
      // The second app has no copy of the user: it reads the revoked one.
      await request(second).get('/dashboard/settings').set('Authorization', vendor.token).expect(401);
      expect(firstState.activity.state().pendingCalls).toBe(2);
      expect(secondState.activity.state().pendingCalls).toBe(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('record clicks into their own recorders: each app flushes its own clicks only', async () => {
    // A flush delay no test waits out: nothing is written until an app flushes.
    const firstState = createAppState({ clicks: createClickRecorder({ flushDelayMs: 600_000 }) });
    const secondState = createAppState({ clicks: createClickRecorder({ flushDelayMs: 600_000 }) });
    const deps = { config: ctx.config, database: { kind: inject('databaseKind') }, log: () => undefined };
    const first = createAppFor({ ...deps, state: firstState });
    const second = createAppFor({ ...deps, state: secondState });
    const merchantUrl = merchant?.merchantUrl ?? '';
    const follow = (app: typeof first, placement: string) =>
      request(app)
        .get(`/redirect?source=22261&publisher=1&sub=6100_${placement}&url=${encodeURIComponent(merchantUrl)}`)
        .expect(302);
    const stored = (placement: string) => clickModel(todayUtc()).countDocuments({ subId: `6100_${placement}` });
    try {
      await follow(first, 'first-app');
      await follow(first, 'first-app');
      await follow(second, 'second-app');
      expect(firstState.clicks.pending()).toBe(2);
      expect(secondState.clicks.pending()).toBe(1);

      await second.state.clicks.flush();
      expect(await stored('second-app')).toBe(1);
      expect(await stored('first-app')).toBe(0);
      expect(firstState.clicks.pending()).toBe(2);

      await first.close();
      expect(await stored('first-app')).toBe(2);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('keep their own clocks: fixing one app\'s "now" leaves the other on the real time', async () => {
    const deps = { config: ctx.config, database: { kind: inject('databaseKind') }, log: () => undefined };
    const first = createAppFor({ ...deps, state: createAppState() });
    const second = createAppFor({ ...deps, state: createAppState() });
    try {
      const fixed = await request(first).put('/__control/clock').send({ now: '2031-05-06T07:08:09Z' }).expect(200);
      expect(fixed.body.fixedNow).toBe('2031-05-06T07:08:09.000Z');
      expect(first.state.clock.now().toISOString()).toBe('2031-05-06T07:08:09.000Z');
      expect((await request(second).get('/__control').expect(200)).body.fixedNow).toBeNull();
      expect(second.state.clock.fixed()).toBeNull();
      expect(Math.abs(second.state.clock.nowMs() - Date.now())).toBeLessThan(5_000);
      // A token signed today has expired by the first app's 2031, not by the second app's real time.
      const vendor = await buildVendor();
      await request(first).get('/dashboard/settings').set('Authorization', vendor.token).expect(401);
      await request(second).get('/dashboard/settings').set('Authorization', vendor.token).expect(200);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
