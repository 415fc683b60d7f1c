import { REDACTED, type JournalEntry, type StubDefinition, type StubMatch } from '@publisher/contract';

/** A stub being written in the panel: the route and status as typed, match and body as JSON text. */
export interface StubDraft {
  route: string;
  status: string;
  /** JSON of the match (`{ "query": ..., "body": ... }`). */
  match: string;
  /** JSON of the answer's body; empty for none. */
  body: string;
  /** How many calls it answers; empty: until deleted. */
  times: string;
}

function withoutRedacted(fields: Record<string, unknown>): Record<string, unknown> {
  // A redacted field never equals what the client sends: matching it would make the stub match nothing.
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== REDACTED));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * "Answer this call differently next time": the call's route (method and concrete path, so its path parameters
 * are matched), its query and body as the match (secret fields left out) and the answer it got.
 */
export function stubDraftOf(entry: JournalEntry): StubDraft {
  const query = Object.fromEntries(
    Object.entries(entry.query).filter(
      (pair): pair is [string, string | string[]] => typeof pair[1] === 'string' || Array.isArray(pair[1]),
    ),
  );
  const match: StubMatch = {};
  if (Object.keys(withoutRedacted(query)).length > 0) match.query = withoutRedacted(query) as StubMatch['query'];
  if (isRecord(entry.body) && Object.keys(withoutRedacted(entry.body)).length > 0) {
    match.body = withoutRedacted(entry.body);
  }
  const { responseBody } = entry;
  return {
    route: `${entry.method} ${entry.path}`,
    status: String(entry.status),
    match: JSON.stringify(match, null, 2),
    body: responseBody === null || responseBody === undefined ? '' : JSON.stringify(responseBody, null, 2),
    times: '',
  };
}

/** The definition a draft stands for, or the first reason it is not one (bad JSON, a status not a number). */
export function definitionOf(
  draft: StubDraft,
): { ok: true; definition: StubDefinition } | { ok: false; message: string } {
  const status = Number(draft.status);
  if (!Number.isInteger(status)) return { ok: false, message: 'Status must be a whole number.' };
  let match: unknown;
  let body: unknown;
  try {
    match = draft.match.trim() === '' ? undefined : JSON.parse(draft.match);
  } catch {
    return { ok: false, message: 'Match is not valid JSON.' };
  }
  try {
    body = draft.body.trim() === '' ? undefined : JSON.parse(draft.body);
  } catch {
    return { ok: false, message: 'Body is not valid JSON.' };
  }
  const times = draft.times.trim() === '' ? undefined : Number(draft.times);
  return {
    ok: true,
    // The API checks the rest (the match's shape, the body against the route's schema) and says what is wrong.
    definition: {
      route: draft.route.trim(),
      ...(match === undefined ? {} : { match: match as StubMatch }),
      answer: { status, ...(body === undefined ? {} : { body }) },
      ...(times === undefined ? {} : { times }),
    },
  };
}
