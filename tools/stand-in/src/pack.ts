/**
 * `npm run stand-in:pack [-- --out <dir>]`: the stand-in as one tarball another project installs
 * (`npm i -D ./publisher-stand-in-<version>.tgz`, docs/STAND-IN.md). Bundles the bin and the API (vite.config.ts),
 * lays out tools/stand-in/dist/package (package.json, lib/, openapi.json, README.md) and packs it into `--out`
 * (default tools/stand-in/dist). Prints the tarball's path as its last line.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { PACKAGE_DIR, RUNTIME_DEPENDENCIES } from '../vite.config';

const HERE = join(import.meta.dirname, '..');
const ROOT = join(HERE, '..', '..');
/** The package's name and its bin's. */
export const PACKAGE_NAME = 'publisher-stand-in';

interface PackageJson {
  version: string;
  engines?: Record<string, string>;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** The version this workspace has installed of a package (the one the tests ran), pinned in the tarball. */
function installedVersion(name: string): string {
  return (readJson(join(ROOT, 'node_modules', name, 'package.json')) as PackageJson).version;
}

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const outDir = resolve(process.env['INIT_CWD'] ?? process.cwd(), values.out ?? join(HERE, 'dist'));

await build({ configFile: join(HERE, 'vite.config.ts'), logLevel: 'warn' });

const api = readJson(join(ROOT, 'apps', 'api', 'package.json')) as PackageJson;
const root = readJson(join(ROOT, 'package.json')) as PackageJson;
const packageJson = {
  name: PACKAGE_NAME,
  version: api.version,
  description:
    'The Publisher Portal API as a stand-in for frontends and CI: every contract route, seeded data, scenario controls, sessions, the request journal and Prefer.',
  type: 'module',
  bin: { [PACKAGE_NAME]: 'lib/publisher-stand-in.js' },
  files: ['lib', 'openapi.json', 'README.md'],
  engines: root.engines,
  dependencies: Object.fromEntries(RUNTIME_DEPENDENCIES.map((name) => [name, installedVersion(name)])),
};
writeFileSync(join(PACKAGE_DIR, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
copyFileSync(join(ROOT, 'docs', 'openapi.json'), join(PACKAGE_DIR, 'openapi.json'));
copyFileSync(join(HERE, 'README.package.md'), join(PACKAGE_DIR, 'README.md'));

mkdirSync(outDir, { recursive: true });
const packed = spawnSync('npm', ['pack', PACKAGE_DIR, '--pack-destination', outDir, '--json'], {
  cwd: ROOT,
  encoding: 'utf8',
});
if (packed.status !== 0) {
  console.error(packed.stderr);
  process.exit(packed.status ?? 1);
}
const [summary] = readJsonText(packed.stdout);
if (!summary) throw new Error(`npm pack printed no summary: ${packed.stdout}`);
const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;
console.log(
  `${PACKAGE_NAME} ${summary.version}: ${summary.entryCount} files, ${megabytes(summary.size)} packed, ${megabytes(summary.unpackedSize)} unpacked`,
);
console.log(join(outDir, summary.filename));

function readJsonText(
  text: string,
): { filename: string; version: string; size: number; unpackedSize: number; entryCount: number }[] {
  return JSON.parse(text) as ReturnType<typeof readJsonText>;
}
