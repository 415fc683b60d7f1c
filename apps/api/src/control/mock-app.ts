import { createExpressEndpoints } from '@ts-rest/express';
import { CONTROL_PATH_PREFIX, MOCK_STUB_HEADER, controlContract } from '@publisher/contract';
import { PREFERENCE_APPLIED_HEADER } from '@publisher/contract/mock';
import {
  appStateFor,
  createApiDocs,
  createApp,
  type ApiDocs,
  type App,
  type AppDeps,
  type ReadModelShelves,
} from '../app';
import { createSnapshotShelf } from '../shared/snapshot-cache';
import { createBackgroundFailures } from '../system/background-failures';
import { toAppError } from '../shared/error-handler';
import { methodNotAllowedHandler } from '../shared/method-not-allowed';
import { createControlSettings, type ControlSettings } from './control-state';
import { createControlRouter } from './control.router';
import { controlTokenGuard, createControlTokenCheck } from './control-token';
import { createControlService, createKeptSeeds, type ControlService, type KeptSeeds } from './control.service';
import type { HeapReading } from './heap-room';
import { createKeptSeedFiles, type KeptSeedFiles } from './kept-seed-files';
import { createDataJournal } from './data-journal';
import { currentConnection } from '../shared/tenant';
import { createRequestJournal, type RequestJournal } from './request-journal';
import { keepUnparsedBody, requestJournalMiddleware } from './request-journal.middleware';
import { createResetGate } from './reset-gate';
import { createResetPriority, type ResetPriority } from './reset-priority';
import { scenarioMiddleware } from './scenario.middleware';
import { createSessions, releaseConnection, sessionConnection, type Sessions } from './sessions';
import { createSessionBases } from './session-base';
import { createStubStore, stubMiddleware, type StubStore } from './stubs';

/** What the control API of an app can see and do of the isolated sessions. */
type SessionView = Pick<Sessions, 'list' | 'end' | 'spares' | 'prepare' | 'roomFor'>;

/** What the production app's deps leave to the mock layer: it builds the docs, shelves and layer itself. */
export interface MockAppDeps extends Omit<AppDeps, 'docs' | 'shelves' | 'warmReadModels' | 'layer'> {
  /** The scenario controls' settings (default: fresh ones, on the profile `demo` the start seeds). */
  controls?: ControlSettings;
  /** The recent requests of GET /__control/requests (default: an empty journal). */
  journal?: RequestJournal;
  /** The stubs of POST /__control/stubs (default: none yet). */
  stubs?: StubStore;
  /** How a stub's delayMs is waited (default: a timer; tests pass a fake clock's). */
  stubWait?: (ms: number) => Promise<void>;
  /** The heap reading of the mock sessions' room checks (default: V8's, control/heap-room.ts; tests pass a fake). */
  heap?: () => HeapReading;
  /**
   * Set on the app of an isolated mock session (control/sessions.ts): the sessions it may list or end (itself
   * only) and what it shares with the default session's app. Such an app makes no sessions of its own.
   */
  session?: {
    sessions: SessionView;
    keptSeeds: KeptSeeds;
    seedFiles: KeptSeedFiles | undefined;
    priority: ResetPriority;
    shelves: ReadModelShelves;
    docs: ApiDocs;
  };
}

/** An app with the mock layer: the production app, its scenario controls and (the default app's) sessions. */
export type MockApp = App & {
  /** The scenario controls: resets, snapshots, the clock, latency and errors. */
  readonly control: ControlService;
  /** The isolated mock sessions this app serves (the default app only). */
  readonly sessions: Sessions | undefined;
  readonly controls: ControlSettings;
  readonly journal: RequestJournal;
  /**
   * Loads the read models (the production app loads them as it is built) once the start's look at the data has
   * settled and no reset runs or waits; the start calls it once it listens. 30,000 products hold the event loop for
   * seconds, and a test run's first reset, asked as soon as the API answers, had to share it: 2.5-3.2 s for `demo`
   * on 2 cores beside that load, 1.05 s without. A call meanwhile loads what it reads itself.
   */
  warmReadModels(): Promise<void>;
  /** The stubs of this app's session (POST /__control/stubs); a reset clears them. */
  readonly stubs: StubStore;
  /**
   * Writes what is buffered and stops. `cleanStop`: the process stops with every call answered (main.ts), so the
   * data journal may record the documents written (control/data-journal.ts).
   */
  close(options?: { cleanStop?: boolean }): Promise<void>;
};

/**
 * The mock mode (MOCK_CONTROLS): the production pipeline of createApp with the mock layer plugged into its
 * extension points (app.ts AppLayer), in the order a call meets them: the sessions' dispatch first (a call with
 * X-Mock-Session is served whole by its session's own app, built here too), the control token's guard, the request
 * journal and the reset gate before the body parsers (so the journal holds their refusals), the unparsed body kept
 * after the JSON parser, the /__control API before the contract's routes, after each route's access check the
 * session's stubs and then the `Prefer` scenarios, the Preference-Applied header exposed and the controls' state in GET /health.
 */
export function createMockApp({
  config,
  log = console.log,
  state = appStateFor(config),
  controls = createControlSettings(),
  journal = createRequestJournal(),
  stubs = createStubStore(),
  stubWait,
  heap,
  session,
  failures = createBackgroundFailures({ log }),
  ...deps
}: MockAppDeps): MockApp {
  // A session's app shares these with the default one: the same document, and the same read models on one seed.
  const docs = session?.docs ?? createApiDocs(true);
  const shelves: ReadModelShelves = session?.shelves ?? {
    catalog: createSnapshotShelf(),
    coupons: createSnapshotShelf(),
  };
  const keptSeeds = session?.keptSeeds ?? createKeptSeeds();
  // KEPT_SEEDS_DIR: the same seeds on disk, so that they outlive the process (control/kept-seed-files.ts).
  const seedFiles = session
    ? session.seedFiles
    : config.keptSeedsDir === undefined
      ? undefined
      : createKeptSeedFiles({
          dir: config.keptSeedsDir,
          log,
          // GET /health and GET /__control list it, with what to do.
          onWriteFailure: ({ reason, whatToDo }) => failures.report({ kind: 'seed-copy-not-kept', reason, whatToDo }),
        });
  // Every reset of the process, the sessions' too, holds the filling of spare session databases back.
  const priority = session?.priority ?? createResetPriority();
  // MOCK_CONTROL_TOKEN: /__control and new sessions need it.
  const controlToken = createControlTokenCheck(config.mockControlToken);
  const sessions = session
    ? undefined
    : createSessions({
        limit: config.mockSessions.limit,
        ttlMs: config.mockSessions.ttlMs,
        spares: config.mockSessions.spares,
        priority,
        heap,
        profile: () => controls.profile,
        // A new database on a profile with no kept copy is seeded from nothing: it needs more heap.
        hasKeptSeed: () => keptSeeds.has(controls.profile),
        mayCreate: controlToken,
        log,
        failures,
        // Read when a spare is marked or taken on, long after `control` below is built.
        keptSeed: (profile) => control.currentSeed(profile),
        keepSpares: config.mockSessions.keepSpares === true,
        // New sessions read the kept seed's base database until they write: no copy to make one.
        bases: createSessionBases({
          keptSeed: (profile) => control.currentSeed(profile),
          seedUnderWay: (profile) => control.seedUnderWay(profile),
          connect: sessionConnection,
          release: releaseConnection,
          step: (work) => priority.step(work),
          log,
        }),
        build: (owner) => {
          const own = createMockApp({
            config,
            database: deps.database,
            failures,
            log,
            session: {
              keptSeeds,
              seedFiles,
              priority,
              shelves,
              docs,
              sessions: {
                list: () => sessions?.list().filter((listed) => listed.id === owner()) ?? [],
                end: async (ended) => (ended === owner() ? sessions?.end(ended) : undefined),
                spares: () => sessions?.spares() ?? { ready: 0, filling: 0, target: 0 },
                prepare: async (count) => (await sessions?.prepare(count)) ?? { ready: 0, filling: 0, target: 0 },
                roomFor: (need) => sessions?.roomFor(need),
              },
            },
          });
          return {
            handle: own,
            reset: async (profile) => {
              await own.control.reset({ profile });
            },
            fill: async (profile, step) => {
              await own.control.reset({ profile }, { step });
            },
            profile: () => own.controls.profile,
            readModels: () => own.readModels(),
            handOver: () => own.control.handOver(),
            inherit: (knowledge, profile) => own.control.inherit(knowledge, profile),
            close: () => own.close(),
          };
        },
      });
  // Calls wait while a reset rewrites the data (control/reset-gate.ts).
  const gate = createResetGate();
  // Beside the seed files, the default app's alone: what its data equals, for the first reset after a restart.
  const dataJournal =
    seedFiles && !session ? createDataJournal(seedFiles.dir, currentConnection().name, log) : undefined;
  const control = createControlService({
    settings: controls,
    clock: state.clock,
    bcryptRounds: config.bcryptRounds,
    demoReportDays: config.seedReportDays,
    gate,
    keptSeeds,
    seedFiles,
    journal: dataJournal,
    priority,
    // The pool's heap gauge: a session's app asks the default app's sessions.
    roomFor: (need) => (session?.sessions ?? sessions)?.roomFor(need),
    // Spares of the old profile are of no use to a new session.
    onProfileChange: () => sessions?.defaultProfileChanged(),
    // A new seed's base for the sessions, in the background: the next sessions then wait for less of it, or nothing.
    onSeedKept: (profile) => sessions?.warmBase(profile),
    // Called by a reset, long after `app` below is built.
    beforeReset: () => app.flushRecorders(),
    // A reset puts the session back to its start: its stubs go too (a snapshot, which also flushes, keeps them).
    afterReset: (rewritten) => {
      stubs.clear();
      return app.afterDataRewritten(rewritten);
    },
    log,
  });
  // The sessions the control API lists and ends: all of them, or (in a session's own app) that session alone.
  const sessionView: SessionView | undefined = session?.sessions ?? sessions;

  const app = createApp({
    ...deps,
    config,
    failures,
    log,
    state,
    docs,
    shelves,
    warmReadModels: false,
    layer: {
      front: sessions ? [sessions.middleware] : [],
      withoutDeadline: [CONTROL_PATH_PREFIX],
      exposedHeaders: [PREFERENCE_APPLIED_HEADER, MOCK_STUB_HEADER],
      beforeBodyParsers: [controlTokenGuard(controlToken), requestJournalMiddleware(journal), gate.middleware],
      afterJsonParser: [keepUnparsedBody],
      routes: (express) => {
        if (!sessionView) return;
        createExpressEndpoints(
          controlContract,
          createControlRouter(control, journal, sessionView, config.mockSessions, () => failures.list(), stubs),
          express,
          {
            logInitialization: false,
            responseValidation: true,
            requestValidationErrorHandler: (error, _req, _res, next) => next(toAppError(error)),
          },
        );
      },
      // A stub is a test's instruction for that one call: it answers before any scenario (latency, error rate, Prefer).
      routeMiddleware: [stubMiddleware(stubs, stubWait), scenarioMiddleware(controls)],
      beforeNotFound: [methodNotAllowedHandler(controlContract)],
      // As GET /__control answers: with the background failures (also at the top of GET /health).
      health: { controls: () => ({ ...control.state(), failures: failures.list() }) },
      extensionAcceptsDevelopmentAccount: true,
    },
  });
  const closeProduction = app.close;
  const close = async ({ cleanStop = false }: { cleanStop?: boolean } = {}): Promise<void> => {
    // A kept seed being written is finished (else the next start finds none and seeds anew). The write tracker stops
    // last: the production app's close writes what its recorders buffered, and the data journal must note it.
    await Promise.all([sessions?.close(), closeProduction(), session ? undefined : control.seedFilesSettled()]);
    control.close({ cleanStop });
  };
  const warmReadModels = async (): Promise<void> => {
    await control.startLookSettled();
    await priority.idle();
    await app.readModels().then(
      () => undefined,
      (error: unknown) =>
        log(`[api] read models not loaded ahead (the first call that reads them does): ${String(error)}`),
    );
  };
  return Object.assign(app, { control, sessions, controls, journal, stubs, close, warmReadModels });
}
