import type { KeptState } from '../data-states';

/**
 * Each collection's digest (its documents' raw BSON and its indexes): two databases with equal digests hold the
 * same data byte for byte. The equality the reset and session tests assert against a fresh seed.
 */
export const digests = (state: KeptState): Record<string, string> =>
  Object.fromEntries([...state.collections].map(([name, kept]) => [name, kept.digest]));
