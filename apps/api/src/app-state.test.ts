import request from 'supertest';
import { describe, expect, inject, it } from 'vitest';
import { createActivityRecorder } from './admin/activity-recorder';
import { createApp } from './app';
import { createAppState } from './app-state';
import { UserModel } from './auth/user.model';
import { createAccessUsers } from './shared/auth/user-cache';
import { buildVendor } from './testing/factories';
import { useTestApp } from './testing/test-app';

const ctx = useTestApp();

describe('two apps in one process', () => {
  it('share no cached user and no recorded call', async () => {
    // The first app's user cache never ages (its clock stands still), so it serves what it read once.
    const firstState = createAppState({
      users: createAccessUsers({ now: () => 0 }),
      activity: createActivityRecorder({ flushDelayMs: 60_000 }),
    });
    const secondState = createAppState({ activity: createActivityRecorder({ flushDelayMs: 60_000 }) });
    const deps = { config: ctx.config, database: { kind: inject('databaseKind') }, log: () => undefined };
    const first = createApp({ ...deps, state: firstState });
    const second = createApp({ ...deps, state: secondState });
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
});
