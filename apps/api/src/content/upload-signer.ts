import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs podcast upload links: the signature covers the key, the content type and the expiry, so changing any of
 * them (or a forged signature) is refused, and so is a link past its expiry.
 */
export interface UploadSigner {
  sign(key: string, contentType: string, expires: number): string;
  /** 'ok', 'expired' (signature right, too late) or 'invalid'. */
  check(key: string, contentType: string, expires: number, signature: string): 'ok' | 'expired' | 'invalid';
}

export function createUploadSigner(secret: string, now: () => number = Date.now): UploadSigner {
  const sign = (key: string, contentType: string, expires: number) =>
    createHmac('sha256', `podcast-upload|${secret}`).update(`${key}\n${contentType}\n${expires}`).digest('base64url');
  return {
    sign,
    check(key, contentType, expires, signature) {
      const expected = Buffer.from(sign(key, contentType, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return expires * 1000 < now() ? 'expired' : 'ok';
    },
  };
}
