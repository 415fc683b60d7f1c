import cors from 'cors';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import swaggerUi from 'swagger-ui-express';
import type { AppRoute } from '@ts-rest/core';
import { contract, MAX_PODCAST_UPLOAD_BYTES, SIGNUP_PATH, type DatabaseKind } from '@publisher/contract';
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
import { createBackgroundFailures, type BackgroundFailures } from './system/background-failures';
import { createSystemRouter, type SystemRouterSources } from './system/system.router';
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
  /**
   * The process's background failures (GET /health `failures`; system/background-failures.ts). Default: a new
   * list; main.ts passes one that also lists the embedded database's incidents.
   */
  failures?: BackgroundFailures;
  log?: (line: string) => void;
  /** The app's caches and recorders (default: a fresh set, shared with no other app: {@link appStateFor}). */
  state?: AppState;
  /** Which public clicks are recorded. Default: a new filter on `config.clickFilter` (tests pass a fake clock). */
  clickFilter?: ClickFilter;
  /**
   * Whether the database answers, as the request deadline asks it (default: a real one-document query, shared by
   * the waiting calls; tests pass one that answers what they say).
   */
  probe?: DatabaseProbe;
  /**
   * The OpenAPI document and its /docs page (default: the production API's). The mock layer passes one that lists
   * its control API too, built once and shared by its sessions' apps (2.4 MiB of document and page each).
   */
  docs?: ApiDocs;
  /** The read models' shelves by seed revision (default: new ones; the mock sessions' apps share the default's). */
  shelves?: ReadModelShelves;
  /**
   * Whether the read models start loading at once (default). A mock session's app loads them on first use instead:
   * its database is being filled while it is built.
   */
  warmReadModels?: boolean;
  /** What a layer around the production pipeline adds at its fixed places (control/mock-app.ts); none by default. */
  layer?: AppLayer;
}

/**
 * A contract route's middleware after the access check (the mock layer's `Prefer` scenarios): ts-rest has put the
 * route on the request.
 */
export type RouteMiddleware = (
  req: Parameters<RequestHandler>[0] & { tsRestRoute?: AppRoute },
  res: Parameters<RequestHandler>[1],
  next: Parameters<RequestHandler>[2],
) => void;

/**
 * The places where a layer plugs into the production pipeline, in the order a call meets them. The pipeline is the
 * same with or without one: a layer only adds (control/mock-app.ts is the one there is, docs/ARCHITECTURE.md).
 */
export interface AppLayer {
  /** First of all (after the request log, before the request deadline): the mock sessions' dispatch. */
  front?: RequestHandler[];
  /** Path prefixes the request deadline leaves alone (the control API reads or rewrites the whole data on purpose). */
  withoutDeadline?: string[];
  /** Response headers CORS exposes besides Content-Disposition and Retry-After. */
  exposedHeaders?: string[];
  /** After CORS and before the body parsers and limiters, so that their refusals pass through these. */
  beforeBodyParsers?: RequestHandler[];
  /** Right after the JSON parser: error middleware sees its refusals. */
  afterJsonParser?: ErrorRequestHandler[];
  /** Routes of the layer's own, mounted before the contract's endpoints. */
  routes?: (app: Express) => void;
  /** Every contract route's, after the access check (so a 401 or 403 still wins). */
  routeMiddleware?: RouteMiddleware[];
  /** After the contract's 405s, before the 404 (the layer's own routes' 405s). */
  beforeNotFound?: RequestHandler[];
  /** Fields GET /health adds (the scenario controls' state). */
  health?: Pick<SystemRouterSources, 'controls'>;
  /** The extension stand-in also signs in the development account (extension/extension-upstream.ts says why). */
  extensionAcceptsDevelopmentAccount?: boolean;
}

/**
 * The OpenAPI document and its /docs page: the same for every app of the process, so built once, on first use:
 * the whole contract through zod-to-openapi takes 0.45-0.67 s, a sixth of a restart, for a page few starts serve.
 */
export interface ApiDocs {
  document(): ReturnType<typeof buildOpenApiDocument>;
  /** swagger-ui's page, with the document serialised into it. */
  page: RequestHandler;
}

/**
 * The document and page; `mockMode`: with the control API and the `Prefer` header (control/mock-app.ts). `build`:
 * what makes the document (tests count its calls).
 */
export function createApiDocs(mockMode: boolean, build = buildOpenApiDocument): ApiDocs {
  let built: { document: ReturnType<ApiDocs['document']>; page: RequestHandler } | undefined;
  const once = (): NonNullable<typeof built> => {
    if (!built) {
      const document = build({ mockMode });
      built = { document, page: swaggerUi.setup(document, { customSiteTitle: 'Publisher portal API' }) };
    }
    return built;
  };
  return {
    document: () => once().document,
    page: (req, res, next) => {
      void once().page(req, res, next);
    },
  };
}

/** A fresh state for an app on this configuration (BENCH_PIECES_OFF=report-cache: reports read uncached). */
export function appStateFor(config: AppConfig): AppState {
  return createAppState(config.benchPiecesOff.includes('report-cache') ? { reports: createUncachedReports() } : {});
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

/**
 * The Express app (hand it to supertest or an HTTP server as it is), with the state it owns and what a shutdown
 * awaits: the recorded calls and clicks still buffered are written.
 */
export type App = Express & {
  readonly state: AppState;
  /** The read models as the app serves them now (loaded first if they are not). */
  readModels(): Promise<ReadModels>;
  /** Writes the recorded calls and clicks still buffered (a mock reset does before it rewrites the data). */
  flushRecorders(): Promise<void>;
  /**
   * The data of these collections (all: undefined) was rewritten behind the app's back (a mock reset): it forgets
   * the users and reports it keeps and reloads the read models built from them.
   */
  afterDataRewritten(collections: ReadonlySet<string> | undefined): Promise<void>;
  /** Writes what the recorders hold (a property, so that a layer can wrap it: control/mock-app.ts). */
  close: () => Promise<void>;
};

/**
 * Builds the production pipeline: middleware, every contract endpoint, docs and the one error handler; a `layer`
 * adds its pieces at the places {@link AppLayer} names.
 */
export function createApp({
  config,
  database,
  log = console.log,
  failures = createBackgroundFailures({ log }),
  state = appStateFor(config),
  clickFilter = createClickFilter(config.clickFilter),
  probe,
  docs = createApiDocs(false),
  shelves = { catalog: createSnapshotShelf(), coupons: createSnapshotShelf() },
  warmReadModels = true,
  layer = {},
}: AppDeps): App {
  const { activity, clicks, clock, feedClicks, reports, users } = state;
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
  const catalogSnapshots = createCatalogSnapshots(config.publicApiUrl, log, shelves.catalog);
  const couponSnapshots = createCouponsSnapshots(log, config.trackingBaseUrl, shelves.coupons);
  const catalog = createCatalogService(catalogSnapshots, titleFilters, config.trackingBaseUrl, {
    trigrams: !config.benchPiecesOff.includes('catalog-trigrams'),
  });
  const coupons = createCouponsService(couponSnapshots, () => clock.nowMs());
  if (warmReadModels) {
    catalog.warm();
    coupons.warm();
  }

  if (config.logRequests) app.use(requestLogger(log));
  for (const handler of layer.front ?? []) app.use(handler);
  // First, so that nothing below (body parsing, the access check's user read, a write waiting for its turn)
  // keeps a caller waiting past the deadline on a database that does not answer.
  // The layer's paths left out (the control API: a reset or a snapshot rewrites or reads the whole database on
  // purpose, and the probe may wait on it meanwhile).
  const probeTimeoutMs = Math.min(1_000, Math.floor(config.requestDeadlineMs / 4));
  const deadline = requestDeadline({
    deadlineMs: config.requestDeadlineMs,
    probeTimeoutMs,
    recheckMs: 2_000,
    probe: probe ?? createDatabaseProbe(databaseAnswers, { timeoutMs: probeTimeoutMs }),
    log,
  });
  const withoutDeadline = layer.withoutDeadline ?? [];
  app.use((req, res, next) => {
    if (withoutDeadline.some((prefix) => req.path.startsWith(prefix))) next();
    else deadline(req, res, next);
  });
  // Every answer but the /docs page is JSON, CSV or a redirect: it gets the headers that matter for an API
  // (OWASP REST Security Cheat Sheet), not the ones written for HTML pages; /docs gets helmet's full set.
  app.use(apiSecurityHeaders);
  // Retry-After, so that a client honours a 503's wait (the web's chunked upload sends a chunk again after it); a
  // layer's headers too (cors reflects the requested headers otherwise).
  app.use(
    cors({
      origin: allowedOrigins(config.nodeEnv, config.webOrigins),
      exposedHeaders: ['Content-Disposition', 'Retry-After', ...(layer.exposedHeaders ?? [])],
    }),
  );
  for (const handler of layer.beforeBodyParsers ?? []) app.use(handler);
  // A signed podcast upload carries the file's raw bytes (checked against its signature by the handler).
  app.use('/prodcast/upload', express.raw({ type: () => true, limit: MAX_PODCAST_UPLOAD_BYTES }));
  app.use(express.json({ limit: config.jsonBodyLimit }));
  for (const handler of layer.afterJsonParser ?? []) app.use(handler);

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
    layer.extensionAcceptsDevelopmentAccount,
  );

  app.get('/openapi.json', (_req, res) => {
    res.json(docs.document());
  });
  app.use('/docs', helmet(), swaggerUi.serve, docs.page);

  layer.routes?.(app);

  createCheckedEndpoints(
    contract,
    {
      system: createSystemRouter(database, {
        controls: layer.health?.controls,
        failures: () => failures.list(),
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
      globalMiddleware: [
        accessMiddleware(tokens, users, { onAuthenticated: recordActivity(activity) }),
        ...(layer.routeMiddleware ?? []),
      ],
      requestValidationErrorHandler: (error, _req, _res, next) => next(toAppError(error)),
    },
  );

  app.use(refuseFailuresOverLimit);
  app.use(methodNotAllowedHandler(contract));
  for (const handler of layer.beforeNotFound ?? []) app.use(handler);
  app.use(notFoundHandler);
  app.use(errorHandler(log, deepLinkFailureFields));
  const close = async (): Promise<void> => {
    await Promise.all([activity.close(), clicks.close(), feedClicks.close()]);
  };
  const flushRecorders = async (): Promise<void> => {
    // The whole flush, as for clicks: one cut short by a deadline went on writing call logs after a reset put the
    // data back (a CI run on a loaded machine). Each write has its database deadline; a failed one is retried
    // after doubling pauses and dropped after 8 attempts (shared/buffered-recorder.ts), so the flush ends.
    await Promise.all([activity.flush(), clicks.flush(), feedClicks.flush()]);
  };
  const afterDataRewritten = async (rewritten: ReadonlySet<string> | undefined): Promise<void> => {
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
  };
  const readModels = async (): Promise<ReadModels> => {
    const [catalogNow, couponsNow] = await Promise.all([catalogSnapshots.get(), couponSnapshots.get()]);
    return { catalog: catalogNow, coupons: couponsNow };
  };
  return Object.assign(app, { state, readModels, flushRecorders, afterDataRewritten, close });
}
