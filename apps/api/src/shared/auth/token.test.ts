import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createTokenService, tokenFromAuthorizationHeader } from './token';

const SECRET = 'token-test-secret-long-enough';

describe('token service', () => {
  it('verifies what it signed and refuses forgeries and other secrets', () => {
    const tokens = createTokenService(SECRET, 60);
    const token = tokens.sign('user-1', 3);
    expect(tokens.verify(token)).toMatchObject({ sub: 'user-1', ver: 3 });
    expect(tokens.verify(`${token.slice(0, -2)}xx`)).toBeNull();
    expect(createTokenService('another-secret-long-enough', 60).verify(token)).toBeNull();
    expect(tokens.verify(jwt.sign({ ver: 3 }, SECRET, { subject: 'user-1', algorithm: 'HS512' }))).toBeNull();
    expect(tokens.verify('not a token')).toBeNull();
  });

  it('stops accepting a token at its expiry, also once it has been verified before', () => {
    let clock = Date.UTC(2026, 0, 1);
    const tokens = createTokenService(SECRET, 60, () => clock);
    const token = tokens.sign('user-1', 0);
    clock += 59_000;
    expect(tokens.verify(token)).not.toBeNull();
    expect(tokens.verify(token)).not.toBeNull();
    clock += 2_000;
    expect(tokens.verify(token)).toBeNull();
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token that expired before it was ever verified', () => {
    let clock = Date.UTC(2026, 0, 1);
    const tokens = createTokenService(SECRET, 60, () => clock);
    const token = tokens.sign('user-1', 0);
    clock += 61_000;
    expect(tokens.verify(token)).toBeNull();
  });
});

describe('tokenFromAuthorizationHeader', () => {
  it('takes a bare token or a Bearer one', () => {
    expect(tokenFromAuthorizationHeader('abc')).toBe('abc');
    expect(tokenFromAuthorizationHeader('Bearer abc')).toBe('abc');
    expect(tokenFromAuthorizationHeader('  ')).toBeNull();
    expect(tokenFromAuthorizationHeader(undefined)).toBeNull();
  });
});
