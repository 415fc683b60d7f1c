import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import { objectIdSchema } from '../common/fields';
import {
  authResponseSchema,
  changePasswordBodySchema,
  changePasswordResponseSchema,
  regenerateApiKeyBodySchema,
  signinBodySchema,
  signupBodySchema,
  updateAccountBodySchema,
  updateAccountResponseSchema,
  userEnvelopeSchema,
} from './auth.schema';

const c = initContract();

/** The product's name slug fills the `{name}` of the spec's sign-up path. */
export const SIGNUP_PATH = '/auth/signup_publisher_0599' as const;

export const authContract = c.router(
  {
    signin: {
      method: 'POST',
      path: '/auth/signin',
      body: signinBodySchema,
      responses: { 200: authResponseSchema },
      metadata: routeMetadata('public'),
      summary: 'Sign in with email and password; returns the user and a JWT.',
    },
    signup: {
      method: 'POST',
      path: SIGNUP_PATH,
      body: signupBodySchema,
      responses: { 201: authResponseSchema },
      metadata: routeMetadata('public'),
      summary: 'Create a vendor account; returns the user and a JWT.',
    },
    update: {
      method: 'PUT',
      path: '/auth/update',
      body: updateAccountBodySchema,
      responses: { 200: updateAccountResponseSchema },
      metadata: routeMetadata('token'),
      summary: "Update the caller's account fields (vendor ID and email are read-only).",
    },
    getUser: {
      method: 'GET',
      path: '/auth/:id',
      pathParams: z.object({ id: objectIdSchema }),
      responses: { 200: userEnvelopeSchema },
      metadata: routeMetadata('token'),
      summary: 'Read a user: your own record, or any record for an admin.',
    },
    changePassword: {
      method: 'POST',
      path: '/auth/changePassword',
      body: changePasswordBodySchema,
      responses: { 200: changePasswordResponseSchema },
      metadata: routeMetadata('token'),
      summary:
        "Change the caller's password after checking the current one. Tokens issued before stop working, and the " +
        'apiKey is replaced (read the new one from GET /auth/:id).',
    },
    regenerateApiKey: {
      method: 'POST',
      path: '/auth/regenerateApiKey',
      body: regenerateApiKeyBodySchema,
      responses: { 200: updateAccountResponseSchema },
      metadata: routeMetadata('token'),
      summary:
        'Designed (not in the spec): issue the caller a new apiKey; the old one stops working at once. ' +
        'Answers the updated user in `data`.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
