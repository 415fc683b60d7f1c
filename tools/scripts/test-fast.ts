/**
 * `npm run test:fast`: the inner loop. For the projects a change affects (`nx affected` against main, uncommitted
 * and untracked files included), the typecheck and the `test` target, run with vitest's `--changed main`: only the
 * test files that import a changed file, directly or through other modules (all of them when a config or setup
 * file changed). The `test-slow` targets (tests that spawn processes, pack or build) and the browser journeys are
 * left to `npm test`. BASE=<ref> compares with another ref than main.
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from './workspace';

const base = process.env['BASE'] ?? 'main';

function nx(args: string[]): void {
  const started = Date.now();
  const result = spawnSync('npx', ['nx', ...args], { cwd: ROOT, stdio: 'inherit' });
  console.log(`[test:fast] nx ${args.join(' ')}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const started = Date.now();
nx(['affected', '-t', 'typecheck', `--base=${base}`, '--outputStyle=stream']);
nx([
  'affected',
  '-t',
  'test',
  `--base=${base}`,
  '--outputStyle=stream',
  '--',
  `--changed=${base}`,
  '--passWithNoTests',
]);
console.log(`[test:fast] done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
