import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './workspace';

interface PackageJson {
  name: string;
  workspaces?: string[];
  exports?: unknown;
  main?: string;
  types?: string;
  bin?: string | Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const read = (file: string): PackageJson => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

/** The root package.json and every workspace's (the root's `workspaces` globs, each `<folder>/*`). */
function workspacePackages(): { dir: string; json: PackageJson }[] {
  const root = read(join(ROOT, 'package.json'));
  const dirs = (root.workspaces ?? []).flatMap((pattern) => {
    const parent = join(ROOT, pattern.replace(/\/\*$/, ''));
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(parent, entry.name, 'package.json')))
      .map((entry) => join(parent, entry.name));
  });
  return [ROOT, ...dirs].map((dir) => ({ dir, json: read(join(dir, 'package.json')) }));
}

/** Every file path an `exports` value names, through subpaths and conditions. */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(exportTargets);
}

/** What a package's entries name: exports, main, types, bin. */
function entryFiles(json: PackageJson): { field: string; path: string }[] {
  const bins = typeof json.bin === 'string' ? [json.bin] : Object.values(json.bin ?? {});
  return [
    ...exportTargets(json.exports).map((path) => ({ field: 'exports', path })),
    ...(json.main ? [{ field: 'main', path: json.main }] : []),
    ...(json.types ? [{ field: 'types', path: json.types }] : []),
    ...bins.map((path) => ({ field: 'bin', path })),
  ];
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const BUILTINS = new Set(builtinModules);

/** The packages an entry file's code imports at run time, through its own relative imports (type imports apart). */
function bareImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        const found = [`${target}.ts`, `${target}.tsx`, join(target, 'index.ts'), target].find(
          (candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate),
        );
        if (found) visit(found);
      } else if (!specifier.startsWith('node:') && !BUILTINS.has(specifier)) {
        const parts = specifier.split('/');
        packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier));
      }
    }
  };
  visit(entry);
  return packages;
}

const packages = workspacePackages();

describe('the workspace packages', () => {
  it('are found (the root and every workspace)', () => {
    expect(packages.map(({ json }) => json.name)).toEqual(
      expect.arrayContaining(['@publisher/contract', '@publisher/api', '@publisher/web', '@publisher/db']),
    );
  });

  it('point every exports, main, types and bin entry at a file that exists', () => {
    const missing = packages.flatMap(({ dir, json }) =>
      entryFiles(json)
        .filter(({ path }) => !existsSync(join(dir, path)))
        .map(({ field, path }) => `${json.name} ${field}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('declare, as a dependency or a peer, every package their exported entries import', () => {
    const undeclared = packages.flatMap(({ dir, json }) => {
      const declared = new Set([...Object.keys(json.dependencies ?? {}), ...Object.keys(json.peerDependencies ?? {})]);
      return exportTargets(json.exports)
        .filter((path) => /\.tsx?$/.test(path) && existsSync(join(dir, path)))
        .flatMap((path) =>
          [...bareImports(join(dir, path))]
            .filter((name) => name !== json.name && !declared.has(name))
            .map((name) => `${json.name} ${path} imports ${name}`),
        );
    });
    expect(undeclared).toEqual([]);
  });
});
