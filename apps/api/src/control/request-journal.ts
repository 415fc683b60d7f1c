import {
  REDACTED,
  REQUEST_JOURNAL_BODY_LIMIT,
  REQUEST_JOURNAL_CAPACITY,
  type JournalEntry,
  type RequestJournal as RequestJournalAnswer,
} from '@publisher/contract';

/** Which recorded requests GET /__control/requests answers (the parsed query). */
export interface JournalFilter {
  method?: string;
  /** A path prefix. */
  path?: string;
  /** Epoch milliseconds: requests received at or after it. */
  sinceMs?: number;
  limit: number;
}

/** A request as the middleware saw it, before redaction. */
export interface JournalRecord {
  method: string;
  path: string;
  query: unknown;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The text of a body that was refused as malformed JSON (so `body` holds nothing). */
  unparsedBody?: string | undefined;
  status: number;
  /** The answer's body as sent in one piece (JSON text, other text, bytes); undefined when streamed or empty. */
  responseBody?: string | Buffer | undefined;
  /** The answer's Content-Type. */
  responseType?: string | undefined;
  /** The id of the stub that answered, if one did. */
  stub?: string | undefined;
  durationMs: number;
  /** Epoch milliseconds of its arrival (the journal's own clock). */
  receivedAtMs: number;
}

/**
 * The recent requests of one app (the mock mode's journal): a ring of at most `capacity` entries, so its memory
 * is bounded by capacity times the body limit whatever the traffic. Kept in the app's state so that an isolated
 * mock session can have its own.
 */
export interface RequestJournal {
  /** The journal's clock (real time: a fixed scenario clock would give every entry the same time). */
  now: () => number;
  record: (request: JournalRecord) => void;
  list: (filter: JournalFilter) => RequestJournalAnswer;
  /** Forgets every entry; answers how many there were. */
  clear: () => number;
}

// A header is secret when it carries a credential: the session cookie, a bearer token, an apiKey.
const SECRET_HEADER = /^(?:authorization|proxy-authorization|cookie|set-cookie)$/;
const SECRET_HEADER_PART = /token|secret|api-?key|api_key/i;
// Body and query fields: every password variant of the spec (password, conformPassword, newPassword...) and the
// apiKey the web adds to each authenticated POST and PUT.
const SECRET_FIELD = /password|api-?key|api_key|token|secret/i;
// Deeper than any body of the contract; past it the rest is summarised rather than walked.
const MAX_DEPTH = 32;

function redactHeaders(headers: JournalRecord['headers']): Record<string, string> {
  const redacted: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    redacted[lower] =
      SECRET_HEADER.test(lower) || SECRET_HEADER_PART.test(lower)
        ? REDACTED
        : Array.isArray(value)
          ? value.join(', ')
          : value;
  }
  return redacted;
}

function redactFields(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  const redacted: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    redacted[key] = SECRET_FIELD.test(key) ? REDACTED : redactFields(field, depth + 1);
  }
  return redacted;
}

/**
 * A secret field's value in JSON text that does not parse: `"password": "..."` (the key quoted or not, the string
 * maybe cut off) or a bare value up to the next separator. Redacted by pattern, since there is no object to walk.
 */
const SECRET_FIELD_IN_TEXT =
  /("?[\w$-]*(?:password|api-?key|api_key|token|secret)[\w$-]*"?\s*:\s*)("(?:[^"\\]|\\.)*"?|[^,}\]\s]*)/gi;

function truncated(text: string): { body: string; bodyTruncated: boolean } {
  if (text.length <= REQUEST_JOURNAL_BODY_LIMIT) return { body: text, bodyTruncated: false };
  return {
    body: `${text.slice(0, REQUEST_JOURNAL_BODY_LIMIT)}…[truncated: ${String(text.length)} characters]`,
    bodyTruncated: true,
  };
}

/**
 * The body as the journal keeps it: JSON redacted and cut to the limit; the text of malformed JSON redacted and
 * cut the same way (what was sent shows why it failed); other bodies described.
 */
function journalBody(body: unknown, unparsedBody: string | undefined): { body: unknown; bodyTruncated: boolean } {
  if (unparsedBody !== undefined) return truncated(unparsedBody.replace(SECRET_FIELD_IN_TEXT, `$1"${REDACTED}"`));
  if (body === undefined || body === null) return { body: null, bodyTruncated: false };
  if (Buffer.isBuffer(body)) return { body: `[${String(body.length)} bytes, not JSON]`, bodyTruncated: false };
  const redacted = redactFields(body);
  const text = JSON.stringify(redacted);
  if (text.length <= REQUEST_JOURNAL_BODY_LIMIT) return { body: redacted, bodyTruncated: false };
  return truncated(text);
}

/**
 * The answer's body as the journal keeps it: JSON parsed and redacted when within the limit (else its start, redacted
 * as text); other text cut to the limit; anything else described.
 */
function responseBodyOf(request: JournalRecord): { responseBody: unknown; responseBodyTruncated: boolean } {
  const sent = request.responseBody;
  if (sent === undefined || sent.length === 0) return { responseBody: null, responseBodyTruncated: false };
  if (Buffer.isBuffer(sent)) {
    return {
      responseBody: `[${String(sent.length)} bytes of ${request.responseType ?? 'data'}]`,
      responseBodyTruncated: false,
    };
  }
  const isJson = /\bjson\b/i.test(request.responseType ?? '');
  if (isJson && sent.length <= REQUEST_JOURNAL_BODY_LIMIT) {
    try {
      return { responseBody: redactFields(JSON.parse(sent) as unknown), responseBodyTruncated: false };
    } catch {
      // Not the JSON it says it is: kept as text below.
    }
  }
  const { body, bodyTruncated } = truncated(sent.replace(SECRET_FIELD_IN_TEXT, `$1"${REDACTED}"`));
  return { responseBody: body, responseBodyTruncated: bodyTruncated };
}

function toEntry(request: JournalRecord): JournalEntry {
  const query = redactFields(request.query);
  return {
    method: request.method,
    path: request.path,
    query: query !== null && typeof query === 'object' && !Array.isArray(query) ? { ...query } : {},
    headers: redactHeaders(request.headers),
    ...journalBody(request.body, request.unparsedBody),
    status: request.status,
    ...responseBodyOf(request),
    stub: request.stub ?? null,
    durationMs: Math.round(request.durationMs * 10) / 10,
    time: new Date(request.receivedAtMs).toISOString(),
  };
}

export function createRequestJournal({
  capacity = REQUEST_JOURNAL_CAPACITY,
  now = Date.now,
}: { capacity?: number; now?: () => number } = {}): RequestJournal {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('The journal holds at least one request.');
  // The ring: `next` is where the next entry goes; once full it overwrites the oldest.
  let entries: { entry: JournalEntry; receivedAtMs: number }[] = [];
  let next = 0;
  return {
    now,
    record(request) {
      const kept = { entry: toEntry(request), receivedAtMs: request.receivedAtMs };
      if (entries.length < capacity) entries.push(kept);
      else entries[next] = kept;
      next = (next + 1) % capacity;
    },
    list({ method, path, sinceMs, limit }) {
      const requests: JournalEntry[] = [];
      for (let seen = 0; seen < entries.length && requests.length < limit; seen += 1) {
        const kept = entries[(next - 1 - seen + entries.length * 2) % entries.length];
        if (kept === undefined) continue;
        if (method !== undefined && kept.entry.method !== method) continue;
        if (path !== undefined && !kept.entry.path.startsWith(path)) continue;
        if (sinceMs !== undefined && kept.receivedAtMs < sinceMs) continue;
        requests.push(kept.entry);
      }
      return { requests, held: entries.length, capacity };
    },
    clear() {
      const cleared = entries.length;
      entries = [];
      next = 0;
      return cleared;
    },
  };
}
