import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';

const claimsSchema = z.object({ sub: z.string(), ver: z.number().int() });
export type TokenClaims = z.infer<typeof claimsSchema>;

export interface TokenService {
  sign(userId: string, tokenVersion: number): string;
  /** The claims, or null for a token that is malformed, forged or expired. */
  verify(token: string): TokenClaims | null;
}

export function createTokenService(secret: string, expiresInSeconds: number): TokenService {
  // A KeyObject built once: given a string, jsonwebtoken first tries to parse it as a public key on every call.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    sign(userId, tokenVersion) {
      return jwt.sign({ ver: tokenVersion }, key, {
        subject: userId,
        expiresIn: expiresInSeconds,
        algorithm: 'HS256',
      });
    },
    verify(token) {
      try {
        const decoded = jwt.verify(token, key, { algorithms: ['HS256'] });
        const parsed = claimsSchema.safeParse(decoded);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

/** Accepts both a bare token and `Bearer <token>` (part 1 §7 sends the stored token as is). */
export function tokenFromAuthorizationHeader(header: string | undefined): string | null {
  if (!header) return null;
  const trimmed = header.trim();
  const bearer = /^Bearer\s+(.+)$/i.exec(trimmed);
  const token = bearer?.[1] ?? trimmed;
  return token.length > 0 ? token : null;
}
