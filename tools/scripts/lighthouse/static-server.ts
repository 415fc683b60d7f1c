import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.csv', '.txt']);

/** Hashed build output never changes under its name; everything else is checked again on every load. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface StaticServerOptions {
  /** The built app (apps/web/dist or a copy). */
  root: string;
  port: number;
  /** Where `/api/*` goes, without the `/api` prefix (the API's origin). */
  apiOrigin: string;
}

/**
 * Serves the production build the way apps/web/docker/nginx.conf does: files with gzip (level 6) for text types,
 * hashed `/assets/` cached for a year as immutable, `index.html` for every other path (the app routes in the
 * browser), and `/api/` proxied to the API so the app calls its own origin.
 */
export function startStaticServer({ root, port, apiOrigin }: StaticServerOptions): Promise<Server> {
  const compressed = new Map<string, Buffer>();

  function proxy(req: IncomingMessage, res: ServerResponse): void {
    const target = new URL(apiOrigin);
    const upstream = request(
      {
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: (req.url ?? '/').replace(/^\/api/, '') || '/',
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  }

  function fileFor(pathname: string): string {
    const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
    const candidate = join(root, relative);
    const isInside = candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
    return isInside && existsSync(candidate) && statSync(candidate).isFile() ? candidate : join(root, 'index.html');
  }

  function serveFile(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    const file = fileFor(pathname);
    const extension = extname(file);
    const isHashed = file.startsWith(join(root, 'assets') + sep);
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'cache-control': isHashed ? IMMUTABLE : 'no-cache',
      'x-content-type-options': 'nosniff',
      vary: 'Accept-Encoding',
    };
    let body: Buffer = readFileSync(file);
    if (COMPRESSIBLE.has(extension) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const cached = compressed.get(file) ?? gzipSync(body, { level: 6 });
      compressed.set(file, cached);
      body = cached;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://static');
    if (pathname.startsWith('/api/')) return proxy(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return res.end();
    }
    try {
      serveFile(req, res, pathname);
    } catch {
      res.writeHead(400);
      res.end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
