import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { createExpressEndpoints } from '@ts-rest/express';
import swaggerUi from 'swagger-ui-express';
import { contract, SIGNUP_PATH, type DatabaseKind } from '@publisher/contract';
import { recordActivity } from './admin/activity-hook';
import { activityRecorder, type ActivityRecorder } from './admin/activity-recorder';
import { createAdminRouter } from './admin/admin.router';
import { createAuthRouter } from './auth/auth.router';
import { createAuthService } from './auth/auth.service';
import { createCatalogSnapshots } from './catalog/catalog.read-model';
import { CACHEABLE_CATALOG_READS, createCatalogRouter } from './catalog/catalog.router';
import { createCatalogService } from './catalog/catalog.service';
import type { AppConfig } from './config/env';
import { createCouponsSnapshots } from './coupons/coupons.read-model';
import { CACHEABLE_COUPON_READS, createCouponsRouter } from './coupons/coupons.router';
import { createCouponsService } from './coupons/coupons.service';
import { createDeepLinksModule } from './deep-links/deep-links.module';
import { CACHEABLE_REPORT_READS, createReportsRouter } from './reports/reports.router';
import { reportDataGeneration } from './reports/rollup-cache';
import { accessMiddleware } from './shared/auth/access.middleware';
import { createTokenService } from './shared/auth/token';
import { errorHandler, notFoundHandler, toAppError } from './shared/error-handler';
import { methodNotAllowedHandler } from './shared/method-not-allowed';
import { loginRateLimit } from './shared/rate-limit';
import { requestLogger } from './shared/request-logger';
import { createResponseCache } from './shared/response-cache';
import { createSettingsRouter } from './settings/settings.router';
import { createSettingsService } from './settings/settings.service';
import { createTitleFilterCache } from './settings/title-filter-cache';
import { createVendorShortUrlDomains } from './settings/vendor-short-url-domains';
import { buildOpenApiDocument } from './system/openapi';
import { createSystemRouter } from './system/system.router';

export interface AppDeps {
  config: AppConfig;
  database: { kind: DatabaseKind };
  log?: (line: string) => void;
  /** Where authenticated calls and searches are recorded (default: the process's recorder). */
  activity?: ActivityRecorder;
}

/** Builds the Express app: middleware, every contract endpoint, docs and the one error handler. */
export function createApp({ config, database, log = console.log, activity = activityRecorder }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  const tokens = createTokenService(config.jwtSecret, config.jwtExpiresInSeconds);
  const auth = createAuthService({ tokens, bcryptRounds: config.bcryptRounds, lockout: config.accountLockout });
  // The catalog lists read in-memory snapshots of the seeded catalog; start loading them now.
  // Title filters hide products from the product list; the admin's Short URL Domains feed the shortener.
  const titleFilters = createTitleFilterCache({ log });
  const shortUrlDomains = createVendorShortUrlDomains(config.trackingBaseUrl);
  const catalog = createCatalogService(createCatalogSnapshots(config.publicApiUrl, log), titleFilters);
  const coupons = createCouponsService(createCouponsSnapshots(log));
  catalog.warm();
  coupons.warm();
  // Repeated reads of unchanged data are answered from their first, validated, serialised answer.
  const responses = createResponseCache({ ttlMs: config.responseCacheTtlMs });
  if (config.responseCacheTtlMs > 0) {
    responses.cache(CACHEABLE_REPORT_READS, reportDataGeneration);
    responses.cache(CACHEABLE_CATALOG_READS, () => catalog.dataGeneration());
    responses.cache(CACHEABLE_COUPON_READS, () => coupons.dataGeneration());
  }

  if (config.logRequests) app.use(requestLogger(log));
  app.use(helmet());
  app.use(cors({ origin: config.webOrigins, exposedHeaders: ['Content-Disposition'] }));
  app.use(express.json({ limit: config.jsonBodyLimit }));

  const limiter = loginRateLimit(config.loginRateLimit, config.loginRateWindowMs);
  app.use(['/auth/signin', SIGNUP_PATH], limiter);

  const openApiDocument = buildOpenApiDocument();
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  app.use('/docs', swaggerUi.serve, swaggerUi.setup(openApiDocument, { customSiteTitle: 'Publisher portal API' }));

  createExpressEndpoints(
    contract,
    {
      system: createSystemRouter(database),
      auth: createAuthRouter(auth),
      reports: createReportsRouter({ beforeLogRead: () => activity.flushWithin(2_000) }),
      catalog: createCatalogRouter(catalog),
      coupons: createCouponsRouter(coupons),
      admin: createAdminRouter(activity),
      deepLinks: createDeepLinksModule(config, catalog, shortUrlDomains),
      settings: createSettingsRouter(createSettingsService({ titleFilters, shortUrlDomains, hosts: config.hosts })),
    },
    app,
    {
      logInitialization: false,
      responseValidation: true,
      globalMiddleware: [accessMiddleware(tokens, { onAuthenticated: recordActivity(activity) }), responses.middleware],
      requestValidationErrorHandler: (error, _req, _res, next) => next(toAppError(error)),
    },
  );

  app.use(methodNotAllowedHandler(contract));
  app.use(notFoundHandler);
  app.use(errorHandler(log));
  return app;
}
