import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_FILES } from './mocking-files';

const ROOT = join(import.meta.dirname, '..', '..');

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

describe('test files that replace modules', () => {
  it('are exactly the ones vitest.config.ts runs isolated', () => {
    const mocking = testFiles(join(ROOT, 'src')).filter((path) =>
      /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(mocking.sort()).toEqual([...MOCKING_FILES].sort());
  });
});
