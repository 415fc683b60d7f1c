/** A small closed-loop HTTP load generator: N connections, each sending its next request when the last ends. */
export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requestsPerSecond: number;
  bytesPerResponse: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** Runs the request from `connections` concurrent loops for `durationMs` (after a short warm-up). */
export async function runLoad(request: LoadRequest, connections: number, durationMs: number): Promise<LoadResult> {
  const send = async (): Promise<{ ok: boolean; bytes: number }> => {
    const init: RequestInit = { method: request.method, headers: request.headers ?? {} };
    if (request.body !== undefined) init.body = request.body;
    const res = await fetch(request.url, init);
    const buffer = await res.arrayBuffer();
    return { ok: res.ok, bytes: buffer.byteLength };
  };

  // Warm-up: connections, JIT, caches.
  await Promise.all(Array.from({ length: Math.min(connections, 10) }, () => send()));

  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const result = await send();
          if (!result.ok) errors += 1;
          bytes = result.bytes;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
    requestsPerSecond: latencies.length / elapsedS,
    bytesPerResponse: bytes,
  };
}

export function formatResult(label: string, result: LoadResult): string {
  return [
    label.padEnd(44),
    `p50 ${result.p50Ms.toFixed(1).padStart(7)} ms`,
    `p99 ${result.p99Ms.toFixed(1).padStart(7)} ms`,
    `${result.requestsPerSecond.toFixed(0).padStart(6)} req/s`,
    `${String(result.requests).padStart(6)} reqs`,
    `${result.errors} errors`,
    `${result.bytesPerResponse} B`,
  ].join('  ');
}
