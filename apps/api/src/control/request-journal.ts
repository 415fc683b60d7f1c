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
export const SECRET_FIELD_IN_TEXT =
  /("?[\w$-]*(?:password|api-?key|api_key|token|secret)[\w$-]*"?\s*:\s*)("(?:[^"\\]|\\.)*"?|[^,}\]\s]*)/gi;

/** A character of a field name as SECRET_FIELD_IN_TEXT reads one (`[\w$-]`: ASCII letters, digits, _, $ and -). */
function isNameCharacter(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 95 || // _
    code === 36 || // $
    code === 45 // -
  );
}

/**
 * `text.replace(SECRET_FIELD_IN_TEXT, '$1"[redacted]"')`, the same text, found without trying the pattern at every
 * position (that costs about 3 ms per 100 KB, on the hot path for an answer over the limit). A match's name holds a
 * secret word, in one run of name characters; where the pattern matches from some place in a run it matches from the
 * run's first secret word too (its `[\w$-]*` takes what lies between), with the same end, and what precedes the word
 * is copied as it is either way. So a quick search finds the words, and the pattern is tried once per run, from its
 * first word at or after the end of the last match.
 */
export function redactText(text: string): string {
  const words = /password|api-?key|api_key|token|secret/gi;
  const field = new RegExp(SECRET_FIELD_IN_TEXT.source, 'iy');
  let redacted = '';
  // Copied up to `copied` (the end of the last match); no match starts before `from`.
  let copied = 0;
  let from = 0;
  for (;;) {
    words.lastIndex = from;
    const word = words.exec(text);
    if (!word) break;
    const start = word.index;
    field.lastIndex = start;
    const found = field.exec(text);
    if (found) {
      redacted += `${text.slice(copied, start)}${found[1] ?? ''}"${REDACTED}"`;
      copied = start + found[0].length;
      from = copied;
    } else {
      // No match starts in this run: on past its end.
      let end = word.index + word[0].length;
      while (end < text.length && isNameCharacter(text.charCodeAt(end))) end += 1;
      from = end;
    }
  }
  return copied === 0 ? text : redacted + text.slice(copied);
}

/**
 * A copy of `text` that holds no other string: V8 keeps a slice or concatenation as a view of the string it came
 * from, so a kept cut of a large body would hold the whole body alive for as long as the entry lives.
 */
function ownCopy(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

function truncated(text: string): { body: string; bodyTruncated: boolean } {
  if (text.length <= REQUEST_JOURNAL_BODY_LIMIT) return { body: text, bodyTruncated: false };
  return {
    body: ownCopy(`${text.slice(0, REQUEST_JOURNAL_BODY_LIMIT)}…[truncated: ${String(text.length)} characters]`),
    bodyTruncated: true,
  };
}

/** A body between `record` and `list`: what the entry's body and flag are built from, never more than the limit. */
type HeldBody =
  /** Nothing (no body, or an empty answer). */
  | { kind: 'none' }
  /** Its entry's body and flag, made at record time: a description of bytes, or a text or JSON over the limit cut. */
  | { kind: 'made'; body: unknown; truncated: boolean }
  /** Text within the limit as sent (malformed JSON, or an answer's text), redacted and cut when listed. */
  | { kind: 'text'; text: string }
  /** An answer's JSON text within the limit, parsed and redacted when listed. */
  | { kind: 'json'; text: string }
  /** A parsed request body whose JSON was within the limit, redacted when listed. */
  | { kind: 'parsed'; value: unknown };

/** A recorded call as the journal holds it until it is listed. */
interface HeldRecord {
  method: string;
  path: string;
  query: unknown;
  headers: JournalRecord['headers'];
  body: HeldBody;
  status: number;
  responseBody: HeldBody;
  stub: string | undefined;
  durationMs: number;
  receivedAtMs: number;
}

/**
 * Text as the journal keeps it: within the limit, as sent (the work waits for a listing); over it, redacted and
 * cut now (a redaction can shorten it, and the cut says the redacted length), so a large body is never held whole.
 */
function holdText(text: string, kind: 'text' | 'json'): HeldBody {
  if (text.length <= REQUEST_JOURNAL_BODY_LIMIT) return { kind, text };
  const { body, bodyTruncated } = truncated(redactText(text));
  return { kind: 'made', body: bodyTruncated ? body : ownCopy(body), truncated: bodyTruncated };
}

/** The parsed request body's size as sent: Content-Length, when the client gave one. */
function sentLength(headers: JournalRecord['headers']): number | undefined {
  // A compressed body's length says nothing of the size it was inflated to.
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding !== 'identity') return undefined;
  const length = Number(headers['content-length']);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/**
 * The request body as the journal holds it: the text of malformed JSON (redacted and cut like any text); a parsed
 * body sent within the limit as it is (redacted when listed); a larger one (or one of unknown size) redacted and cut
 * now, as JSON text when over the limit; other bodies described.
 */
function holdRequestBody(request: JournalRecord): HeldBody {
  const { body, unparsedBody } = request;
  if (unparsedBody !== undefined) return holdText(unparsedBody, 'text');
  if (body === undefined || body === null) return { kind: 'none' };
  if (Buffer.isBuffer(body))
    return { kind: 'made', body: `[${String(body.length)} bytes, not JSON]`, truncated: false };
  const length = sentLength(request.headers);
  if (length !== undefined && length <= REQUEST_JOURNAL_BODY_LIMIT) return { kind: 'parsed', value: body };
  const redacted = redactFields(body);
  const text = JSON.stringify(redacted);
  if (text.length <= REQUEST_JOURNAL_BODY_LIMIT) return { kind: 'made', body: redacted, truncated: false };
  const cut = truncated(text);
  return { kind: 'made', body: cut.body, truncated: cut.bodyTruncated };
}

/**
 * The answer's body as the journal holds it: JSON within the limit as its text (parsed and redacted when listed);
 * other text, or JSON over the limit, as text; anything else described.
 */
function holdResponseBody(request: JournalRecord): HeldBody {
  const sent = request.responseBody;
  if (sent === undefined || sent.length === 0) return { kind: 'none' };
  if (Buffer.isBuffer(sent)) {
    return {
      kind: 'made',
      body: `[${String(sent.length)} bytes of ${request.responseType ?? 'data'}]`,
      truncated: false,
    };
  }
  return holdText(sent, /\bjson\b/i.test(request.responseType ?? '') ? 'json' : 'text');
}

/**
 * A held body as its entry shows it: JSON redacted (cut to the limit as text when its redacted text is longer);
 * JSON text that does not parse, and other text, redacted by pattern and cut.
 */
function shownBody(held: HeldBody): { body: unknown; bodyTruncated: boolean } {
  switch (held.kind) {
    case 'none':
      return { body: null, bodyTruncated: false };
    case 'made':
      return { body: held.body, bodyTruncated: held.truncated };
    case 'parsed': {
      const redacted = redactFields(held.value);
      const text = JSON.stringify(redacted);
      return text.length <= REQUEST_JOURNAL_BODY_LIMIT ? { body: redacted, bodyTruncated: false } : truncated(text);
    }
    case 'json':
      try {
        return { body: redactFields(JSON.parse(held.text) as unknown), bodyTruncated: false };
      } catch {
        // Not the JSON it says it is: shown as text.
        return truncated(redactText(held.text));
      }
    case 'text':
      return truncated(redactText(held.text));
  }
}

function hold(request: JournalRecord): HeldRecord {
  return {
    method: request.method,
    path: request.path,
    query: request.query,
    headers: request.headers,
    body: holdRequestBody(request),
    status: request.status,
    responseBody: holdResponseBody(request),
    stub: request.stub,
    durationMs: request.durationMs,
    receivedAtMs: request.receivedAtMs,
  };
}

function toEntry(held: HeldRecord): JournalEntry {
  const query = redactFields(held.query);
  const response = shownBody(held.responseBody);
  return {
    method: held.method,
    path: held.path,
    query: query !== null && typeof query === 'object' && !Array.isArray(query) ? { ...query } : {},
    headers: redactHeaders(held.headers),
    ...shownBody(held.body),
    status: held.status,
    responseBody: response.body,
    responseBodyTruncated: response.bodyTruncated,
    stub: held.stub ?? null,
    durationMs: Math.round(held.durationMs * 10) / 10,
    time: new Date(held.receivedAtMs).toISOString(),
  };
}

/** One place of the ring: what the filters read, and the call as held or, once listed, its entry. */
interface Slot {
  method: string;
  path: string;
  receivedAtMs: number;
  call: HeldRecord | { entry: JournalEntry };
}

function entryOf(slot: Slot): JournalEntry {
  if ('entry' in slot.call) return slot.call.entry;
  const entry = toEntry(slot.call);
  slot.call = { entry };
  return entry;
}

export function createRequestJournal({
  capacity = REQUEST_JOURNAL_CAPACITY,
  now = Date.now,
}: { capacity?: number; now?: () => number } = {}): RequestJournal {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('The journal holds at least one request.');
  // The ring: `next` is where the next entry goes; once full it overwrites the oldest. An entry is made when it is
  // first listed (most never are), then kept in place of the call it was made from.
  let entries: Slot[] = [];
  let next = 0;
  return {
    now,
    record(request) {
      const slot: Slot = {
        method: request.method,
        path: request.path,
        receivedAtMs: request.receivedAtMs,
        call: hold(request),
      };
      if (entries.length < capacity) entries.push(slot);
      else entries[next] = slot;
      next = (next + 1) % capacity;
    },
    list({ method, path, sinceMs, limit }) {
      const requests: JournalEntry[] = [];
      for (let seen = 0; seen < entries.length && requests.length < limit; seen += 1) {
        const slot = entries[(next - 1 - seen + entries.length * 2) % entries.length];
        if (slot === undefined) continue;
        if (method !== undefined && slot.method !== method) continue;
        if (path !== undefined && !slot.path.startsWith(path)) continue;
        if (sinceMs !== undefined && slot.receivedAtMs < sinceMs) continue;
        requests.push(entryOf(slot));
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
