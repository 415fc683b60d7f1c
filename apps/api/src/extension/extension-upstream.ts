import { Router, type RequestHandler } from 'express';
import { EXTENSION_MESSAGES, extensionContract } from '@publisher/contract';
import {
  DEVELOPMENT_EXTENSION_SERVICE_EMAIL,
  DEVELOPMENT_EXTENSION_SERVICE_PASSWORD,
  type AppConfig,
} from '../config/env';
import { AppError } from '../shared/app-error';
import { notFoundHandler } from '../shared/error-handler';
import { createExtensionRevenueService, type ExtensionRevenueService } from './extension-revenue-service';

/**
 * Where the portal's extension revenue comes from. Two cases today: the in-process stand-in of the revenue service
 * (development, tests, and production only with EXTENSION_SERVICE_STANDIN=true), or nothing.
 *
 * The real revenue service's base URL belongs here: an EXTENSION_SERVICE_URL setting in config/env.ts and an HTTP
 * client implementing ExtensionRevenueService (POST <url>/api/auth/login, GET <url>/api/users/y_*). Until it is
 * configured, a production API without the stand-in answers the portal's extension calls 503 with a message
 * saying so, rather than inventing revenue.
 */
export function createExtensionUpstream(
  service: AppConfig['extensionService'],
  secret: string,
  now: () => Date,
  isMockMode = false,
): ExtensionRevenueService {
  // The mock mode (never exposed: it can empty the database) also lets the development account sign in to the
  // stand-in, so that a mock stack started with a generated password (npm run compose:mock) is still checkable by
  // tools that know only the development values. The stand-in's rows are made up either way.
  const alsoAccepts = isMockMode
    ? { email: DEVELOPMENT_EXTENSION_SERVICE_EMAIL, password: DEVELOPMENT_EXTENSION_SERVICE_PASSWORD }
    : undefined;
  if (service.isStandIn) return createExtensionRevenueService({ ...service, secret, alsoAccepts }, now);
  const unconfigured = (): never => {
    throw AppError.unavailable(EXTENSION_MESSAGES.serviceNotConfigured);
  };
  return { login: unconfigured, daily: unconfigured, device: unconfigured, market: unconfigured };
}

/** The stand-in's own public routes (sign-in and the three report calls), from the contract. */
const STAND_IN_ROUTES = [
  extensionContract.serviceLogin,
  extensionContract.serviceDaily,
  extensionContract.serviceDevice,
  extensionContract.serviceMarket,
];

/**
 * Closes the stand-in's public routes when it is off: every method on their paths answers exactly as an unknown
 * route does (404, "No route for ..."), before the sign-in limit or request validation could tell them apart.
 * Mount before the endpoints; when the stand-in is on it passes everything through.
 */
export function extensionStandInGate(isStandIn: boolean): RequestHandler {
  const router = Router();
  if (!isStandIn)
    router.all(
      STAND_IN_ROUTES.map((route) => route.path),
      notFoundHandler,
    );
  return router;
}
