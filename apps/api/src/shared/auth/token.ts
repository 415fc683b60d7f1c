import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';

const claimsSchema = z.object({ sub: z.string(), ver: z.number().int(), exp: z.number() });
export type TokenClaims = z.infer<typeof claimsSchema>;

/** Tokens already verified, kept until they expire: every authenticated request verifies one. */
const MAX_VERIFIED = 10_000;

export interface TokenService {
  sign(userId: string, tokenVersion: number): string;
  /** The claims, or null for a token that is malformed, forged or expired. */
  verify(token: string): TokenClaims | null;
}

/**
 * Signs and verifies HS256 tokens. A token that verified once is remembered (by its full text, which the
 * signature covers) until its `exp`, so the signature is not recomputed on every request; whether the token is
 * still honoured (password changed, user gone) is the access check's business, on every request.
 */
export function createTokenService(
  secret: string,
  expiresInSeconds: number,
  now: () => number = Date.now,
): TokenService {
  // A KeyObject built once: given a string, jsonwebtoken first tries to parse it as a public key on every call.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const verified = new Map<string, TokenClaims>();
  return {
    sign(userId, tokenVersion) {
      return jwt.sign({ ver: tokenVersion, iat: Math.floor(now() / 1000) }, key, {
        subject: userId,
        expiresIn: expiresInSeconds,
        algorithm: 'HS256',
      });
    },
    verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > now()) return known;
        verified.delete(token);
        return null;
      }
      try {
        const decoded = jwt.verify(token, key, { algorithms: ['HS256'], clockTimestamp: Math.floor(now() / 1000) });
        const parsed = claimsSchema.safeParse(decoded);
        if (!parsed.success) return null;
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.set(token, parsed.data);
        return parsed.data;
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
