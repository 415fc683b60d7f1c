import express from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  controlStateSchema,
  mockSessionListSchema,
  MOCK_SESSION_HEADER,
  requestJournalSchema,
  type SeedProfile,
} from '@publisher/contract';
import { AppError } from '../shared/app-error';
import { errorHandler } from '../shared/error-handler';
import { RateLimitHitModel } from '../shared/rate-limit-hit.model';
import { onCurrentDatabase } from '../shared/tenant';
import { useTestApp } from '../testing/test-app';
import { createResetPriority } from './reset-priority';
import { createSessions, gaveWayError, isSessionDatabaseOf, type SessionApp, type SessionsOptions } from './sessions';
import { sessionCalls } from './testing/session-calls';

// No spares here: these sessions are each filled on first use, as without a pool (session-spares.test.ts has them).
const ctx = useTestApp({ mockSessions: { limit: 6, ttlMs: 600_000, spares: 0 } });

const { as, signIn, fullName } = sessionCalls(() => ctx.app);

beforeAll(async () => {
  // Sessions start from the default session's profile: the small one keeps this file fast.
  await request(ctx.app).post('/__control/reset').send({ profile: 'small' }).expect(200);
}, 120_000);

describe('isolated mock sessions (X-Mock-Session)', () => {
  it('four workers in parallel each change data, clock and latency, and none sees another', async () => {
    const workers = ['worker-1', 'worker-2', 'worker-3', 'worker-4'];
    await Promise.all(
      workers.map(async (worker, index) => {
        const day = `2026-0${String(index + 1)}-15T12:00:00.000Z`;
        await as(worker).put('/__control/clock').send({ now: day }).expect(200);
        await as(worker).put('/__control/latency').send({ minMs: index, maxMs: index }).expect(200);
        const { token } = await signIn(worker);
        await as(worker)
          .put('/auth/update')
          .set('Authorization', token)
          .send({ fullName: `Name ${worker}` })
          .expect(200);
      }),
    );
    for (const [index, worker] of workers.entries()) {
      expect(await fullName(worker)).toBe(`Name ${worker}`);
      const state = controlStateSchema.parse((await as(worker).get('/__control').expect(200)).body);
      expect(state).toMatchObject({
        fixedNow: `2026-0${String(index + 1)}-15T12:00:00.000Z`,
        latency: { minMs: index, maxMs: index },
        profile: 'small',
      });
    }
    // The default session saw none of it.
    expect(await fullName(undefined)).toBe('Maya Patel');
    expect(controlStateSchema.parse((await as(undefined).get('/__control').expect(200)).body)).toMatchObject({
      fixedNow: null,
      latency: null,
    });

    const listed = mockSessionListSchema.parse((await as(undefined).get('/__control/sessions').expect(200)).body);
    expect(listed.sessions.map((session) => session.id)).toEqual(expect.arrayContaining(workers));
    expect(listed.limit).toBe(6);
  });

  it('errors, journal and resets stay in their session', async () => {
    await as('errors').put('/__control/errors').send({ rate: 1, status: 503 }).expect(200);
    const broken = await signIn('calm').then(({ token }) =>
      as('errors').get('/coupons/getcoupons').set('Authorization', token),
    );
    expect(broken.status).toBe(503);
    const reason =
      'Scenario: 503 from the error rate of mock session errors (PUT /__control/errors with X-Mock-Session: errors).';
    expect(broken.body).toEqual({ statusMessages: [reason], errors: [reason] });
    const calm = await signIn('calm');
    await as('calm').get('/coupons/getcoupons').set('Authorization', calm.token).expect(200);

    const journal = requestJournalSchema.parse((await as('calm').get('/__control/requests').expect(200)).body);
    expect(journal.requests.length).toBeGreaterThan(0);
    expect(journal.requests.every((entry) => entry.headers['x-mock-session'] === 'calm')).toBe(true);

    // A reset in one session puts back its own data only.
    const { token } = await signIn('calm');
    await as('calm').put('/auth/update').set('Authorization', token).send({ fullName: 'Calm Changed' }).expect(200);
    await as('errors').delete('/__control/errors').expect(200);
    const other = await signIn('errors');
    await as('errors').put('/auth/update').set('Authorization', other.token).send({ fullName: 'Kept' }).expect(200);
    await as('calm').post('/__control/reset').send({}).expect(200);
    expect(await fullName('calm')).toBe('Maya Patel');
    expect(await fullName('errors')).toBe('Kept');
  });

  it('refuses a malformed id with 400; at the limit the least recently used session gives way; ends a session on request', async () => {
    const bad = await as('not valid!').get('/health');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      statusMessages: [`${MOCK_SESSION_HEADER} must be 1 to 32 letters, digits, - or _`],
    });

    // Empty is the default session (a client that always sends the header, empty when it has no session).
    const empty = controlStateSchema.parse((await as('').get('/__control').expect(200)).body);
    expect(empty.fixedNow).toBeNull();

    const alive = mockSessionListSchema.parse((await as(undefined).get('/__control/sessions').expect(200)).body);
    for (let index = alive.sessions.length; index < alive.limit; index += 1) {
      await as(`filler-${String(index)}`)
        .get('/__control')
        .expect(200);
    }
    const full = mockSessionListSchema.parse((await as(undefined).get('/__control/sessions').expect(200)).body);
    expect(full.sessions).toHaveLength(6);
    const [leastRecent] = [...full.sessions].sort((a, b) => Date.parse(a.lastUsedAt) - Date.parse(b.lastUsedAt));
    const evictedConnection = ctx.app.sessions
      ?.connections()
      .sessions.find((connection) => connection.name.endsWith(`__s_${leastRecent?.id ?? ''}`));
    // Every session is idle: the one used least recently gives way.
    await as('one-more').get('/__control').expect(200);
    const after = mockSessionListSchema.parse((await as(undefined).get('/__control/sessions').expect(200)).body);
    expect(after.sessions.map((session) => session.id)).toContain('one-more');
    expect(after.sessions.map((session) => session.id)).not.toContain(leastRecent?.id);
    expect(after.sessions).toHaveLength(6);
    // Its database was reset and is the new session's: no new database, no copy of the seed.
    expect(after.sessions.find((session) => session.id === 'one-more')).toMatchObject({ fromSpare: true });
    expect(evictedConnection).toBeDefined();
    expect(ctx.app.sessions?.connections().sessions).toContain(evictedConnection);

    // One still alive (which one gave way above depends on the order the earlier tests used them in).
    const stillAlive = after.sessions.find((session) => session.id !== 'one-more')?.id ?? 'none';
    const ended = await as(undefined).delete(`/__control/sessions/${stillAlive}`).expect(200);
    expect(ended.body).toMatchObject({ id: stillAlive, profile: 'small' });
    await as(undefined).delete(`/__control/sessions/${stillAlive}`).expect(404);
    // Its place is free again, and a new session of that name starts from the seed.
    expect(await fullName(stillAlive)).toBe('Maya Patel');
    // No connection is kept but the sessions' and the spares' (mongoose keeps every useDb one in otherDbs
    // otherwise); an ended session's database may still be on its way to being a spare or dropped on a loaded machine.
    const otherDbs = (mongoose.connection as unknown as { otherDbs: mongoose.Connection[] }).otherDbs;
    // This file's database only: an earlier file's app (never closed: test files share the process) keeps its spares.
    const held = (): Set<mongoose.Connection> =>
      new Set(otherDbs.filter((connection) => isSessionDatabaseOf(mongoose.connection.name, connection.name)));
    const living = (): Set<mongoose.Connection> => {
      const { sessions = [], spares = [] } = ctx.app.sessions?.connections() ?? {};
      return new Set([...sessions, ...spares]);
    };
    const leftOver = (): string[] =>
      [...held()].filter((connection) => !living().has(connection)).map((connection) => connection.name);
    await expect.poll(leftOver, { timeout: 30_000 }).toEqual([]);
    expect([...held()]).toEqual(expect.arrayContaining(ctx.app.sessions?.connections().sessions ?? []));
    expect(ctx.app.sessions?.connections().sessions).toHaveLength(6);
  });
});

/** A promise with its resolve function, to hold a piece of work open until the test lets it end. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const MIB = 2 ** 20;

/** Lets every queued promise callback run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Sessions over stand-in apps (no database): each answers its owner and profile; a fill writes `steps` steps
 * through the pool's step function, each noted in `events` (and held open while `hold` is set).
 */
function fakeSessions(settings: {
  limit: number;
  spares?: number;
  steps?: number;
  now?: () => number;
  heap?: () => { usedBytes: number; limitBytes: number };
  hasKeptSeed?: () => boolean;
  mayCreate?: SessionsOptions['mayCreate'];
  /** Runs inside the session's database context as each app is built (a model compiled on its connection). */
  onBuild?: () => void;
}) {
  const events: string[] = [];
  const closed: string[] = [];
  /** Builds, resets and closes in the order they happened. */
  const order: string[] = [];
  let profile: SeedProfile = 'small';
  let hold: Promise<void> | undefined;
  /** While set, every call waits for it before it answers (a call in flight: its session is busy). */
  let holdCalls: Promise<void> | undefined;
  /** While set, an app's close waits for it (a session being ended, its database not yet dropped). */
  let holdClose: Promise<void> | undefined;
  let built = 0;
  const priority = createResetPriority();
  const sessions = createSessions({
    limit: settings.limit,
    ttlMs: 1_000,
    spares: settings.spares ?? 0,
    priority,
    refillDelayMs: 0,
    now: settings.now,
    heap: settings.heap,
    headroomBytes: 48 * MIB,
    hasKeptSeed: settings.hasKeptSeed,
    seedHeadroomBytes: 160 * MIB,
    mayCreate: settings.mayCreate,
    profile: () => profile,
    build: (owner): SessionApp => {
      built += 1;
      const app = `app-${String(built)}`;
      let filledWith: SeedProfile = profile;
      settings.onBuild?.();
      return {
        handle: (_req, res) => {
          void Promise.resolve(holdCalls).then(() => res.json({ owner: owner(), app, profile: filledWith }));
        },
        reset: async (to) => {
          filledWith = to;
          events.push(`${app} reset`);
          order.push(`${app} reset`);
        },
        fill: async (to, step) => {
          for (let index = 0; index < (settings.steps ?? 1); index += 1) {
            await step(async () => {
              events.push(`${app} step ${String(index)}`);
              await hold;
            });
          }
          filledWith = to;
        },
        profile: () => filledWith,
        readModels: async () => ({ catalog: {}, coupons: {} }),
        close: async () => {
          order.push(`${app} closing`);
          if (holdClose) await holdClose;
          closed.push(owner() ?? app);
          order.push(`${app} closed`);
        },
      };
    },
  });
  const app = express();
  /** The session ids of the calls that have reached the API, in order. */
  const arrivals: string[] = [];
  app.use((req, _res, next) => {
    arrivals.push(String(req.headers[MOCK_SESSION_HEADER.toLowerCase()]));
    next();
  });
  app.use(sessions.middleware);
  app.use(errorHandler(() => undefined));
  return {
    sessions,
    priority,
    app,
    events,
    closed,
    order,
    arrivals,
    setProfile: (to: SeedProfile) => {
      profile = to;
    },
    holdSteps: (until: Promise<void> | undefined) => {
      hold = until;
    },
    holdCalls: (until: Promise<void> | undefined) => {
      holdCalls = until;
    },
    holdClose: (until: Promise<void> | undefined) => {
      holdClose = until;
    },
    built: () => built,
  };
}

describe('session expiry', () => {
  it('drops a session unused past the TTL', async () => {
    let clock = 0;
    const fake = fakeSessions({ limit: 4, now: () => clock });
    try {
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'first').expect(200, {
        owner: 'first',
        app: 'app-1',
        profile: 'small',
      });
      clock = 500;
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'second').expect(200);
      expect(fake.closed).toEqual([]);
      clock = 1_200;
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'third').expect(200);
      expect(fake.closed).toEqual(['first']);
      expect(fake.sessions.list().map((session) => session.id)).toEqual(['second', 'third']);
    } finally {
      await fake.sessions.close();
    }
  });

  it('never drops a session busy with a call, however long unused before it', async () => {
    let clock = 0;
    const fake = fakeSessions({ limit: 4, now: () => clock });
    const held = deferred();
    try {
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'slow').expect(200);
      fake.holdCalls(held.promise);
      const slowCall = request(fake.app)
        .get('/')
        .set(MOCK_SESSION_HEADER, 'slow')
        .then((response) => response);
      await vi.waitFor(() => expect(fake.sessions.list()).toHaveLength(1));
      await settle();
      clock = 5_000;
      fake.holdCalls(undefined);
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'other').expect(200);
      expect(fake.closed).toEqual([]);
      held.resolve();
      expect((await slowCall).status).toBe(200);
    } finally {
      held.resolve();
      await fake.sessions.close();
    }
  });
});

describe('the session limit cannot lock callers out', () => {
  it('at the limit, the least recently used idle session gives way to a new one', async () => {
    let clock = 0;
    const fake = fakeSessions({ limit: 2, now: () => clock });
    try {
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'a').expect(200);
      clock = 100;
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'b').expect(200);
      clock = 200;
      // a is used again: b is now the least recently used.
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'a').expect(200);
      clock = 300;
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'c').expect(200);
      expect(fake.sessions.list().map((session) => session.id)).toEqual(['a', 'c']);
      await vi.waitFor(() => expect(fake.closed).toEqual(['b']));
      // b's next call is told its data is gone (once), not served a new session as if nothing had happened.
      clock = 2_300;
      const told = await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'b');
      expect(told.status).toBe(409);
      expect(told.body).toMatchObject({ statusMessages: [gaveWayError('b', 2_000, 2).messages[0]] });
      expect(told.body.statusMessages[0]).toMatch(
        /^Mock session b was ended 2 s ago to make room .*MOCK_SESSION_LIMIT/,
      );
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'b').expect(200);
      // c gives way to d, then its caller ends it on purpose (DELETE): its next call is a new session, no 409.
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'd').expect(200);
      await fake.sessions.end('c');
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'c').expect(200);
    } finally {
      await fake.sessions.close();
    }
  });

  it('429 with Retry-After only when every session is busy; a session freed by its answer then gives way', async () => {
    const fake = fakeSessions({ limit: 2 });
    const held = deferred();
    try {
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'a').expect(200);
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'b').expect(200);
      fake.holdCalls(held.promise);
      const busy = ['a', 'b'].map((id) =>
        request(fake.app)
          .get('/')
          .set(MOCK_SESSION_HEADER, id)
          .then((response) => response),
      );
      await settle();
      await settle();
      const refused = await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'c');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.body).toEqual({
        statusMessages: [
          'At most 2 mock sessions at once (MOCK_SESSION_LIMIT), and every one is answering a call now; try again ' +
            'in a moment, or end one (DELETE /__control/sessions/:id).',
        ],
        errors: [expect.any(String)],
      });
      expect(fake.closed).toEqual([]);
      fake.holdCalls(undefined);
      held.resolve();
      expect((await Promise.all(busy)).map((response) => response.status)).toEqual([200, 200]);
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'c').expect(200);
      expect(fake.sessions.list()).toHaveLength(2);
    } finally {
      held.resolve();
      await fake.sessions.close();
    }
  });

  it('spares do not count against the limit: with every session alive, the pool still keeps its spares', async () => {
    const fake = fakeSessions({ limit: 2 });
    try {
      expect(await fake.sessions.prepare(2)).toEqual({ ready: 2, filling: 0, target: 2 });
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'a').expect(200);
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'b').expect(200);
      expect(fake.sessions.list().map((session) => session.fromSpare)).toEqual([true, true]);
      await vi.waitFor(() => expect(fake.sessions.spares()).toEqual({ ready: 2, filling: 0, target: 2 }));
      // A third session takes a spare too, and the least recently used idle one gives way.
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'c').expect(200);
      expect(fake.sessions.list().map((session) => [session.id, session.fromSpare])).toEqual([
        ['b', true],
        ['c', true],
      ]);
    } finally {
      await fake.sessions.close();
    }
  });

  it('a refusal from mayCreate (the control token) stops a new session only; one alive still serves', async () => {
    const fake = fakeSessions({
      limit: 2,
      mayCreate: (req) => (req.headers['x-allow'] === 'yes' ? undefined : AppError.unauthenticated('no token')),
    });
    try {
      const refused = await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'a');
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ statusMessages: ['no token'] });
      expect(fake.built()).toBe(0);
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'a').set('x-allow', 'yes').expect(200);
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'a').expect(200);
    } finally {
      await fake.sessions.close();
    }
  });
});

describe('sessions made and ended without races', () => {
  it('two simultaneous first calls with one id make one app, while the sweep is dropping an idle session', async () => {
    let clock = 0;
    const fake = fakeSessions({ limit: 4, now: () => clock });
    const closing = deferred();
    try {
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'idle').expect(200);
      clock = 5_000;
      // The idle session's drop (its app's close) stays in progress while both calls arrive.
      fake.holdClose(closing.promise);
      const calls = [0, 1].map(() =>
        request(fake.app)
          .get('/')
          .set(MOCK_SESSION_HEADER, 'twin')
          .then((response) => response),
      );
      await vi.waitFor(() => expect(fake.order).toContain('app-1 closing'));
      await settle();
      fake.holdClose(undefined);
      closing.resolve();
      const answers = await Promise.all(calls);
      expect(answers.map((response) => response.body as unknown)).toEqual([
        { owner: 'twin', app: 'app-2', profile: 'small' },
        { owner: 'twin', app: 'app-2', profile: 'small' },
      ]);
      expect(fake.built()).toBe(2);
      expect(fake.sessions.list().map((session) => session.id)).toEqual(['twin']);
    } finally {
      closing.resolve();
      await fake.sessions.close();
    }
  });

  it('a new session of an id being ended starts once the old one is closed and its database dropped', async () => {
    const fake = fakeSessions({ limit: 4 });
    const closing = deferred();
    try {
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'again').expect(200);
      fake.holdClose(closing.promise);
      const ending = fake.sessions.end('again');
      const next = request(fake.app)
        .get('/')
        .set(MOCK_SESSION_HEADER, 'again')
        .then((response) => response);
      await vi.waitFor(() => expect(fake.order).toContain('app-1 closing'));
      await vi.waitFor(() => expect(fake.arrivals.filter((id) => id === 'again')).toHaveLength(2));
      await settle();
      expect(fake.built()).toBe(1);
      fake.holdClose(undefined);
      closing.resolve();
      await ending;
      expect((await next).body).toEqual({ owner: 'again', app: 'app-2', profile: 'small' });
      expect(fake.order).toEqual(['app-1 reset', 'app-1 closing', 'app-1 closed', 'app-2 reset']);
    } finally {
      closing.resolve();
      await fake.sessions.close();
    }
  });

  it('an ended session lets go of its connection and models: 200 sessions made and ended leave none behind', async () => {
    const parent = mongoose.connection as unknown as { otherDbs: mongoose.Connection[] };
    const otherDbsBefore = parent.otherDbs.length;
    const modelsBefore = mongoose.modelNames().length;
    // Each app compiles a model on its session's connection, as the real ones do on first use.
    const fake = fakeSessions({ limit: 4, onBuild: () => onCurrentDatabase(RateLimitHitModel) });
    const ended: mongoose.Connection[] = [];
    try {
      for (let index = 0; index < 200; index += 1) {
        const id = `s-${String(index)}`;
        await request(fake.app).get('/').set(MOCK_SESSION_HEADER, id).expect(200);
        const [connection] = fake.sessions.connections().sessions;
        if (!connection) throw new Error(`session ${id} has no connection`);
        expect(connection.modelNames()).toEqual([RateLimitHitModel.modelName]);
        ended.push(connection);
        await fake.sessions.end(id);
      }
      expect(parent.otherDbs.length).toBe(otherDbsBefore);
      expect(mongoose.modelNames().length).toBe(modelsBefore);
      expect(ended.every((connection) => connection.modelNames().length === 0)).toBe(true);
    } finally {
      await fake.sessions.close();
    }
  }, 120_000);
});

describe('spare session databases', () => {
  it('none before the first session; then the pool keeps MOCK_SESSION_SPARES ready and a new session takes one', async () => {
    const fake = fakeSessions({ limit: 4, spares: 2 });
    try {
      await settle();
      expect(fake.sessions.spares()).toEqual({ ready: 0, filling: 0, target: 0 });
      const first = await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'first').expect(200);
      expect(first.body).toEqual({ owner: 'first', app: 'app-1', profile: 'small' });
      expect(fake.sessions.list()[0]).toMatchObject({ id: 'first', fromSpare: false });
      // The pool fills one database at a time, up to 2.
      await vi.waitFor(() => expect(fake.sessions.spares()).toEqual({ ready: 2, filling: 0, target: 2 }));
      expect(fake.events).toEqual(['app-1 reset', 'app-2 step 0', 'app-3 step 0']);

      // A new session takes a ready spare (its app, already filled: no reset), and the pool fills another.
      const second = await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'second').expect(200);
      expect(second.body).toEqual({ owner: 'second', app: 'app-2', profile: 'small' });
      expect(fake.sessions.list().find((session) => session.id === 'second')).toMatchObject({ fromSpare: true });
      // Two sessions leave room for 2 spares under the limit of 4.
      await vi.waitFor(() => expect(fake.sessions.spares()).toEqual({ ready: 2, filling: 0, target: 2 }));
      expect(fake.events).not.toContain('app-2 reset');
    } finally {
      await fake.sessions.close();
    }
    // Spares are dropped at close.
    expect(fake.closed).toEqual(expect.arrayContaining(['app-3', 'app-4']));
  });

  it('prepare fills up to its count, capped at the limit (no more spares than sessions could ever take)', async () => {
    const fake = fakeSessions({ limit: 3 });
    try {
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'first').expect(200);
      expect(await fake.sessions.prepare(10)).toEqual({ ready: 3, filling: 0, target: 3 });
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'second').expect(200);
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'third').expect(200);
      expect(fake.sessions.list().map((session) => session.fromSpare)).toEqual([false, true, true]);
      await vi.waitFor(() => expect(fake.sessions.spares()).toEqual({ ready: 3, filling: 0, target: 3 }));
      expect(await fake.sessions.prepare(0)).toEqual({ ready: 3, filling: 0, target: 0 });
    } finally {
      await fake.sessions.close();
    }
  });

  it('a change of the default profile drops the spares of the old one and fills new ones', async () => {
    const fake = fakeSessions({ limit: 4 });
    try {
      expect(await fake.sessions.prepare(2)).toEqual({ ready: 2, filling: 0, target: 2 });
      fake.setProfile('demo');
      fake.sessions.defaultProfileChanged();
      expect(fake.closed).toEqual(['app-1', 'app-2']);
      expect(await fake.sessions.prepare(2)).toEqual({ ready: 2, filling: 0, target: 2 });
      const taken = await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'worker').expect(200);
      expect(taken.body).toEqual({ owner: 'worker', app: 'app-3', profile: 'demo' });
    } finally {
      await fake.sessions.close();
    }
  });

  it('a spare whose profile went stale while it was filled is dropped, not kept', async () => {
    const fake = fakeSessions({ limit: 4 });
    const held = deferred();
    fake.holdSteps(held.promise);
    try {
      const preparing = fake.sessions.prepare(1);
      await settle();
      expect(fake.sessions.spares()).toEqual({ ready: 0, filling: 1, target: 1 });
      fake.setProfile('large');
      fake.sessions.defaultProfileChanged();
      fake.holdSteps(undefined);
      held.resolve();
      expect(await preparing).toEqual({ ready: 1, filling: 0, target: 1 });
      expect(fake.closed).toEqual(['app-1']);
      const taken = await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'worker').expect(200);
      expect(taken.body).toMatchObject({ app: 'app-2', profile: 'large' });
    } finally {
      await fake.sessions.close();
    }
  });

  it('filling never overlaps a reset: its steps wait for resets, and a reset waits for the step in flight', async () => {
    const fake = fakeSessions({ limit: 4, steps: 3 });
    try {
      const resetHeld = deferred();
      const reset = fake.priority.reset(async () => {
        fake.events.push('reset start');
        await resetHeld.promise;
        fake.events.push('reset end');
      });
      const preparing = fake.sessions.prepare(1);
      await settle();
      expect(fake.events).toEqual(['reset start']);
      expect(fake.sessions.spares()).toEqual({ ready: 0, filling: 1, target: 1 });
      resetHeld.resolve();
      await reset;

      // A reset asked for while a step runs starts when that step ends; the next step waits for the reset.
      const stepHeld = deferred();
      fake.holdSteps(stepHeld.promise);
      await vi.waitFor(() => expect(fake.events).toContain('app-1 step 0'));
      const second = fake.priority.reset(async () => {
        fake.events.push('second reset');
      });
      fake.holdSteps(undefined);
      stepHeld.resolve();
      await second;
      expect(await preparing).toEqual({ ready: 1, filling: 0, target: 1 });
      expect(fake.events).toEqual([
        'reset start',
        'reset end',
        'app-1 step 0',
        'second reset',
        'app-1 step 1',
        'app-1 step 2',
      ]);
    } finally {
      await fake.sessions.close();
    }
  });

  it('a new session waits for the spare being filled rather than filling a database of its own', async () => {
    const fake = fakeSessions({ limit: 4 });
    const held = deferred();
    fake.holdSteps(held.promise);
    try {
      const preparing = fake.sessions.prepare(1);
      await settle();
      const taking = request(fake.app)
        .get('/')
        .set(MOCK_SESSION_HEADER, 'worker')
        .then((response) => response);
      await settle();
      fake.holdSteps(undefined);
      held.resolve();
      expect((await taking).body).toEqual({ owner: 'worker', app: 'app-1', profile: 'small' });
      expect(fake.events).not.toContain('app-1 reset');
      await preparing;
    } finally {
      await fake.sessions.close();
    }
  });
});

describe('the heap has room for every session and spare it makes', () => {
  it('a session that needs a database of its own answers 503 saying why while the heap is full, and is made once it is not', async () => {
    let usedBytes = 200 * MIB;
    const fake = fakeSessions({ limit: 4, heap: () => ({ usedBytes, limitBytes: 240 * MIB }) });
    try {
      const refused = await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'qa-a');
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.body).toEqual({
        statusMessages: [
          "The API's memory has no room for another mock session: 200 MiB of its 240 MiB heap in use, and one may " +
            'need 48 MiB. End a session (DELETE /__control/sessions/:id), prepare fewer spares ' +
            '(POST /__control/sessions/prepare), delete a snapshot (DELETE /__control/snapshots/:name), or give the API ' +
            'a larger heap (NODE_OPTIONS=--max-old-space-size=384 npm start).',
        ],
        errors: [expect.any(String)],
      });
      expect(fake.sessions.list()).toEqual([]);
      expect(fake.events).toEqual([]);
      usedBytes = 150 * MIB;
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'qa-a').expect(200);
      expect(fake.sessions.list().map((session) => session.id)).toEqual(['qa-a']);
    } finally {
      await fake.sessions.close();
    }
  });

  it('the pool fills spares while they fit, then stops: prepare answers 503, and a ready spare is still taken', async () => {
    // Each spare filled (one step each, in `events`) takes 50 MiB of heap here: two fit under 240 - 48, a third not.
    const fake = fakeSessions({
      limit: 8,
      heap: () => ({ usedBytes: 100 * MIB + 50 * MIB * fake.events.length, limitBytes: 240 * MIB }),
    });
    const fill = fake.sessions.prepare(4);
    try {
      await expect(fill).rejects.toMatchObject({
        kind: 'unavailable',
        messages: [expect.stringMatching(/^2 of 4 spares ready\. The API's memory has no room for another spare/)],
      });
      expect(fake.sessions.spares()).toEqual({ ready: 2, filling: 0, target: 4 });
      expect(fake.events).toEqual(['app-1 step 0', 'app-2 step 0']);
      // Taking a ready spare costs nothing: allowed while the heap is full.
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'qa-a').expect(200);
      expect(fake.sessions.list()).toEqual([expect.objectContaining({ id: 'qa-a', fromSpare: true })]);
    } finally {
      await fake.sessions.close();
    }
  });

  it('a session that would seed its database from nothing (no kept copy) needs more room', async () => {
    let hasKeptSeed = false;
    const fake = fakeSessions({
      limit: 4,
      heap: () => ({ usedBytes: 100 * MIB, limitBytes: 240 * MIB }),
      hasKeptSeed: () => hasKeptSeed,
    });
    try {
      const refused = await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'qa-a');
      expect(refused.status).toBe(503);
      expect((refused.body as { statusMessages: string[] }).statusMessages[0]).toContain(
        '100 MiB of its 240 MiB heap in use, and one may need 160 MiB',
      );
      // With the copy kept, the same heap has room.
      hasKeptSeed = true;
      await request(fake.app).get('/').set(MOCK_SESSION_HEADER, 'qa-a').expect(200);
    } finally {
      await fake.sessions.close();
    }
  });
});
