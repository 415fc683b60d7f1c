import type { NextFunction, Request, Response } from 'express';
import type { AppRoute } from '@ts-rest/core';
import { routeAccessOf } from '@publisher/contract';
import { AppError } from '../app-error';
import { isAdmin, type Caller } from './caller';
import { tokenFromAuthorizationHeader, type TokenService } from './token';
import type { AccessUsers } from './user-cache';

async function callerFromToken(header: string | undefined, tokens: TokenService, users: AccessUsers): Promise<Caller> {
  const token = tokenFromAuthorizationHeader(header);
  const claims = token ? tokens.verify(token) : null;
  if (!claims) throw AppError.unauthenticated();
  const user = await users.findById(claims.sub);
  if (!user) throw AppError.userNotFound();
  if (user.tokenVersion !== claims.ver) throw AppError.unauthenticated();
  return { user, via: 'token' };
}

function firstQueryValue(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

async function callerFromApiKey(req: Request, users: AccessUsers): Promise<Caller | null> {
  // Express 5 parses req.query again on every read.
  const query = req.query;
  const apiKey = firstQueryValue(query['apiKey']);
  const vendorId = Number(firstQueryValue(query['vendorId']) ?? firstQueryValue(query['campaign_id']));
  if (!apiKey || !Number.isInteger(vendorId)) return null;
  const user = await users.findByApiKey(apiKey, vendorId);
  if (!user) throw AppError.unauthenticated();
  return { user, via: 'apiKey' };
}

export interface AccessHooks {
  /**
   * Called for every request that authenticates (token or apiKey), before the role check, so refused admin calls
   * are seen too. Must not wait for anything: the API logs record through it (in memory, written in batches).
   */
  onAuthenticated?: (caller: Caller, req: Request, res: Response) => void;
}

/**
 * The one access check, driven by each route's `metadata.access` in the contract. Runs before request
 * validation, so an anonymous caller learns nothing about a route's input rules.
 */
export function accessMiddleware(tokens: TokenService, users: AccessUsers, hooks: AccessHooks = {}) {
  return async (req: Request & { tsRestRoute?: AppRoute }, res: Response, next: NextFunction): Promise<void> => {
    try {
      const access = routeAccessOf(req.tsRestRoute);
      if (access === 'public') {
        next();
        return;
      }
      // A route that takes the apiKey + vendorId pair authenticates by it whenever the query carries an apiKey,
      // even from a browser that also holds a token: the pair in the URL is what the caller asked to use.
      const apiKeyCaller = access === 'tokenOrApiKey' ? await callerFromApiKey(req, users) : null;
      const caller = apiKeyCaller ?? (await callerFromToken(req.headers.authorization, tokens, users));
      hooks.onAuthenticated?.(caller, req, res);

      // Post calls may carry the caller's apiKey in the body; when present it must be the caller's own.
      const bodyApiKey: unknown = (req.body as { apiKey?: unknown } | undefined)?.apiKey;
      if (bodyApiKey !== undefined && bodyApiKey !== caller.user.apiKey) {
        throw AppError.forbidden('The apiKey does not belong to the signed-in user.');
      }
      if (access === 'admin' && !isAdmin(caller)) throw AppError.forbidden();
      req.caller = caller;
      next();
    } catch (error) {
      next(error);
    }
  };
}
