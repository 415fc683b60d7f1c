import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  EXTENSION_MESSAGES,
  type ExtensionDailyRow,
  type ExtensionDeviceRow,
  type ExtensionMarketRow,
  todayUtc,
} from '@publisher/contract';
import { AppError } from '../shared/app-error';
import { dailyRows, deviceRows, marketRows } from './extension-simulator';

/**
 * The mock of the outside extension revenue service (part 2 §7): its sign-in and its three report calls. It knows
 * one service account (from the API's configuration) and one account number. Its tokens are its own (HMAC over an
 * expiry, keyed by the API's secret and a purpose label), unrelated to portal sessions.
 */

export interface ExtensionServiceConfig {
  email: string;
  password: string;
  account: string;
  /** Key material for the service's tokens. */
  secret: string;
  /**
   * Another account it lets sign in (the mock mode's: the development account, so that tools knowing only the
   * development values, such as `npm run verify`, work against a mock stack whatever password it was given).
   */
  alsoAccepts?: { email: string; password: string } | undefined;
}

export const EXTENSION_TOKEN_SECONDS = 3600;

export interface ExtensionRevenueService {
  login(email: string, password: string): { token: string; expiresIn: number };
  daily(token: string | undefined, account: string, date: string): ExtensionDailyRow[];
  device(token: string | undefined, account: string, date: string): ExtensionDeviceRow[];
  market(token: string | undefined, account: string, date: string): ExtensionMarketRow[];
}

/** Compares secrets in constant time (over their digests, so lengths may differ). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function createExtensionRevenueService(
  config: ExtensionServiceConfig,
  now: () => Date = () => new Date(),
): ExtensionRevenueService {
  const sign = (payload: string) =>
    createHmac('sha256', `extension-service|${config.secret}`).update(payload).digest('base64url');

  function checkToken(token: string | undefined): void {
    const [expires, signature] = (token ?? '').split('.');
    const isValid =
      expires !== undefined &&
      signature !== undefined &&
      /^\d+$/.test(expires) &&
      sameSecret(signature, sign(expires)) &&
      Number(expires) * 1000 > now().getTime();
    if (!isValid) throw AppError.unauthenticated(EXTENSION_MESSAGES.invalidServiceToken);
  }

  function checkAccount(account: string): void {
    if (account !== config.account) throw AppError.notFound(EXTENSION_MESSAGES.unknownAccount);
  }

  const read =
    <T>(rows: (account: string, date: string, today: string) => T[]) =>
    (token: string | undefined, account: string, date: string): T[] => {
      checkToken(token);
      checkAccount(account);
      return rows(account, date, todayUtc(now()));
    };

  return {
    login(email, password) {
      const matches = (account: { email: string; password: string }): boolean =>
        sameSecret(email.toLowerCase(), account.email.toLowerCase()) && sameSecret(password, account.password);
      const isKnown = matches(config) || (config.alsoAccepts !== undefined && matches(config.alsoAccepts));
      if (!isKnown) throw AppError.unauthenticated(EXTENSION_MESSAGES.invalidCredentials);
      const expires = String(Math.floor(now().getTime() / 1000) + EXTENSION_TOKEN_SECONDS);
      return { token: `${expires}.${sign(expires)}`, expiresIn: EXTENSION_TOKEN_SECONDS };
    },
    daily: read(dailyRows),
    device: read(deviceRows),
    market: read(marketRows),
  };
}

/** The bearer token of an `Authorization` header (`Bearer <token>` or bare). */
export function bearerOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
}
