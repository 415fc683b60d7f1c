import type { NextFunction, Request, Response } from 'express';
import { checkZodSchema, isAppRouteNoBody, isAppRouteOtherResponse, type AppRoute } from '@ts-rest/core';
import { RequestValidationError } from '@ts-rest/express';
import { MOCK_SESSION_HEADER } from '@publisher/contract';
import { AppError } from '../shared/app-error';
import type { ControlSettings } from './control-state';
import {
  PREFERENCE_APPLIED_HEADER,
  exampleBody,
  exampleText,
  parsePrefer,
  planScenario,
  preferenceApplied,
  scenarioDelayMs,
  scenarioEnvelope,
  type ExampleName,
} from '@publisher/contract/mock';

const HEALTH_PATH = '/health';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The route's own request validation, run before a scenario answers a success or redirect: an example never stands in for the
 * 400 that bad input gets (ts-rest validates only after the global middleware, this one included).
 */
export function validateRequest(req: Request, route: AppRoute): void {
  const params = checkZodSchema(req.params, route.pathParams, { passThroughExtraKeys: true });
  const headers = checkZodSchema(req.headers, route.headers, { passThroughExtraKeys: true });
  const query = checkZodSchema(req.query, route.query);
  const body = checkZodSchema(req.body, 'body' in route ? route.body : null);
  if (params.success && headers.success && query.success && body.success) return;
  throw new RequestValidationError(
    params.success ? null : params.error,
    headers.success ? null : headers.error,
    query.success ? null : query.error,
    body.success ? null : body.error,
  );
}

/** Answers `status` with an example of what the route documents for it. */
function answerExample(res: Response, route: AppRoute, status: number, name: ExampleName | undefined): void {
  const response = route.responses[status];
  if (status === 503 || status === 429) res.setHeader('Retry-After', '1');
  if (response === undefined || isAppRouteNoBody(response)) {
    if (status >= 300 && status < 400) res.setHeader('Location', 'https://example.test/');
    res.status(status).end();
    return;
  }
  if (isAppRouteOtherResponse(response)) {
    res.status(status).type(response.contentType).send(exampleText(route, response.contentType));
    return;
  }
  res.status(status).json(exampleBody(route, status, name) ?? null);
}

/**
 * The per-call and global scenario controls of every contract route (a ts-rest global middleware, after the
 * access check so a 401 or 403 still wins, and after the session's stubs: a matching stub answers first). Order: a malformed `code` or `delay` is a 400 (unknown preferences are
 * ignored, RFC 7240); then the delay (`Prefer: delay`, else the global latency); then what `planScenario` (shared
 * with the MSW handlers) makes of `code=N` and `example=<name>` (an example of a success or redirect validates the
 * request first), else the global error rate; else the real handler. `Preference-Applied` names exactly what
 * shaped the answer. Mounted only in the mock mode.
 */
export function scenarioMiddleware(settings: ControlSettings) {
  return async (req: Request & { tsRestRoute?: AppRoute }, res: Response, next: NextFunction): Promise<void> => {
    try {
      const route = req.tsRestRoute;
      if (!route) {
        next();
        return;
      }
      const parsed = parsePrefer(req.headers.prefer);
      if (!parsed.ok) throw AppError.badRequest(parsed.message);
      const { preference } = parsed;

      const isHealth = route.path === HEALTH_PATH;
      const preferredDelayMs = scenarioDelayMs(preference.delay);
      const delayMs = preference.delay ? preferredDelayMs : scenarioDelayMs(isHealth ? null : settings.latency);
      if (delayMs !== undefined) await sleep(delayMs);

      const plan = planScenario(route, preference);
      if (plan.kind === 'refuse') throw AppError.badRequest(plan.message);
      if (plan.kind === 'example') {
        if (plan.validatesRequest) validateRequest(req, route);
        setPreferenceApplied(res, preferenceApplied(preferredDelayMs, plan.applied));
        answerExample(res, route, plan.status, plan.name);
        return;
      }

      setPreferenceApplied(res, preferenceApplied(preferredDelayMs));
      // The health check reports the controls; it never fails because of them.
      if (!isHealth && settings.errorRate > 0 && Math.random() < settings.errorRate) {
        const status = settings.errorStatus;
        if (status === 503) res.setHeader('Retry-After', '1');
        res.status(status).json(scenarioEnvelope(status, errorRateSource(req)));
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Where an injected error comes from, for the developer reading it: a session's own error rate (the session's app
 * serves only calls that carry its header) or the default session's, which the docs call the global one.
 */
function errorRateSource(req: Request): string {
  const header = req.headers[MOCK_SESSION_HEADER.toLowerCase()];
  const session = Array.isArray(header) ? header[0] : header;
  return session === undefined || session === ''
    ? 'from the global error rate (PUT /__control/errors)'
    : `from the error rate of mock session ${session} (PUT /__control/errors with ${MOCK_SESSION_HEADER}: ${session})`;
}

function setPreferenceApplied(res: Response, value: string | undefined): void {
  if (value !== undefined) res.setHeader(PREFERENCE_APPLIED_HEADER, value);
}
