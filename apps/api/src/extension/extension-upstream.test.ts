import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_EXTENSION_SERVICE_EMAIL, DEVELOPMENT_EXTENSION_SERVICE_PASSWORD } from '../config/env';
import { AppError } from '../shared/app-error';
import { createExtensionUpstream } from './extension-upstream';

/** As `npm run compose:mock` configures it: the stand-in, a generated password. */
const COMPOSE_MOCK = {
  email: 'mock-extension@publisher.test',
  password: '5f0c2b9e7a41d3c86e0f1a2b3c4d5e6f',
  account: '1001',
  isStandIn: true,
};
const now = () => new Date('2026-03-01T12:00:00Z');
const refusal = (login: () => unknown): unknown => {
  try {
    login();
  } catch (error) {
    return error instanceof AppError ? error.kind : error;
  }
  return 'signed in';
};

describe('the stand-in extension revenue service', () => {
  it('in the mock mode, also lets the development account sign in, and its token reads the rows', () => {
    const service = createExtensionUpstream(COMPOSE_MOCK, 'a-secret-long-enough-for-the-test', now, true);
    const { token } = service.login(DEVELOPMENT_EXTENSION_SERVICE_EMAIL, DEVELOPMENT_EXTENSION_SERVICE_PASSWORD);
    expect(service.daily(token, '1001', '2026-02-27').length).toBeGreaterThan(0);
    expect(service.login(COMPOSE_MOCK.email, COMPOSE_MOCK.password).token).toMatch(/^\d+\./);
    expect(refusal(() => service.login(DEVELOPMENT_EXTENSION_SERVICE_EMAIL, 'wrong'))).toBe('unauthenticated');
  });

  it('outside the mock mode, knows only the configured account', () => {
    const service = createExtensionUpstream(COMPOSE_MOCK, 'a-secret-long-enough-for-the-test', now, false);
    expect(
      refusal(() => service.login(DEVELOPMENT_EXTENSION_SERVICE_EMAIL, DEVELOPMENT_EXTENSION_SERVICE_PASSWORD)),
    ).toBe('unauthenticated');
    expect(service.login(COMPOSE_MOCK.email, COMPOSE_MOCK.password).token).toMatch(/^\d+\./);
  });
});
