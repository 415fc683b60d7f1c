import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { createExpressEndpoints } from '@ts-rest/express';
import swaggerUi from 'swagger-ui-express';
import {
  contract,
  CONTROL_PATH_PREFIX,
  controlContract,
  MAX_PODCAST_UPLOAD_BYTES,
  SIGNUP_PATH,
  type DatabaseKind,
} from '@publisher/contract';
import { recordActivity } from './admin/activity-hook';
import { createAdminRouter } from './admin/admin.router';
import { createAuthRouter } from './auth/auth.router';
import { createAuthService } from './auth/auth.service';
import { createCatalogSnapshots, type CatalogSnapshot } from './catalog/catalog.read-model';
import { CategoryModel } from './catalog/category.model';
import { MerchantModel } from './catalog/merchant.model';
import { PartnerMerchantModel } from './catalog/partner-merchant.model';
import { ProductModel } from './catalog/product.model';
import { CashbackOfferModel } from './coupons/cashback-offer.model';
import { CouponModel } from './coupons/coupon.model';
import { createCatalogRouter } from './catalog/catalog.router';
import { createCatalogService } from './catalog/catalog.service';
import type { AppConfig } from './config/env';
import { createCouponsSnapshots, type CouponsSnapshot } from './coupons/coupons.read-model';
import { createControlRouter } from './control/control.router';
import { controlTokenGuard, createControlTokenCheck } from './control/control-token';
import { createControlService, createKeptSeeds, type ControlService, type KeptSeeds } from './control/control.service';
import { createResetGate } from './control/reset-gate';
import { createResetPriority, type ResetPriority } from './control/reset-priority';
import type { HeapReading } from './control/heap-room';
import { createSessions, type Sessions } from './control/sessions';
import { keepUnparsedBody, requestJournalMiddleware } from './control/request-journal.middleware';
import { scenarioMiddleware } from './control/scenario.middleware';
import { PREFERENCE_APPLIED_HEADER } from '@publisher/contract/mock';
import { createContentRouter, createDailyQuotesRouter } from './content/content.router';
import { createContentService } from './content/content.service';
import { createUploadSigner } from './content/upload-signer';
import { createCouponsRouter } from './coupons/coupons.router';
import { createCouponsService } from './coupons/coupons.service';
import { createDeepLinksModule } from './deep-links/deep-links.module';
import { createExtensionUpstream, extensionStandInGate } from './extension/extension-upstream';
import { createExtensionRouter } from './extension/extension.router';
import { createExtensionService } from './extension/extension.service';
import { createFeedsRouter } from './feeds/feeds.router';
import { createFeedsService } from './feeds/feeds.service';
import { createReportsRouter } from './reports/reports.router';
import { accessMiddleware } from './shared/auth/access.middleware';
import { createTokenService } from './shared/auth/token';
import { errorHandler, notFoundHandler, toAppError } from './shared/error-handler';
import { deepLinkFailureFields } from './deep-links/deep-link-failure';
import { allowedOrigins } from './shared/cors-origin';
import { methodNotAllowedHandler } from './shared/method-not-allowed';
import { createClickFilter, type ClickFilter } from './shared/click-filter';
import { loginRateLimit } from './shared/rate-limit';
import { requestLogger } from './shared/request-logger';
import { createDatabaseProbe, requestDeadline, type DatabaseProbe } from './shared/request-deadline';
import { databaseAnswers } from './shared/db';
import { createSettingsRouter } from './settings/settings.router';
import { createSettingsService } from './settings/settings.service';
import { createTitleFilterCache } from './settings/title-filter-cache';
import { createVendorShortUrlDomains } from './settings/vendor-short-url-domains';
import { buildOpenApiDocument } from './system/openapi';
import { createSystemRouter } from './system/system.router';
import { configureReportStorage } from './reports/report-layout';
import { createSnapshotShelf, type SnapshotShelf } from './shared/snapshot-cache';
import { createCheckedEndpoints } from './shared/response-validation';
import { createAppState, type AppState } from './app-state';
import { createUncachedReports } from './reports/rollup-cache';
import { setAsideUploads } from './reports/upload-journal';

/**
 * Security headers of the API's own answers: nothing may frame or run them (CSP `default-src 'none'`,
 * `frame-ancestors 'none'`, X-Frame-Options DENY), no MIME sniffing, HTTPS only, same-origin resources (the
 * catalog's images opt out), no referrer. Six headers where helmet's defaults send thirteen: a twelfth of a
 * small answer's CPU went on setting them.
 */
const apiSecurityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
});

export interface AppDeps {
  config: AppConfig;
  /** The database server in use; `restarts` counts the embedded FerretDB's restarts (GET /health). */
  database: { kind: DatabaseKind; restarts?: () => number };
  log?: (line: string) => void;
  /** The app's caches, recorder and controls (default: a fresh set, shared with no other app). */
  state?: AppState;
  /** Which public clicks are recorded. Default: a new filter on `config.clickFilter` (tests pass a fake clock). */
  clickFilter?: ClickFilter;
  /** The heap reading of the mock sessions' room checks (default: V8's, control/heap-room.ts; tests pass a fake). */
  heap?: () => HeapReading;
  /**
   * Whether the database answers, as the request deadline asks it (default: a real one-document query, shared by
   * the waiting calls; tests pass one that answers what they say).
   */
  probe?: DatabaseProbe;
  /**
   * Set on the app of an isolated mock session (control/sessions.ts): the sessions it may list or end (itself
   * only) and the kept seed copies it shares with the default session. Such an app makes no sessions of its own.
   */
  session?: {
    sessions: SessionView;
    keptSeeds: KeptSeeds;
    priority: ResetPriority;
    shelves: ReadModelShelves;
    docs: ApiDocs;
  };
}

/** The OpenAPI document and its /docs page: the same for every app of the process, so built once. */
interface ApiDocs {
  document: ReturnType<typeof buildOpenApiDocument>;
  /** swagger-ui's page, with the document serialised into it. */
  page: RequestHandler;
}

function createApiDocs(mockMode: boolean): ApiDocs {
  const document = buildOpenApiDocument({ mockMode });
  return { document, page: swaggerUi.setup(document, { customSiteTitle: 'Publisher portal API' }) };
}

/** The read models every app of the process shares by seed revision (shared/snapshot-cache.ts SnapshotShelf). */
export interface ReadModelShelves {
  catalog: SnapshotShelf<CatalogSnapshot>;
  coupons: SnapshotShelf<CouponsSnapshot>;
}

/** The in-memory read models an app serves its catalog and coupon lists from. */
export interface ReadModels {
  catalog: CatalogSnapshot;
  coupons: CouponsSnapshot;
}

/** What the control API of an app can see and do of the isolated sessions. */
type SessionView = Pick<Sessions, 'list' | 'end' | 'spares' | 'prepare' | 'roomFor'>;

/**
 * The Express app (hand it to supertest or an HTTP server as it is), with the state it owns and what a shutdown
 * awaits: the recorded calls and clicks still buffered are written.
 */
export type App = Express & {
  readonly state: AppState;
  /** The scenario controls (mock mode only). */
  readonly control: ControlService | undefined;
  /** The isolated mock sessions this app serves (mock mode, default app only). */
  readonly sessions: Sessions | undefined;
  /** The read models as the app serves them now (loaded first if they are not). */
  readModels(): Promise<ReadModels>;
  close(): Promise<void>;
};

/** Builds the Express app: middleware, every contract endpoint, docs and the one error handler. */
export function createApp({
  config,
  database,
  log = console.log,
  state = createAppState(config.benchPiecesOff.includes('report-cache') ? { reports: createUncachedReports() } : {}),
  clickFilter = createClickFilter(config.clickFilter),
  session,
  heap,
  probe,
}: AppDeps): App {
  const { activity, clicks, clock, controls, feedClicks, journal, reports, users } = state;
  configureReportStorage({ buckets: config.reportBuckets, serverBranches: config.dbServerBranches, log });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  const tokens = createTokenService(config.jwtSecret, config.jwtExpiresInSeconds, () => clock.nowMs());
  const auth = createAuthService({
    tokens,
    bcryptRounds: config.bcryptRounds,
    lockout: config.accountLockout,
    users,
  });
  // The catalog lists read in-memory snapshots of the seeded catalog; start loading them now.
  // Title filters hide products from the product list; the admin's Short URL Domains feed the shortener.
  const titleFilters = createTitleFilterCache();
  const shortUrlDomains = createVendorShortUrlDomains(config.trackingBaseUrl);
  // A session's app shares them with the default one: 2.4 MiB of document and its page, the same for each.
  const docs = session?.docs ?? createApiDocs(config.mockControls);
  // Shared with every mock session's app: a session on the same seed reads the same read models.
  const shelves: ReadModelShelves = session?.shelves ?? {
    catalog: createSnapshotShelf(),
    coupons: createSnapshotShelf(),
  };
  const catalogSnapshots = createCatalogSnapshots(config.publicApiUrl, log, shelves.catalog);
  const couponSnapshots = createCouponsSnapshots(log, config.trackingBaseUrl, shelves.coupons);
  const catalog = createCatalogService(catalogSnapshots, titleFilters, config.trackingBaseUrl, {
    trigrams: !config.benchPiecesOff.includes('catalog-trigrams'),
  });
  const coupons = createCouponsService(couponSnapshots, () => clock.nowMs());
  // A session's app loads them on first use instead: its database is being filled while it is built.
  if (!session) {
    catalog.warm();
    coupons.warm();
  }

  if (config.logRequests) app.use(requestLogger(log));
  // Isolated mock sessions: a call with X-Mock-Session is served whole by its session's own app (below).
  const keptSeeds = session?.keptSeeds ?? createKeptSeeds();
  // Every reset of the process, the sessions' too, holds the filling of spare session databases back.
  const priority = session?.priority ?? createResetPriority();
  // MOCK_CONTROL_TOKEN: /__control and new sessions need it.
  const controlToken = createControlTokenCheck(config.mockControlToken);
  const sessions =
    config.mockControls && !session
      ? createSessions({
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
          build: (owner) => {
            const own = createApp({
              config,
              database,
              log,
              session: {
                keptSeeds,
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
                await own.control?.reset({ profile });
              },
              fill: async (profile, step) => {
                await own.control?.reset({ profile }, { step });
              },
              profile: () => own.state.controls.profile,
              readModels: () => own.readModels(),
              close: () => own.close(),
            };
          },
        })
      : undefined;
  if (sessions) app.use(sessions.middleware);
  // First, so that nothing below (body parsing, the access check's user read, a write waiting for its turn)
  // keeps a caller waiting past the deadline on a database that does not answer.
  // The control API is left out: a reset or a snapshot rewrites or reads the whole database on purpose, and the
  // probe may wait on it meanwhile.
  const probeTimeoutMs = Math.min(1_000, Math.floor(config.requestDeadlineMs / 4));
  const deadline = requestDeadline({
    deadlineMs: config.requestDeadlineMs,
    probeTimeoutMs,
    recheckMs: 2_000,
    probe: probe ?? createDatabaseProbe(databaseAnswers, { timeoutMs: probeTimeoutMs }),
    log,
  });
  app.use((req, res, next) => {
    if (req.path.startsWith(CONTROL_PATH_PREFIX)) next();
    else deadline(req, res, next);
  });
  // Every answer but the /docs page is JSON, CSV or a redirect: it gets the headers that matter for an API
  // (OWASP REST Security Cheat Sheet), not the ones written for HTML pages; /docs gets helmet's full set.
  app.use(apiSecurityHeaders);
  // In mock mode the scenario controls' header is exposed too (cors reflects the requested headers otherwise).
  // Retry-After, so that a client honours a 503's wait (the web's chunked upload sends a chunk again after it).
  app.use(
    cors({
      origin: allowedOrigins(config.nodeEnv, config.webOrigins),
      exposedHeaders: config.mockControls
        ? ['Content-Disposition', 'Retry-After', PREFERENCE_APPLIED_HEADER]
        : ['Content-Disposition', 'Retry-After'],
    }),
  );
  if (config.mockControls) app.use(controlTokenGuard(controlToken));
  // The request journal (mock mode) sits before the body parsers and limiters so that their refusals are in it.
  if (config.mockControls) app.use(requestJournalMiddleware(journal));
  // Calls wait while a reset rewrites the data (mock mode; see control/reset-gate.ts).
  const resetGate = config.mockControls ? createResetGate() : undefined;
  if (resetGate) app.use(resetGate.middleware);
  // A signed podcast upload carries the file's raw bytes (checked against its signature by the handler).
  app.use('/prodcast/upload', express.raw({ type: () => true, limit: MAX_PODCAST_UPLOAD_BYTES }));
  app.use(express.json({ limit: config.jsonBodyLimit }));
  if (config.mockControls) app.use(keepUnparsedBody);

  app.use(extensionStandInGate(config.extensionService.isStandIn));
  const { limiter, refuseFailuresOverLimit } = loginRateLimit(config.loginRateLimit, config.loginRateWindowMs);
  app.use(['/auth/signin', SIGNUP_PATH, '/api/auth/login'], limiter);

  const content = createContentService({
    signer: createUploadSigner(config.jwtSecret, () => clock.nowMs()),
    publicApiUrl: config.publicApiUrl,
    now: () => clock.now(),
  });
  const extensionUpstream = createExtensionUpstream(
    config.extensionService,
    config.jwtSecret,
    () => clock.now(),
    config.mockControls,
  );

  app.get('/openapi.json', (_req, res) => {
    res.json(docs.document);
  });
  app.use('/docs', helmet(), swaggerUi.serve, docs.page);

  // Scenario controls (MOCK_CONTROLS): the /__control API and the Prefer header of every route.
  const control = !resetGate
    ? undefined
    : createControlService({
        settings: controls,
        clock,
        bcryptRounds: config.bcryptRounds,
        demoReportDays: config.seedReportDays,
        gate: resetGate,
        keptSeeds,
        priority,
        // The pool's heap gauge: a session's app asks the default app's sessions.
        roomFor: (need) => (session?.sessions ?? sessions)?.roomFor(need),
        // Spares of the old profile are of no use to a new session.
        onProfileChange: () => sessions?.defaultProfileChanged(),
        beforeReset: async () => {
          // The whole flush, as for clicks: one cut short by a deadline went on writing call logs after the data was
          // put back (a CI run on a loaded machine). Each write has its database deadline; a failed one is logged
          // and retried later by the recorder.
          await Promise.all([activity.flush().catch(() => undefined), clicks.flush(), feedClicks.flush()]);
        },
        afterReset: async (rewritten) => {
          // The read models reload only when their collections were rewritten (30,000 products take seconds).
          const rewrote = (...models: readonly { collection: { collectionName: string } }[]): boolean =>
            rewritten === undefined || models.some((model) => rewritten.has(model.collection.collectionName));
          users.forgetAll();
          await Promise.all([
            rewrote(MerchantModel, PartnerMerchantModel, CategoryModel, ProductModel)
              ? catalogSnapshots.refresh()
              : undefined,
            rewrote(CouponModel, CashbackOfferModel) ? couponSnapshots.refresh() : undefined,
            titleFilters.changed(),
          ]);
          reports.forgetAll();
          await reports.recheckNow();
        },
        log,
      });
  // The sessions the control API lists and ends: all of them, or (in a session's own app) that session alone.
  const sessionView = session?.sessions ?? sessions;
  if (control && sessionView) {
    createExpressEndpoints(
      controlContract,
      createControlRouter(control, journal, sessionView, config.mockSessions),
      app,
      {
        logInitialization: false,
        responseValidation: true,
        requestValidationErrorHandler: (error, _req, _res, next) => next(toAppError(error)),
      },
    );
  }
  const scenario = control ? [scenarioMiddleware(controls)] : [];

  createCheckedEndpoints(
    contract,
    {
      system: createSystemRouter(database, {
        controls: control ? () => control.state() : undefined,
        filteredClicks: () => clickFilter.stats(),
        droppedClicks: () => clicks.dropped() + feedClicks.dropped(),
        uploadsSetAside: (timeoutMs) => setAsideUploads(20, timeoutMs),
      }),
      auth: createAuthRouter(auth),
      reports: createReportsRouter({ cache: reports, clicks, clock, beforeLogRead: () => activity.flushWithin(2_000) }),
      catalog: createCatalogRouter(catalog),
      coupons: createCouponsRouter(coupons),
      admin: createAdminRouter(activity, log),
      deepLinks: createDeepLinksModule(config, catalog, shortUrlDomains, clickFilter, clicks, clock),
      settings: createSettingsRouter(
        createSettingsService({ titleFilters, shortUrlDomains, hosts: config.hosts, users }),
      ),
      feeds: createFeedsRouter(
        createFeedsService({ recorder: feedClicks, clickFilter, targets: config.feedTargets, now: () => clock.now() }),
      ),
      extension: createExtensionRouter(
        extensionUpstream,
        createExtensionService({
          upstream: extensionUpstream,
          serviceAccount: config.extensionService,
          now: () => clock.now(),
        }),
      ),
      content: createContentRouter(content),
      dailyQuotes: createDailyQuotesRouter(content),
    },
    app,
    {
      logInitialization: false,
      // Every answer checked against its route (off the contract: a logged 500), undeclared keys stripped, as
      // ts-rest does but compiled (shared/response-validation.ts); see config/env.ts RESPONSE_VALIDATION for why
      // production skips it by default.
      responseValidation: config.validateResponses,
      globalMiddleware: [accessMiddleware(tokens, users, { onAuthenticated: recordActivity(activity) }), ...scenario],
      requestValidationErrorHandler: (error, _req, _res, next) => next(toAppError(error)),
    },
  );

  app.use(refuseFailuresOverLimit);
  app.use(methodNotAllowedHandler(contract));
  if (control) app.use(methodNotAllowedHandler(controlContract));
  app.use(notFoundHandler);
  app.use(errorHandler(log, deepLinkFailureFields));
  const close = async (): Promise<void> => {
    control?.close();
    await Promise.all([sessions?.close(), activity.close(), clicks.close(), feedClicks.close()]);
  };
  const readModels = async (): Promise<ReadModels> => {
    const [catalogNow, couponsNow] = await Promise.all([catalogSnapshots.get(), couponSnapshots.get()]);
    return { catalog: catalogNow, coupons: couponsNow };
  };
  return Object.assign(app, { state, control, sessions, readModels, close });
}
