import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contractLibrary from '@publisher/contract';
import { contract, contractRoutes } from '@publisher/contract';

/**
 * Coverage is checked, not remembered: every route of the contract must be called by at least one API test.
 * A test calls a route when its source (a test file, or a helper under a `testing/` folder) names the route's
 * path: as written (`'/auth/signin'`), with its path parameters filled in (`/auth/${id}`), or by a path constant
 * the contract exports (`SIGNUP_PATH`).
 */
const SOURCE_ROOT = join(import.meta.dirname);

function testSources(dir: string, inTestingFolder = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testSources(path, inTestingFolder || entry.name === 'testing');
    if (!entry.name.endsWith('.ts') || entry.name === 'contract-coverage.test.ts') return [];
    return inTestingFolder || entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The names of the contract's exported string constants that hold exactly this path. */
const pathConstantsOf = (path: string): string[] =>
  Object.entries(contractLibrary)
    .filter(([, value]) => value === path)
    .map(([name]) => name);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The path as a test writes it: literal segments, and anything (a value or `${...}`) where a parameter goes. */
function pathInSource(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '(?:\\$\\{[^}]+\\}|[^/\'"`?\\s]+)' : escapeRegExp(segment)))
    .join('/');
  // Followed by the end of the string, a query string or a template expression: not a longer path.
  return new RegExp(`${pattern}(?=['"\`?]|\\$\\{)`);
}

interface Source {
  file: string;
  text: string;
}

/** The routes (method and path) that no source calls. */
function uncoveredRoutes(routes: readonly { method: string; path: string }[], sources: readonly Source[]): string[] {
  return routes
    .filter((route) => {
      const byPath = pathInSource(route.path);
      const constants = pathConstantsOf(route.path).map((name) => new RegExp(`\\b${name}\\b`));
      return !sources.some(({ text }) => byPath.test(text) || constants.some((constant) => constant.test(text)));
    })
    .map((route) => `${route.method} ${route.path}`);
}

const sources: Source[] = testSources(SOURCE_ROOT).map((file) => ({
  file: relative(SOURCE_ROOT, file),
  text: readFileSync(file, 'utf8'),
}));

const routes = contractRoutes(contract);
const uncovered = uncoveredRoutes(routes, sources);

describe('contract coverage', () => {
  it(`every route of the contract is called by at least one API test (${routes.length - uncovered.length}/${routes.length} routes covered)`, () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(uncovered).toEqual([]);
  });

  it('finds a route no test calls, and tells a path from a longer one', () => {
    expect(uncoveredRoutes([{ method: 'GET', path: '/home/noTestCallsThis' }], sources)).toEqual([
      'GET /home/noTestCallsThis',
    ]);
    const source = [{ file: 'x.test.ts', text: "get(`/auth/${id}`); post('/home/getMerchantsV2?x=1')" }];
    expect(uncoveredRoutes([{ method: 'GET', path: '/auth/:id' }], source)).toEqual([]);
    expect(uncoveredRoutes([{ method: 'GET', path: '/home/getMerchants' }], source)).toEqual([
      'GET /home/getMerchants',
    ]);
  });
});
