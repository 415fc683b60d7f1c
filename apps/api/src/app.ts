import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { createExpressEndpoints } from '@ts-rest/express';
import swaggerUi from 'swagger-ui-express';
import { contract, SIGNUP_PATH, type DatabaseKind } from '@publisher/contract';
import { createAuthRouter } from './auth/auth.router';
import { createAuthService } from './auth/auth.service';
import type { AppConfig } from './config/env';
import { accessMiddleware } from './shared/auth/access.middleware';
import { createTokenService } from './shared/auth/token';
import { errorHandler, notFoundHandler, toAppError } from './shared/error-handler';
import { loginRateLimit } from './shared/rate-limit';
import { requestLogger } from './shared/request-logger';
import { buildOpenApiDocument } from './system/openapi';
import { createSystemRouter } from './system/system.router';

export interface AppDeps {
  config: AppConfig;
  database: { kind: DatabaseKind };
  log?: (line: string) => void;
}

/** Builds the Express app: middleware, every contract endpoint, docs and the one error handler. */
export function createApp({ config, database, log = console.log }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  const tokens = createTokenService(config.jwtSecret, config.jwtExpiresInSeconds);
  const auth = createAuthService({ tokens, bcryptRounds: config.bcryptRounds });

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
    },
    app,
    {
      logInitialization: false,
      responseValidation: true,
      globalMiddleware: [accessMiddleware(tokens)],
      requestValidationErrorHandler: (error, _req, _res, next) => next(toAppError(error)),
    },
  );

  app.use(notFoundHandler);
  app.use(errorHandler(log));
  return app;
}
