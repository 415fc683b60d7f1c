import { initServer } from '@ts-rest/express';
import { controlContract, type BackgroundFailure } from '@publisher/contract';
import { AppError } from '../shared/app-error';
import type { ControlService } from './control.service';
import type { Sessions } from './sessions';
import type { RequestJournal } from './request-journal';
import { createStubStore, type StubStore } from './stubs';
import { stubRouteHandlers } from './stubs.router';

const s = initServer();

/** Thin handlers of the scenario control API (mounted by the mock layer only, see mock-app.ts). */
export function createControlRouter(
  control: ControlService,
  journal: RequestJournal,
  sessions: Pick<Sessions, 'list' | 'end' | 'spares' | 'prepare'>,
  sessionSettings: { limit: number; ttlMs: number },
  failures: () => BackgroundFailure[] = () => [],
  stubs?: StubStore,
) {
  return s.router(controlContract, {
    // What failed in the background is in GET /__control (and GET /health), not in every answer of the controls.
    state: async () => ({ status: 200, body: { ...control.state(), failures: failures() } }),
    reset: async ({ body }) => ({ status: 200, body: await control.reset(body ?? {}) }),
    setProfile: async ({ body }) => ({ status: 200, body: await control.reset({ profile: body.profile }) }),
    createSnapshot: async ({ body }) => ({ status: 201, body: await control.createSnapshot(body.name) }),
    snapshots: async () => ({ status: 200, body: { snapshots: control.listSnapshots() } }),
    deleteSnapshot: async ({ params }) => ({ status: 200, body: control.deleteSnapshot(params.name) }),
    // A date alone (YYYY-MM-DD) is read by Date as midnight UTC, the time zone of the API's business dates.
    setClock: async ({ body }) => ({ status: 200, body: control.setClock(new Date(body.now)) }),
    clearClock: async () => ({ status: 200, body: control.clearClock() }),
    setLatency: async ({ body }) => ({ status: 200, body: control.setLatency(body) }),
    clearLatency: async () => ({ status: 200, body: control.setLatency(null) }),
    setErrors: async ({ body }) => ({ status: 200, body: control.setErrors(body) }),
    clearErrors: async () => ({ status: 200, body: control.setErrors(null) }),
    clearLimits: async () => ({ status: 200, body: await control.clearLimits() }),
    sessions: async () => ({
      status: 200,
      body: {
        sessions: sessions.list(),
        spares: sessions.spares(),
        limit: sessionSettings.limit,
        ttlSeconds: Math.round(sessionSettings.ttlMs / 1000),
      },
    }),
    prepareSessions: async ({ body }) => ({ status: 200, body: await sessions.prepare(body.count) }),
    deleteSession: async ({ params }) => {
      const ended = await sessions.end(params.id);
      if (!ended) throw AppError.notFound(`No mock session ${params.id}.`);
      return { status: 200, body: ended };
    },
    requests: async ({ query }) => ({
      status: 200,
      body: journal.list({
        method: query.method,
        path: query.path,
        sinceMs: query.since === undefined ? undefined : Date.parse(query.since),
        limit: query.limit,
      }),
    }),
    clearRequests: async () => ({ status: 200, body: { cleared: journal.clear() } }),
    ...stubRouteHandlers(stubs ?? createStubStore()),
  });
}
