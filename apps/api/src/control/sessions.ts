import type { RequestHandler } from 'express';
import mongoose from 'mongoose';
import { MOCK_SESSION_HEADER, mockSessionIdSchema, type MockSession, type SeedProfile } from '@publisher/contract';
import { AppError } from '../shared/app-error';
import { withDatabase } from '../shared/tenant';

/** What a session runs: an app of its own (its state, controls and journal) over a database of its own. */
export interface SessionApp {
  handle: RequestHandler;
  /** Resets the session's data to a profile's seed (from the kept copy: see control.service.ts). */
  reset(profile: SeedProfile): Promise<void>;
  profile(): SeedProfile;
  close(): Promise<void>;
}

export interface SessionsOptions {
  limit: number;
  ttlMs: number;
  /** Builds the app of a session; called inside the session's database context. */
  build: (id: string) => SessionApp;
  /** The profile a new session starts from (the default session's current one). */
  profile: () => SeedProfile;
  now?: () => number;
  log?: (line: string) => void;
}

interface Session {
  id: string;
  connection: mongoose.Connection;
  app: SessionApp;
  createdAt: number;
  lastUsedAt: number;
  createdInMs: number;
}

export interface Sessions {
  /** Sends a call carrying X-Mock-Session to its session (made on first use); others go on. */
  middleware: RequestHandler;
  list(): MockSession[];
  /** Ends a session and drops its database; undefined when there is none. */
  end(id: string): Promise<MockSession | undefined>;
  close(): Promise<void>;
}

const HEADER = MOCK_SESSION_HEADER.toLowerCase();

/**
 * Isolated mock sessions for parallel test workers (docs/CONTROLS.md): a call with `X-Mock-Session: <id>` is
 * served by an app of its own, built like the default one, over a database of its own (`<db>__s_<id>`, filled
 * from the kept copy of the seed), inside that database's context (shared/tenant.ts). Nothing of one session is
 * seen by another: data, clock, latency, error rate, request journal, caches, buffers and limits.
 */
export function createSessions(options: SessionsOptions): Sessions {
  const { limit, ttlMs, build, now = Date.now, log = () => undefined } = options;
  const sessions = new Map<string, Session>();
  const starting = new Map<string, Promise<Session>>();

  const present = (session: Session): MockSession => ({
    id: session.id,
    profile: session.app.profile(),
    createdAt: new Date(session.createdAt).toISOString(),
    lastUsedAt: new Date(session.lastUsedAt).toISOString(),
    createdInMs: session.createdInMs,
  });

  async function drop(session: Session): Promise<void> {
    sessions.delete(session.id);
    await session.app.close().catch(() => undefined);
    await session.connection.dropDatabase().catch(() => undefined);
  }

  async function sweep(): Promise<void> {
    const idle = [...sessions.values()].filter((session) => now() - session.lastUsedAt > ttlMs);
    for (const session of idle) {
      log(`[sessions] ${session.id} unused for ${String(Math.round(ttlMs / 1000))} s: dropped`);
      await drop(session);
    }
  }
  const sweeper = setInterval(() => void sweep(), Math.max(1_000, Math.floor(ttlMs / 4)));
  sweeper.unref();

  async function start(id: string): Promise<Session> {
    const started = performance.now();
    const name = `${mongoose.connection.name}__s_${id}`;
    const connection = mongoose.connection.useDb(name, { useCache: false });
    const app = withDatabase(connection, () => build(id));
    try {
      await withDatabase(connection, () => app.reset(options.profile()));
    } catch (error) {
      await app.close().catch(() => undefined);
      throw error;
    }
    const at = now();
    const createdInMs = Math.round(performance.now() - started);
    log(`[sessions] ${id} created in ${String(createdInMs)} ms (database ${name})`);
    return { id, connection, app, createdAt: at, lastUsedAt: at, createdInMs };
  }

  async function sessionFor(id: string): Promise<Session> {
    const known = sessions.get(id);
    if (known) return known;
    const pending = starting.get(id);
    if (pending) return pending;
    await sweep();
    if (sessions.size + starting.size >= limit) {
      throw AppError.tooManyRequests(
        `At most ${String(limit)} mock sessions at once (MOCK_SESSION_LIMIT); end one (DELETE /__control/sessions/:id) or wait for an idle one to expire.`,
      );
    }
    const creating = start(id).finally(() => starting.delete(id));
    starting.set(id, creating);
    const session = await creating;
    sessions.set(id, session);
    return session;
  }

  return {
    middleware: (req, res, next) => {
      const header = req.headers[HEADER];
      // Empty: the default session (a client that sends the header on every call, empty when it has none).
      if (header === undefined || header === '') {
        next();
        return;
      }
      const parsed = mockSessionIdSchema.safeParse(Array.isArray(header) ? header[0] : header);
      if (!parsed.success) {
        next(AppError.badRequest(parsed.error.issues[0]?.message ?? `${MOCK_SESSION_HEADER} is not valid`));
        return;
      }
      sessionFor(parsed.data).then((session) => {
        session.lastUsedAt = now();
        withDatabase(session.connection, () => session.app.handle(req, res, next));
      }, next);
    },
    list: () => [...sessions.values()].map(present),
    async end(id) {
      const session = sessions.get(id);
      if (!session) return undefined;
      const ended = present(session);
      await drop(session);
      return ended;
    },
    async close() {
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((session) => session.app.close().catch(() => undefined)));
      sessions.clear();
    },
  };
}
