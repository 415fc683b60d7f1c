import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Source files that are never part of what the process runs. */
const isTestOnly = (path: string): boolean =>
  /\.test\.ts$/.test(path) || path.split(/[\\/]/).some((part) => part === 'testing' || part === 'node_modules');

async function filesUnder(dir: string, keep: (path: string) => boolean): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(keep)
    .sort();
}

/**
 * A digest of the code this process runs, which a kept seed file is keyed by (control/kept-seed-files.ts): a seed
 * written by other code is never read back, whatever changed (the seed, a model's defaults or indexes, the
 * contract's constants, a dependency such as mongoose).
 *
 * From source (tsx, the tests, `npm start`): every API and contract source file but tests, and package-lock.json
 * (the dependencies' versions). From the bundle (`vite build`, the Docker image): the bundle's files. Broader than
 * the seed's own modules on purpose: an edit anywhere in the API costs one seed from nothing after the next
 * restart, while a digest of a hand-kept list of seed modules would silently miss a model or helper it forgot.
 *
 * `moduleUrl`: where the running code is (default: this module's own URL, `.ts` from source, `.js` in the bundle).
 */
export async function digestOfRunningCode(moduleUrl: string = import.meta.url): Promise<string> {
  const here = fileURLToPath(moduleUrl);
  const hash = createHash('sha256');
  let files: string[];
  let root: string;
  if (here.endsWith('.ts')) {
    // apps/api/src/control/running-code.ts: the workspace root is four levels up.
    root = join(dirname(here), '..', '..', '..', '..');
    const sources = (path: string): boolean => /\.tsx?$/.test(path) && !isTestOnly(path);
    files = [
      ...(await filesUnder(join(root, 'apps', 'api', 'src'), sources)),
      ...(await filesUnder(join(root, 'libs', 'contract', 'src'), sources)),
      join(root, 'package-lock.json'),
    ];
  } else {
    root = dirname(here);
    files = await filesUnder(root, (path) => /\.(m?js|json)$/.test(path));
  }
  for (const file of files) {
    const content = await readFile(file).catch(() => Buffer.alloc(0));
    hash.update(relative(root, file)).update('\0').update(String(content.length)).update('\0').update(content);
  }
  return hash.digest('hex');
}
