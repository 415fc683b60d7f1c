import { z } from 'zod';
import { initContract } from '@ts-rest/core';
import { routeMetadata } from '../common/access';
import { errorEnvelopeSchema } from '../common/error.schema';
import {
  clockBodySchema,
  controlStateSchema,
  errorRateBodySchema,
  latencyRangeSchema,
  limitsClearedSchema,
  profileBodySchema,
  requestJournalClearedSchema,
  requestJournalQuerySchema,
  requestJournalSchema,
  resetBodySchema,
  snapshotBodySchema,
  snapshotListSchema,
  mockSessionIdSchema,
  mockSessionListSchema,
  mockSessionSchema,
  mockSessionSparesSchema,
  prepareSessionsBodySchema,
  snapshotNameSchema,
  snapshotSchema,
} from './control.schema';
import { stubDefinitionSchema, stubIdSchema, stubListSchema, stubSchema, stubsDeletedSchema } from './stubs.schema';

const c = initContract();

/** Prefix of the control API (the routes below write it out: see the note on controlContract). */
export const CONTROL_PATH_PREFIX = '/__control';

/**
 * 401 and 403: the API was started with MOCK_CONTROL_TOKEN and the call lacks it in X-Mock-Control-Token
 * (MOCK_CONTROL_TOKEN_HEADER), or sends another value.
 */
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  500: errorEnvelopeSchema,
};

/**
 * The scenario control API: a router of its own, not part of `contract`, so the product's route walkers never
 * include it (the OpenAPI document of the mock mode adds it under the `control` tag). Mounted only in the mock mode (MOCK_CONTROLS: on by default in development and
 * test, off otherwise; a plain 404 without it). When the API has MOCK_CONTROL_TOKEN, every route needs the header
 * X-Mock-Control-Token (MOCK_CONTROL_TOKEN_HEADER): it is not declared as a route header, so that a client that
 * sends it on every call (the dev panel) types the same either way.
 */
// Pure, with literal paths and no c.noBody() calls: a bundle that never uses it (the web's production build)
// drops all of it (features/dev-panel/production-build.test.ts checks).
export const controlContract = /* @__PURE__ */ c.router(
  {
    state: {
      method: 'GET',
      path: '/__control',
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'What the scenario controls are set to.',
    },
    reset: {
      method: 'POST',
      path: '/__control/reset',
      body: resetBodySchema,
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary:
        'Puts the data back as the seed of the given profile (else the current one) or a named snapshot left it, rewriting only the collections written since; a seed follows the fixed clock. Clock, latency and errors stay unless restoreDefaults. Calls wait while it runs; 409 while another reset runs, 404 for an unknown snapshot, 503 when the heap of the API has no room to seed a profile from nothing.',
    },
    createSnapshot: {
      method: 'POST',
      path: '/__control/snapshots',
      body: snapshotBodySchema,
      responses: { 201: snapshotSchema },
      metadata: routeMetadata('public'),
      summary:
        'Keeps the current data under a name (in memory, until the API stops); an existing name is replaced. 409 when 20 are kept, 503 when the heap of the API has no room for another copy.',
    },
    snapshots: {
      method: 'GET',
      path: '/__control/snapshots',
      responses: { 200: snapshotListSchema },
      metadata: routeMetadata('public'),
      summary: 'The snapshots kept, oldest first.',
    },
    deleteSnapshot: {
      method: 'DELETE',
      path: '/__control/snapshots/:name',
      pathParams: z.object({ name: snapshotNameSchema }),
      responses: { 200: snapshotSchema },
      metadata: routeMetadata('public'),
      summary: 'Forgets a snapshot (its data is not touched); 404 when there is none of that name.',
    },
    setProfile: {
      method: 'PUT',
      path: '/__control/profile',
      body: profileBodySchema,
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'Switches the seed profile: a reset with that profile.',
    },
    setClock: {
      method: 'PUT',
      path: '/__control/clock',
      body: clockBodySchema,
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'Fixes "now" for every date computation of the API.',
    },
    clearClock: {
      method: 'DELETE',
      path: '/__control/clock',
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'Back to the real clock.',
    },
    setLatency: {
      method: 'PUT',
      path: '/__control/latency',
      body: latencyRangeSchema,
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'Delays every contract call by a random time in [minMs, maxMs] (0..30000).',
    },
    clearLatency: {
      method: 'DELETE',
      path: '/__control/latency',
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'No added latency.',
    },
    setErrors: {
      method: 'PUT',
      path: '/__control/errors',
      body: errorRateBodySchema,
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'Answers that share of contract calls with 500 (or the given 503) in the error envelope.',
    },
    clearErrors: {
      method: 'DELETE',
      path: '/__control/errors',
      responses: { 200: controlStateSchema },
      metadata: routeMetadata('public'),
      summary: 'No injected errors.',
    },
    clearLimits: {
      method: 'DELETE',
      path: '/__control/limits',
      responses: { 200: limitsClearedSchema },
      metadata: routeMetadata('public'),
      summary:
        'Clears the sign-in limits: every per-address count of failed sign-ins and sign-ups, and every per-account lockout.',
    },
    sessions: {
      method: 'GET',
      path: '/__control/sessions',
      responses: { 200: mockSessionListSchema },
      metadata: routeMetadata('public'),
      summary:
        'The isolated sessions (X-Mock-Session) alive now, oldest first. Called with the header: that session alone.',
    },
    prepareSessions: {
      method: 'POST',
      path: '/__control/sessions/prepare',
      body: prepareSessionsBodySchema,
      responses: { 200: mockSessionSparesSchema },
      metadata: routeMetadata('public'),
      summary:
        "Fills spare session databases with the current profile until `count` are ready (at most MOCK_SESSION_LIMIT; spares do not count against that limit) and answers when they are: a test runner calls it before its workers start, and each worker's first call takes a ready spare instead of copying the seed. The pool keeps `count` ready from then on.",
    },
    deleteSession: {
      method: 'DELETE',
      path: '/__control/sessions/:id',
      pathParams: z.object({ id: mockSessionIdSchema }),
      responses: { 200: mockSessionSchema },
      metadata: routeMetadata('public'),
      summary: 'Ends an isolated session and drops its data; 404 when there is none of that id.',
    },
    requests: {
      method: 'GET',
      path: '/__control/requests',
      query: requestJournalQuerySchema,
      responses: { 200: requestJournalSchema },
      metadata: routeMetadata('public'),
      summary:
        'The recent contract calls, newest first: method, path, query, headers and body (secrets redacted), status, duration and time. Filters: method (exact), path (prefix), since (ISO), limit (1..500, default 50).',
    },
    clearRequests: {
      method: 'DELETE',
      path: '/__control/requests',
      responses: { 200: requestJournalClearedSchema },
      metadata: routeMetadata('public'),
      summary: 'Forgets every recorded request.',
    },
    createStub: {
      method: 'POST',
      path: '/__control/stubs',
      body: stubDefinitionSchema,
      responses: { 201: stubSchema },
      metadata: routeMetadata('public'),
      summary:
        "Answers a contract route's calls (those that match: a subset of path params, query and body fields) with the given status, body and headers, after delayMs, `times` times (default: until deleted); the newest matching stub answers first. The body is checked against the route's response schema for that status (an undeclared error status: the error envelope): one off the contract is refused with 400 naming each zod issue. 400 for an unknown route (known names listed) and beyond 100 stubs. A reset clears them.",
    },
    stubs: {
      method: 'GET',
      path: '/__control/stubs',
      responses: { 200: stubListSchema },
      metadata: routeMetadata('public'),
      summary: "The session's stubs, newest first (the order they are tried in), with the calls each answered.",
    },
    deleteStub: {
      method: 'DELETE',
      path: '/__control/stubs/:id',
      pathParams: z.object({ id: stubIdSchema }),
      responses: { 200: stubSchema },
      metadata: routeMetadata('public'),
      summary: 'Deletes one stub; 404 when there is none of that id.',
    },
    deleteStubs: {
      method: 'DELETE',
      path: '/__control/stubs',
      responses: { 200: stubsDeletedSchema },
      metadata: routeMetadata('public'),
      summary: 'Deletes every stub of the session.',
    },
  },
  { commonResponses: errors, strictStatusCodes: true },
);

export type ControlContract = typeof controlContract;
