import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ABANDONED_BUILD_MS, apiBundle } from './api-bundle';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A workspace of its own: an API source folder, a lock file, and where bundles are kept. */
function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'api-bundle-'));
  folders.push(root);
  const write = (path: string, content: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write('api/src/main.ts', 'export const answer = 1;');
  write('api/src/main.test.ts', 'test');
  write('package-lock.json', '{}');
  const builds: string[] = [];
  const options = {
    root,
    inputs: ['api/src', 'package-lock.json'],
    cacheDir: join(root, 'cache'),
    // Stands for vite: the bundle says which sources it was made of.
    build: async (outDir: string) => {
      builds.push(outDir);
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'main.js'), readFileSync(join(root, 'api/src/main.ts')));
      await Promise.resolve();
    },
  };
  return { root, write, builds, options, cached: () => readdirSync(join(root, 'cache')).sort() };
}

describe('the API bundle npm start runs', () => {
  test('is built once for the same sources, again after an edit (not after a test edit), and older ones go', async () => {
    const { write, builds, options, cached } = workspace();
    const first = await apiBundle(options);
    expect(readFileSync(first, 'utf8')).toBe('export const answer = 1;');
    expect(await apiBundle(options)).toBe(first);
    expect(builds).toHaveLength(1);

    // A test is not part of the bundle.
    write('api/src/main.test.ts', 'another test');
    expect(await apiBundle(options)).toBe(first);
    expect(builds).toHaveLength(1);

    write('api/src/main.ts', 'export const answer = 2;');
    const second = await apiBundle(options);
    expect(second).not.toBe(first);
    expect(readFileSync(second, 'utf8')).toBe('export const answer = 2;');
    expect(builds).toHaveLength(2);
    // A dependency's change makes a new one too.
    write('package-lock.json', '{"lockfileVersion":3}');
    await apiBundle(options);
    expect(builds).toHaveLength(3);
    // Only the current bundle is kept; no half-built folder is left.
    expect(cached()).toHaveLength(1);
  });

  test('a failed build leaves nothing behind, and the next start builds again', async () => {
    const { builds, options, cached } = workspace();
    const failing = {
      ...options,
      build: async (outDir: string) => {
        builds.push(outDir);
        mkdirSync(outDir, { recursive: true });
        await Promise.resolve();
        throw new Error('syntax error in main.ts');
      },
    };
    await expect(apiBundle(failing)).rejects.toThrow('syntax error');
    expect(cached()).toEqual([]);
    await apiBundle(options);
    expect(cached()).toHaveLength(1);
  });

  test("a build folder a killed start left is deleted by the next build; one under way is not", async () => {
    const { write, options, cached, root } = workspace();
    await apiBundle(options);
    const abandoned = join(root, 'cache', 'building-old-1');
    const underWay = join(root, 'cache', 'building-new-1');
    mkdirSync(abandoned);
    mkdirSync(underWay);
    const longAgo = new Date(Date.now() - ABANDONED_BUILD_MS - 60_000);
    utimesSync(abandoned, longAgo, longAgo);
    write('api/src/main.ts', 'export const answer = 3;');
    await apiBundle(options);
    expect(cached()).toHaveLength(2);
    expect(cached()).toContain('building-new-1');
  });

  test('two starts at once: both run the same bundle, one named', async () => {
    const { builds, options, cached } = workspace();
    const [a, b] = await Promise.all([apiBundle(options), apiBundle(options)]);
    expect(a).toBe(b);
    expect(builds).toHaveLength(2);
    expect(cached()).toHaveLength(1);
  });

  test("the real build (vite, apps/api): a bundle of the API, and this process's NODE_ENV left as it was", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'api-bundle-real-'));
    folders.push(cacheDir);
    // As `npm start` runs: no NODE_ENV (vitest sets one).
    const before = process.env['NODE_ENV'];
    delete process.env['NODE_ENV'];
    let entry: string;
    try {
      entry = await apiBundle({ cacheDir });
      expect(process.env['NODE_ENV']).toBeUndefined();
    } finally {
      process.env['NODE_ENV'] = before;
    }
    const bundle = readFileSync(entry, 'utf8');
    // The API's entry and the contract are inside; the dependencies stay imports.
    expect(bundle).toContain('Invalid environment');
    expect(bundle).toMatch(/from ["']mongoose["']/);
  }, 120_000);
});
