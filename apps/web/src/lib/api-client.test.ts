import { contract, SECOND_BRAND_QUERY_FLAG, SIGNUP_PATH } from '@publisher/contract';
import { initClient } from '@ts-rest/core';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '@publisher/contract/testing';
import { errorBody, answerApi } from '../testing/api-server';
import {
  AI_BRAND_QUERY_FLAG,
  createApiFetcher,
  withPrefer,
  withQueryFlag,
  type ApiFetcherDeps,
  type RecordedCall,
} from './api-client';

const user = buildUser();

function clientWith(overrides: Partial<ApiFetcherDeps> = {}) {
  const onSessionEnded = vi.fn();
  const deps: ApiFetcherDeps = {
    getToken: () => 'stored-token',
    getApiKey: () => user.apiKey,
    isAIHost: () => false,
    onSessionEnded,
    ...overrides,
  };
  const client = initClient(contract, { baseUrl: 'http://api.test', baseHeaders: {}, api: createApiFetcher(deps) });
  return { client, onSessionEnded };
}

describe('createApiFetcher', () => {
  it('sends the stored token as the Authorization header', async () => {
    const api = answerApi(() => ({ status: 200, body: { data: user } }));
    const { client } = clientWith();
    await client.auth.getUser({ params: { id: user._id } });
    expect(api.requests[0]?.headers.get('authorization')).toBe('stored-token');
  });

  it('sends no Authorization header when signed out', async () => {
    const api = answerApi(() => ({ status: 200, body: { user, token: 't' } }));
    const { client } = clientWith({ getToken: () => null, getApiKey: () => null });
    await client.auth.signin({ body: { email: 'a@b.co', password: 'secret1' } });
    expect(api.requests[0]?.headers.has('authorization')).toBe(false);
  });

  it("adds the user's apiKey to POST and PUT bodies", async () => {
    const api = answerApi(({ method }) =>
      method === 'PUT'
        ? { status: 200, body: { data: user, statusMessages: [] } }
        : { status: 200, body: { success: true, statusMessages: ['Password Changed successfully'] } },
    );
    const { client } = clientWith();
    await client.auth.update({ body: { city: 'Boston' } });
    await client.auth.changePassword({ body: { _id: user._id, currentPassword: 'old-pass', newPassword: 'new-pass' } });
    expect(api.requests.map((request) => request.body)).toEqual([
      { city: 'Boston', apiKey: user.apiKey },
      { _id: user._id, currentPassword: 'old-pass', newPassword: 'new-pass', apiKey: user.apiKey },
    ]);
  });

  it('keeps an apiKey the caller set and never adds one to sign-in or sign-up', async () => {
    const api = answerApi(({ url }) =>
      url.pathname === SIGNUP_PATH || url.pathname === '/auth/signin'
        ? { status: url.pathname === SIGNUP_PATH ? 201 : 200, body: { user, token: 't' } }
        : { status: 200, body: { data: user, statusMessages: [] } },
    );
    const { client } = clientWith();
    await client.auth.update({ body: { city: 'Boston', apiKey: 'explicit-key' } });
    await client.auth.signin({ body: { email: 'a@b.co', password: 'secret1' } });
    await client.auth.signup({
      body: { fullName: 'A B', email: 'a@b.co', password: 'secret1', conformPassword: 'secret1' },
    });
    expect(api.requests[0]?.body).toEqual({ city: 'Boston', apiKey: 'explicit-key' });
    expect(api.requests[1]?.body).not.toHaveProperty('apiKey');
    expect(api.requests[2]?.body).not.toHaveProperty('apiKey');
  });

  it('adds the isPublisherAI flag to every call on an AI-brand host, and only there', async () => {
    const api = answerApi(() => ({ status: 200, body: { data: user } }));
    await clientWith({ isAIHost: () => true }).client.auth.getUser({ params: { id: user._id } });
    await clientWith().client.auth.getUser({ params: { id: user._id } });
    expect(api.requests[0]?.url.searchParams.get(AI_BRAND_QUERY_FLAG)).toBe('true');
    expect(api.requests[1]?.url.searchParams.has(AI_BRAND_QUERY_FLAG)).toBe(false);
  });

  it('adds the isSecondBrand flag to every call on a second-brand host, and only there', async () => {
    const api = answerApi(() => ({ status: 200, body: { data: user } }));
    await clientWith({ isSecondBrandHost: () => true }).client.auth.getUser({ params: { id: user._id } });
    await clientWith({ isSecondBrandHost: () => true, isAIHost: () => true }).client.auth.getUser({
      params: { id: user._id },
    });
    await clientWith().client.auth.getUser({ params: { id: user._id } });
    expect(api.requests[0]?.url.searchParams.get(SECOND_BRAND_QUERY_FLAG)).toBe('true');
    expect(api.requests[1]?.url.searchParams.get(SECOND_BRAND_QUERY_FLAG)).toBe('true');
    expect(api.requests[1]?.url.searchParams.get(AI_BRAND_QUERY_FLAG)).toBe('true');
    expect(api.requests[2]?.url.searchParams.has(SECOND_BRAND_QUERY_FLAG)).toBe(false);
  });

  it.each(['Unauthenticated.', 'User Not Found.'])('ends the session when the API answers %s', async (message) => {
    answerApi(() => ({ status: 401, body: errorBody(message) }));
    const { client, onSessionEnded } = clientWith();
    const response = await client.auth.getUser({ params: { id: user._id } });
    expect(response.status).toBe(401);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on other errors', async () => {
    answerApi(() => ({ status: 401, body: errorBody('Invalid email or password.') }));
    const { client, onSessionEnded } = clientWith({ getToken: () => null });
    await client.auth.signin({ body: { email: 'a@b.co', password: 'wrong-password' } });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});

describe('withQueryFlag', () => {
  it('appends to a path with or without a query and never twice', () => {
    expect(withQueryFlag('http://x/a', 'f', 'true')).toBe('http://x/a?f=true');
    expect(withQueryFlag('http://x/a?b=1', 'f', 'true')).toBe('http://x/a?b=1&f=true');
    expect(withQueryFlag('http://x/a?f=true', 'f', 'true')).toBe('http://x/a?f=true');
  });

  it('sends a per-call Prefer header built by withPrefer', async () => {
    const api = answerApi(() => ({ status: 200, body: { data: user } }));
    const { client } = clientWith();
    await client.auth.getUser({ params: { id: user._id }, extraHeaders: withPrefer({ code: 404, delay: [100, 300] }) });
    expect(api.requests[0]?.headers.get('prefer')).toBe('code=404, delay=100-300');
  });

  it('adds the default Prefer to calls without their own, and reports every answered call', async () => {
    const api = answerApi(() => ({ status: 200, body: { data: user } }));
    const calls: RecordedCall[] = [];
    const { client } = clientWith({ getDefaultPrefer: () => 'example=empty', onResponse: (call) => calls.push(call) });
    await client.auth.getUser({ params: { id: user._id } });
    await client.auth.getUser({ params: { id: user._id }, extraHeaders: withPrefer({ code: 503 }) });
    expect(api.requests.map((request) => request.headers.get('prefer'))).toEqual(['example=empty', 'code=503']);
    expect(calls.map(({ method, status, prefer }) => ({ method, status, prefer }))).toEqual([
      { method: 'GET', status: 200, prefer: 'example=empty' },
      { method: 'GET', status: 200, prefer: 'code=503' },
    ]);
    expect(calls[0]?.path).toContain(`/auth/${user._id}`);
    expect(calls[0]?.ms).toBeGreaterThanOrEqual(0);
  });

  it('sends no Prefer header by default', async () => {
    const api = answerApi(() => ({ status: 200, body: { data: user } }));
    const { client } = clientWith();
    await client.auth.getUser({ params: { id: user._id } });
    expect(api.requests[0]?.headers.has('prefer')).toBe(false);
  });

  it('sends every call to the chosen mock session, and no session header without one', async () => {
    const api = answerApi(() => ({ status: 200, body: { data: user } }));
    let session: string | null = 'worker-3';
    const { client } = clientWith({ getMockSession: () => session });
    await client.auth.getUser({ params: { id: user._id } });
    session = null;
    await client.auth.getUser({ params: { id: user._id } });
    expect(api.requests.map((request) => request.headers.get('x-mock-session'))).toEqual(['worker-3', null]);
  });

  it("sends the mock controls' token with a session's calls (a new session needs it), never without a session", async () => {
    const api = answerApi(() => ({ status: 200, body: { data: user } }));
    let session: string | null = 'worker-3';
    const { client } = clientWith({ getMockSession: () => session, getControlToken: () => 'the-control-token' });
    await client.auth.getUser({ params: { id: user._id } });
    session = null;
    await client.auth.getUser({ params: { id: user._id } });
    expect(api.requests.map((request) => request.headers.get('x-mock-control-token'))).toEqual([
      'the-control-token',
      null,
    ]);
  });
});
