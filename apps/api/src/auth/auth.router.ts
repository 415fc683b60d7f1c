import { initServer } from '@ts-rest/express';
import { ACCOUNT_MESSAGES, authContract } from '@publisher/contract';
import { callerOf } from '../shared/auth/caller';
import type { AuthService } from './auth.service';

const s = initServer();

/** Thin handlers: who is calling, call the service, shape the response. */
export function createAuthRouter(auth: AuthService) {
  return s.router(authContract, {
    signin: async ({ body }) => ({ status: 200, body: await auth.signin(body) }),
    signup: async ({ body }) => ({ status: 201, body: await auth.signup(body) }),
    getUser: async ({ params, req }) => ({
      status: 200,
      body: { data: await auth.getUser(callerOf(req), params.id) },
    }),
    update: async ({ body, req }) => ({
      status: 200,
      body: { data: await auth.update(callerOf(req), body), statusMessages: [ACCOUNT_MESSAGES.accountUpdated] },
    }),
    changePassword: async ({ body, req }) => {
      await auth.changePassword(callerOf(req), body);
      return { status: 200, body: { success: true, statusMessages: [ACCOUNT_MESSAGES.passwordChanged] } };
    },
    regenerateApiKey: async ({ req }) => ({
      status: 200,
      body: { data: await auth.regenerateApiKey(callerOf(req)), statusMessages: [ACCOUNT_MESSAGES.apiKeyRegenerated] },
    }),
  });
}
