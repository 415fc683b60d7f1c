import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, waitForHttp } from '@publisher/db';

/** The white-label journey's hosts: one the admin registers as a custom domain, one nobody registered. */
export const WHITE_LABEL_HOST = 'acme-e2e.localhost';
export const UNKNOWN_HOST = 'nobody-e2e.localhost';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** The same URL on another host name (same port and path). */
export function onHost(url: string, host: string): string {
  const next = new URL(url);
  next.hostname = host;
  return next.toString();
}

/**
 * A second web dev server that serves the API under /api on its own origin, as production's nginx does, so the app
 * works on any `*.localhost` host (Chromium resolves them to the loopback) without a CORS entry per host.
 */
export async function startSameOriginWeb(apiUrl: string): Promise<{ url: string; stop: () => void }> {
  const port = await findFreePort();
  const child = spawn(
    join(ROOT, 'node_modules', '.bin', 'vite'),
    ['--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: join(ROOT, 'apps', 'web'),
      env: { ...process.env, VITE_API_URL: '/api', API_PROXY_TARGET: apiUrl },
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, child, 120_000);
  return { url, stop: () => child.kill('SIGTERM') };
}
