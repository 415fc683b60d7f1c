import type { NextFunction, Request, Response } from 'express';
import type { AppRoute } from '@ts-rest/core';
import type { RouteAccess, RouteMetadata } from '@publisher/contract';
import { UserModel, type UserRecord } from '../../auth/user.model';
import { AppError } from '../app-error';
import type { Caller } from './caller';
import { tokenFromAuthorizationHeader, type TokenService } from './token';

function accessOf(route: AppRoute | undefined): RouteAccess {
  const metadata = route?.metadata as RouteMetadata | undefined;
  // A route that forgot to declare its access is treated as the strictest non-admin kind.
  return metadata?.access ?? 'token';
}

async function callerFromToken(header: string | undefined, tokens: TokenService): Promise<Caller> {
  const token = tokenFromAuthorizationHeader(header);
  const claims = token ? tokens.verify(token) : null;
  if (!claims) throw AppError.unauthenticated();
  const user = await UserModel.findById(claims.sub).lean<UserRecord>();
  if (!user) throw AppError.userNotFound();
  if (user.tokenVersion !== claims.ver) throw AppError.unauthenticated();
  return { user, via: 'token' };
}

function firstQueryValue(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

async function callerFromApiKey(req: Request): Promise<Caller | null> {
  const apiKey = firstQueryValue(req.query['apiKey']);
  const vendorId = Number(firstQueryValue(req.query['vendorId']) ?? firstQueryValue(req.query['campaign_id']));
  if (!apiKey || !Number.isInteger(vendorId)) return null;
  const user = await UserModel.findOne({ apiKey, vendorId }).lean<UserRecord>();
  if (!user) throw AppError.unauthenticated();
  return { user, via: 'apiKey' };
}

/**
 * The one access check, driven by each route's `metadata.access` in the contract. Runs before request
 * validation, so an anonymous caller learns nothing about a route's input rules.
 */
export function accessMiddleware(tokens: TokenService) {
  return async (req: Request & { tsRestRoute?: AppRoute }, _res: Response, next: NextFunction): Promise<void> => {
    try {
      const access = accessOf(req.tsRestRoute);
      if (access === 'public') {
        next();
        return;
      }
      const hasToken = Boolean(req.headers.authorization);
      const caller =
        access === 'tokenOrApiKey' && !hasToken
          ? ((await callerFromApiKey(req)) ?? (await callerFromToken(undefined, tokens)))
          : await callerFromToken(req.headers.authorization, tokens);

      // Post calls may carry the caller's apiKey in the body; when present it must be the caller's own.
      const bodyApiKey: unknown = (req.body as { apiKey?: unknown } | undefined)?.apiKey;
      if (bodyApiKey !== undefined && bodyApiKey !== caller.user.apiKey) {
        throw AppError.forbidden('The apiKey does not belong to the signed-in user.');
      }
      if (access === 'admin' && caller.user.role !== 'admin') throw AppError.forbidden();
      req.caller = caller;
      next();
    } catch (error) {
      next(error);
    }
  };
}
