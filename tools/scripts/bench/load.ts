import autocannon from 'autocannon';

/**
 * Closed-loop HTTP load: N connections, each sending its next request when the last ends, driven by autocannon.
 * Why autocannon and not a loop of fetch calls: the load generator shares this machine's two cores with the
 * API, and a fetch loop needed more than a core of its own for ~2,000 req/s, starving the server it measured;
 * autocannon's raw-socket client needs about a quarter of one.
 */
export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The answers count as successes when they are redirects (3xx) rather than 2xx. */
  expectRedirect?: boolean;
}

export interface LoadResult {
  requests: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requestsPerSecond: number;
}

function fire(request: LoadRequest, connections: number, seconds: number, amount?: number): Promise<autocannon.Result> {
  const options: autocannon.Options = {
    url: request.url,
    method: request.method,
    // A copy: autocannon adds content-length to the object it is given.
    headers: { ...request.headers },
    connections,
  };
  // A fixed number of requests, or a duration.
  if (amount !== undefined) options.amount = amount;
  else options.duration = seconds;
  if (request.body !== undefined) options.body = request.body;
  return autocannon(options);
}

/** Runs the request from `connections` concurrent connections for `durationMs`, after a 2-second warm-up. */
export async function runLoad(request: LoadRequest, connections: number, durationMs: number): Promise<LoadResult> {
  // Warm-up: connections, JIT, caches; not measured.
  await fire(request, connections, 2);
  const result = await fire(request, connections, Math.max(1, Math.round(durationMs / 1000)));
  return summarise(request, result);
}

function summarise(request: LoadRequest, result: autocannon.Result): LoadResult {
  const unexpected = request.expectRedirect ? result.non2xx - result['3xx'] + result['2xx'] : result.non2xx;
  return {
    requests: result.requests.total,
    errors: result.errors + unexpected,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requestsPerSecond: result.requests.total / result.duration,
  };
}

/**
 * Varied load: every request is the next one of `requests` (a shared cursor across connections), so each is a
 * query the server has not answered before as long as the list is longer than what the run sends (the result
 * says how many were sent; compare with the list's length). The 2-second warm-up uses the list's tail.
 */
export async function runVaried(
  requests: readonly LoadRequest[],
  connections: number,
  durationMs: number,
): Promise<LoadResult & { distinct: number }> {
  const first = requests[0];
  if (!first) throw new Error('runVaried needs at least one request');
  const origin = new URL(first.url).origin;
  const fireVaried = (list: readonly LoadRequest[], seconds: number): Promise<autocannon.Result> => {
    let cursor = 0;
    return autocannon({
      url: origin,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (request) => {
            const next = list[cursor % list.length] ?? first;
            cursor += 1;
            const url = new URL(next.url);
            return {
              ...request,
              method: next.method,
              path: `${url.pathname}${url.search}`,
              headers: { ...next.headers },
              body: next.body ?? '',
            };
          },
        },
      ],
    });
  };
  const warmUp = Math.floor(requests.length * 0.8);
  await fireVaried(requests.slice(warmUp), 2);
  const result = await fireVaried(requests.slice(0, warmUp), Math.max(1, Math.round(durationMs / 1000)));
  return { ...summarise(first, result), distinct: warmUp };
}

/** Sends exactly `amount` requests from `connections` concurrent connections (no warm-up). */
export async function runAmount(request: LoadRequest, connections: number, amount: number): Promise<LoadResult> {
  return summarise(request, await fire(request, connections, 0, amount));
}

export function formatResult(label: string, result: LoadResult): string {
  return [
    label.padEnd(44),
    `p50 ${result.p50Ms.toFixed(1).padStart(7)} ms`,
    `p99 ${result.p99Ms.toFixed(1).padStart(7)} ms`,
    `${result.requestsPerSecond.toFixed(0).padStart(6)} req/s`,
    `${String(result.requests).padStart(6)} reqs`,
    `${result.errors} errors`,
  ].join('  ');
}
