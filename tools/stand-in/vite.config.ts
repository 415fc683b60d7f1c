import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';

const ROOT = join(import.meta.dirname, '..', '..');
const apiPackage = JSON.parse(readFileSync(join(ROOT, 'apps', 'api', 'package.json'), 'utf8')) as { version: string };

/**
 * The packages the bundle leaves to the tarball's dependencies (src/pack.ts declares them at the versions this
 * workspace has): swagger-ui-express (bundled) serves the files of swagger-ui-dist from that package's folder,
 * and mongodb-memory-server forks a script of its own by path. Everything else, the workspace packages (contract,
 * tools/db) included, is in the bundle. swagger-ui-express stays out of the dependencies: its peer dependency on
 * express would install a second express, unused, with some 60 packages.
 */
export const RUNTIME_DEPENDENCIES = ['mongodb-memory-server-core', 'swagger-ui-dist'] as const;

/** Where `npm run stand-in:pack` lays out the package before packing it. */
export const PACKAGE_DIR = join(import.meta.dirname, 'dist', 'package');

/**
 * The stand-in's bundle: the bin (src/cli.ts) and the API (apps/api/src/main.ts, as the API image runs it), ES
 * modules for Node 20 in the package's lib/. Not minified: a stand-in's stack traces are read by other teams.
 */
export default defineConfig({
  define: { STAND_IN_VERSION: JSON.stringify(apiPackage.version) },
  ssr: { noExternal: true, external: [...RUNTIME_DEPENDENCIES] },
  build: {
    ssr: true,
    outDir: join(PACKAGE_DIR, 'lib'),
    target: 'node20',
    emptyOutDir: true,
    minify: false,
    rollupOptions: {
      input: {
        'publisher-stand-in': join(import.meta.dirname, 'src', 'cli.ts'),
        api: join(ROOT, 'apps', 'api', 'src', 'main.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
