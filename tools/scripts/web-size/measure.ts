import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { ROOT } from '../workspace';

/** The web app's folder; its vite.config.ts is the production build's. */
export const WEB_ROOT = join(ROOT, 'apps', 'web');

/** Gzip level of the measurement: the level apps/web/docker/nginx.conf serves with (and vite's report uses). */
export const GZIP_LEVEL = 6;

/** Most gzipped JavaScript the sign-in page may load (issue 12): 120 KB, as kilobytes of 1,000 bytes. */
export const SIGNIN_BUDGET_BYTES = 120_000;

/**
 * The pages measured and the lazily loaded screen modules each one imports on first render (keys of the vite
 * manifest: paths under apps/web). Sign-in is in the first load; the dashboard is the report screens' chunk.
 */
export const MEASURED_ROUTES = [
  { route: '/signin', lazyModules: [] },
  { route: '/dashboard', lazyModules: ['src/features/reports/pages.ts'] },
] as const satisfies readonly { route: string; lazyModules: readonly string[] }[];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface RouteSize {
  route: string;
  chunks: ChunkSize[];
  gzipBytes: number;
}

/** Production build of the web app into `outDir`, with the manifest that says which chunk imports which. */
export async function buildWeb(outDir: string): Promise<void> {
  // vite builds React's development files when NODE_ENV says otherwise (vitest sets "test"): measure what ships.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({
      root: WEB_ROOT,
      configFile: join(WEB_ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
}

function readManifest(outDir: string): Manifest {
  const path = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build with buildWeb() (manifest on)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** A chunk and every chunk it imports statically: what the browser fetches before the chunk's code runs. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the vite manifest has no "${key}"`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/** The JavaScript files index.html names itself (entry script and modulepreload links). */
function filesNamedByIndexHtml(outDir: string): string[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]);
  return files.filter((file): file is string => file !== undefined);
}

function sizeOf(outDir: string, file: string): ChunkSize {
  const content = readFileSync(join(outDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: GZIP_LEVEL }).length };
}

/**
 * The JavaScript one page loads: the entry chunk, what it imports statically, what index.html preloads, and the
 * lazily loaded screen modules of the page with their own static imports. Each file counts once.
 */
export function measureRoute(outDir: string, route: string, lazyModules: readonly string[]): RouteSize {
  const manifest = readManifest(outDir);
  const files = new Set<string>();
  staticClosure(manifest, 'index.html', files);
  for (const file of filesNamedByIndexHtml(outDir)) files.add(file);
  for (const module of lazyModules) {
    if (!manifest[module]?.isDynamicEntry) throw new Error(`${module} is not a lazily loaded module of the build`);
    staticClosure(manifest, module, files);
  }
  const chunks = [...files].map((file) => sizeOf(outDir, file)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { route, chunks, gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
}

export const formatKB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;
