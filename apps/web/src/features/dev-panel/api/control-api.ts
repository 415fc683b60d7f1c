import {
  controlContract,
  firstErrorMessage,
  MOCK_CONTROL_TOKEN_HEADER,
  MOCK_SESSION_HEADER,
  type ControlState,
  type ErrorRateBody,
  type JournalEntry,
  type LatencyRange,
  type LimitsCleared,
  type RequestJournalQuery,
  type SeedProfile,
  type Stub,
  type StubDefinition,
} from '@publisher/contract';
import { initClient } from '@ts-rest/core';

/** The scenario control API (`/__control`) as the dev panel uses it; every call answers the new state. */
export interface ControlApi {
  state: () => Promise<ControlState>;
  reset: (profile?: SeedProfile) => Promise<ControlState>;
  setProfile: (profile: SeedProfile) => Promise<ControlState>;
  /** An ISO instant, or null for the real clock. */
  setClock: (now: string | null) => Promise<ControlState>;
  setLatency: (range: LatencyRange | null) => Promise<ControlState>;
  setErrors: (body: ErrorRateBody | null) => Promise<ControlState>;
  /** Clears the sign-in limits: per-address counts and per-account lockouts. */
  clearLimits: () => Promise<LimitsCleared>;
  /** The API's journal of recent calls (bodies included, secrets redacted), newest first. */
  requests: (query?: RequestJournalQuery) => Promise<readonly JournalEntry[]>;
  /** Adds a stub; a refusal (400: off the contract, unknown route) answers the API's messages, one per problem. */
  createStub: (definition: StubDefinition) => Promise<StubCreation>;
}

/** What POST /__control/stubs made of a stub: taken, or refused with one message per problem. */
export type StubCreation = { ok: true; stub: Stub } | { ok: false; messages: readonly string[] };

function stateOf(response: { status: number; body: unknown }): ControlState {
  if (response.status !== 200) throw new Error(firstErrorMessage(response.body));
  return response.body as ControlState;
}

/**
 * A plain ts-rest client of the control contract: the panel has its own React root, outside the app's query
 * client, and its calls must not show up in its own request list.
 */
export function createControlApi(
  baseUrl: string,
  getSession: () => string | null = () => null,
  getControlToken: () => string | null = () => null,
): ControlApi {
  // Read at each call: the panel controls the session its app's calls go to (X-Mock-Session), which can change;
  // an empty value sends the default session's header-less call. The control token (an API started with
  // MOCK_CONTROL_TOKEN needs it on every /__control call) likewise.
  const client = initClient(controlContract, {
    baseUrl,
    baseHeaders: {
      [MOCK_SESSION_HEADER.toLowerCase()]: () => getSession() ?? '',
      [MOCK_CONTROL_TOKEN_HEADER.toLowerCase()]: () => getControlToken() ?? '',
    },
  });
  return {
    state: async () => stateOf(await client.state()),
    reset: async (profile) => stateOf(await client.reset({ body: profile ? { profile } : {} })),
    setProfile: async (profile) => stateOf(await client.setProfile({ body: { profile } })),
    setClock: async (now) =>
      stateOf(now === null ? await client.clearClock() : await client.setClock({ body: { now } })),
    setLatency: async (range) =>
      stateOf(range === null ? await client.clearLatency() : await client.setLatency({ body: range })),
    setErrors: async (body) => stateOf(body === null ? await client.clearErrors() : await client.setErrors({ body })),
    clearLimits: async () => {
      const response = await client.clearLimits();
      if (response.status !== 200) throw new Error(firstErrorMessage(response.body));
      return response.body;
    },
    requests: async (query = {}) => {
      const response = await client.requests({ query });
      if (response.status !== 200) throw new Error(firstErrorMessage(response.body));
      return response.body.requests;
    },
    createStub: async (definition) => {
      const response = await client.createStub({ body: definition });
      if (response.status === 201) return { ok: true, stub: response.body };
      if (response.status === 400) return { ok: false, messages: response.body.statusMessages };
      throw new Error(firstErrorMessage(response.body));
    },
  };
}
