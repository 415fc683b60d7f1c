import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './workspace';

/** What the API's bundle is made of: its sources, the workspace packages it bundles, its build and dependencies. */
export const API_BUNDLE_INPUTS: readonly string[] = [
  'apps/api/src',
  'apps/api/vite.config.ts',
  'apps/api/package.json',
  'libs/contract/src',
  'tools/db/src',
  'package-lock.json',
];

/** Tests and test helpers are never bundled: an edit to one does not make a new bundle. */
const isBundled = (path: string): boolean =>
  !/\.test\.tsx?$/.test(path) && !path.split(/[\\/]/).some((part) => part === 'testing' || part === 'node_modules');

/** The bundled files of a folder (sorted), or the file itself; none when it does not exist. */
function filesOf(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => isBundled(relative(path, file)))
    .sort();
}

/** A digest of the files under `inputs` (folders or files, relative to `root`): names and contents. */
export function digestOfInputs(root: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesOf(join(root, input)))) {
    const content = readFileSync(file);
    hash.update(relative(root, file)).update('\0').update(String(content.length)).update('\0').update(content);
  }
  return hash.digest('hex').slice(0, 16);
}

/** A build folder older than this was left by a start killed while it built: no build takes that long. */
export const ABANDONED_BUILD_MS = 10 * 60_000;

export interface BundleOptions {
  root?: string;
  inputs?: readonly string[];
  /** Where bundles are kept, one folder per digest of the inputs. */
  cacheDir?: string;
  /** Writes the bundle into `outDir` (its entry `main.js`). Default: `vite build` of apps/api. */
  build?: (outDir: string) => Promise<void>;
  log?: (line: string) => void;
}

/** `vite build` of apps/api (its vite.config.ts: one ES module for Node 20, as the Docker image runs it). */
async function viteBuild(outDir: string): Promise<void> {
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production in this process for its build; the API started after it must not inherit that.
  const nodeEnv = process.env['NODE_ENV'];
  try {
    await build({
      configFile: join(ROOT, 'apps', 'api', 'vite.config.ts'),
      root: join(ROOT, 'apps', 'api'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
}

/**
 * The API as `npm start` runs it: the bundle of apps/api that the Docker image and the stand-in run, made again only
 * when what it is made of has changed (an edit, a new dependency). Node loads the bundle in about half the time it
 * takes to load the TypeScript through tsx (docs/BENCHMARKS.md), the largest part of a restart. Answers the path of its
 * `main.js`.
 *
 * The cache is inside apps/api/node_modules, so that the bundle finds the API's own dependencies as the sources do,
 * and a fresh `npm ci` starts it over. Two starts at once each build into a folder of their own and the first to
 * finish names it; older bundles are deleted (a process running one has already loaded it).
 */
export async function apiBundle({
  root = ROOT,
  inputs = API_BUNDLE_INPUTS,
  cacheDir = join(ROOT, 'apps', 'api', 'node_modules', '.cache', 'start-bundle'),
  build = viteBuild,
  log = () => undefined,
}: BundleOptions = {}): Promise<string> {
  const digest = digestOfInputs(root, inputs);
  const target = join(cacheDir, digest);
  const entry = join(target, 'main.js');
  if (existsSync(entry)) return entry;
  mkdirSync(cacheDir, { recursive: true });
  const building = mkdtempSync(join(cacheDir, `building-${digest}-`));
  const started = performance.now();
  try {
    await build(building);
    try {
      renameSync(building, target);
    } catch (error) {
      // Another start named the same bundle first.
      if (!existsSync(entry)) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  log(`[api] bundled the API in ${String(Math.round(performance.now() - started))} ms (its sources changed)`);
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    // A build under way in another start is left alone; one a killed start left (older than any build) goes.
    const isBuilding = name.startsWith('building-') && Date.now() - statSync(path).mtimeMs < ABANDONED_BUILD_MS;
    if (name !== digest && !isBuilding) rmSync(path, { recursive: true, force: true });
  }
  return entry;
}
