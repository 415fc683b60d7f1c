/** One HTTP exchange as the verifier sees it. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export interface HttpRequest {
  method: string;
  path: string;
  query?: Readonly<Record<string, unknown>> | undefined;
  body?: unknown;
  /** A raw body sent as is (uploads); `body` is sent as JSON. */
  rawBody?: { contentType: string; data: string } | undefined;
  token?: string | undefined;
  /** Longest this call may take (default {@link REQUEST_TIMEOUT_MS}). */
  timeoutMs?: number | undefined;
  /** Further headers (the mock session a read-only run works in). */
  headers?: Readonly<Record<string, string>> | undefined;
}

/** Longest one call may take before the route counts as unreachable. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** A query object as the contract's clients send it: strings as they are, arrays repeated, the rest as JSON. */
export function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      params.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Calls the server without following redirects (a 302 is an answer to check, not a hop to take). */
export async function call(baseUrl: string, request: HttpRequest): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token !== undefined) headers['authorization'] = `Bearer ${request.token}`;
  let body: string | undefined;
  if (request.rawBody) {
    headers['content-type'] = request.rawBody.contentType;
    body = request.rawBody.data;
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const url = `${baseUrl.replace(/\/+$/, '')}${request.path}${queryString(request.query)}`;
  const response = await fetch(url, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(request.timeoutMs ?? REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}
