import type { NextFunction, Request, Response } from 'express';
import { checkZodSchema, isAppRouteNoBody, isAppRouteOtherResponse, type AppRoute } from '@ts-rest/core';
import { RequestValidationError } from '@ts-rest/express';
import { AppError } from '../shared/app-error';
import type { ControlSettings } from './control-state';
import {
  chooseExample,
  exampleBody,
  exampleText,
  parsePrefer,
  scenarioEnvelope,
  type ExampleName,
} from '@publisher/contract/mock';

/** Tells the caller which preferences were honoured (RFC 7240 §3). */
export const PREFERENCE_APPLIED_HEADER = 'Preference-Applied';

const HEALTH_PATH = '/health';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function randomIn(minMs: number, maxMs: number): number {
  return minMs + Math.floor(Math.random() * (maxMs - minMs + 1));
}

function documentedStatuses(route: AppRoute): number[] {
  return Object.keys(route.responses)
    .map(Number)
    .sort((a, b) => a - b);
}

function successStatus(route: AppRoute): number | undefined {
  return documentedStatuses(route).find((status) => status >= 200 && status < 300);
}

/**
 * The route's own request validation, run before a scenario answers success: an example never stands in for the
 * 400 that bad input gets (ts-rest validates only after the global middleware, this one included).
 */
function validateRequest(req: Request, route: AppRoute): void {
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
 * access check so a 401 or 403 still wins). Order: a malformed `code` or `delay` is a 400 (unknown preferences are
 * ignored, RFC 7240); then the delay (`Prefer: delay`, else the global latency); then `code=N` (a success code
 * validates the request first), `example=<name>` (a name the route has: chooseExample), else the global error
 * rate; else the real handler. `Preference-Applied` names exactly what shaped the answer. Mounted only in the mock mode.
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
      const applied: string[] = [];

      const delay = preference.delay ?? (route.path === HEALTH_PATH ? null : settings.latency);
      if (delay && delay.maxMs > 0) {
        const ms = randomIn(delay.minMs, delay.maxMs);
        if (preference.delay) applied.push(`delay=${String(ms)}`);
        await sleep(ms);
      }

      if (preference.code !== undefined) {
        const statuses = documentedStatuses(route);
        if (!statuses.includes(preference.code)) {
          throw AppError.badRequest(
            `Prefer: code=${String(preference.code)} is not documented for ${route.method} ${route.path}; it documents ${statuses.join(', ')}.`,
          );
        }
        const choice = chooseExample(route, preference.code, preference.example);
        if (!choice.ok) throw AppError.badRequest(choice.message);
        const isSuccess = preference.code >= 200 && preference.code < 300;
        if (isSuccess) validateRequest(req, route);
        applied.push(`code=${String(preference.code)}`);
        if (choice.name !== undefined) applied.push(`example=${choice.name}`);
        res.setHeader(PREFERENCE_APPLIED_HEADER, applied.join(', '));
        answerExample(res, route, preference.code, choice.name);
        return;
      }

      const status = successStatus(route);
      if (status !== undefined) {
        const choice = chooseExample(route, status, preference.example);
        if (!choice.ok) throw AppError.badRequest(choice.message);
        if (choice.name !== undefined) {
          validateRequest(req, route);
          applied.push(`example=${choice.name}`);
          res.setHeader(PREFERENCE_APPLIED_HEADER, applied.join(', '));
          answerExample(res, route, status, choice.name);
          return;
        }
      }

      if (applied.length > 0) res.setHeader(PREFERENCE_APPLIED_HEADER, applied.join(', '));
      // The health check reports the controls; it never fails because of them.
      const isHealth = route.path === HEALTH_PATH;
      if (!isHealth && settings.errorRate > 0 && Math.random() < settings.errorRate) {
        const status = settings.errorStatus;
        if (status === 503) res.setHeader('Retry-After', '1');
        res.status(status).json(scenarioEnvelope(status, 'from the global error rate (PUT /__control/errors)'));
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
