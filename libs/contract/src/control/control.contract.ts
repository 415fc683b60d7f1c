import { initContract } from '@ts-rest/core';
import { routeMetadata } from '../common/access';
import { errorEnvelopeSchema } from '../common/error.schema';
import {
  clockBodySchema,
  controlStateSchema,
  errorRateBodySchema,
  latencyRangeSchema,
  profileBodySchema,
  resetBodySchema,
} from './control.schema';

const c = initContract();

/** Prefix of the control API; never a route of the product contract. */
export const CONTROL_PATH_PREFIX = '/__control';

const errors = {
  400: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  500: errorEnvelopeSchema,
};

/**
 * The scenario control API: a router of its own, not part of `contract`, so the product's OpenAPI document and
 * route walkers never include it. Mounted only when NODE_ENV is not `production` (a plain 404 there).
 */
export const controlContract = c.router(
  {
    state: {
      method: 'GET',
      path: CONTROL_PATH_PREFIX,
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'What the scenario controls are set to.',
    },
    reset: {
      method: 'POST',
      path: `${CONTROL_PATH_PREFIX}/reset`,
      body: resetBodySchema,
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary:
        'Empties the database and seeds it again (the given profile, else the current one); clock, latency and errors back to their defaults. 409 while a reset runs.',
    },
    setProfile: {
      method: 'PUT',
      path: `${CONTROL_PATH_PREFIX}/profile`,
      body: profileBodySchema,
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'Switches the seed profile: a reset with that profile.',
    },
    setClock: {
      method: 'PUT',
      path: `${CONTROL_PATH_PREFIX}/clock`,
      body: clockBodySchema,
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'Fixes "now" for every date computation of the API.',
    },
    clearClock: {
      method: 'DELETE',
      path: `${CONTROL_PATH_PREFIX}/clock`,
      body: c.noBody(),
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'Back to the real clock.',
    },
    setLatency: {
      method: 'PUT',
      path: `${CONTROL_PATH_PREFIX}/latency`,
      body: latencyRangeSchema,
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'Delays every contract call by a random time in [minMs, maxMs] (0..30000).',
    },
    clearLatency: {
      method: 'DELETE',
      path: `${CONTROL_PATH_PREFIX}/latency`,
      body: c.noBody(),
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'No added latency.',
    },
    setErrors: {
      method: 'PUT',
      path: `${CONTROL_PATH_PREFIX}/errors`,
      body: errorRateBodySchema,
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'Answers that share of contract calls with 500 (or the given 503) in the error envelope.',
    },
    clearErrors: {
      method: 'DELETE',
      path: `${CONTROL_PATH_PREFIX}/errors`,
      body: c.noBody(),
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'No injected errors.',
    },
  },
  { commonResponses: errors, strictStatusCodes: true },
);

export type ControlContract = typeof controlContract;
