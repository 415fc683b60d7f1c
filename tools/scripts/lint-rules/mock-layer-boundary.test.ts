import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** A file of the API that imports the mock layer every way TypeScript can. */
const IMPORTS_CONTROL = [
  "import { createMockApp } from '../control/mock-app';",
  "import type { Sessions } from '../control/sessions';",
  "export { createResetGate } from '../control/reset-gate';",
  "export const later = () => import('../control/control.service');",
  'export const uses = [createMockApp, {} as Sessions];',
].join('\n');

/** A file that imports its neighbours and the contract (whose control schemas are not the layer). */
const IMPORTS_OTHERS = [
  "import { controlContract } from '@publisher/contract';",
  "import { createApp } from '../app';",
  "import { AppError } from '../shared/app-error';",
  'export const uses = [controlContract, createApp, AppError];',
].join('\n');

/**
 * What the project's own eslint.config.js reports in `source` if it lived at `file` (a path under the repository):
 * the two rules of the boundary as that config sets them for the path, run on the source alone (the type-aware
 * rules need the file on disk and have nothing to say about imports).
 */
async function boundaryFindings(file: string, source: string): Promise<string[]> {
  const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(join(ROOT, file))) as {
    rules?: Record<string, Linter.RuleEntry | undefined>;
  };
  const rules: Linter.RulesRecord = {};
  for (const name of ['no-restricted-imports', 'no-restricted-syntax']) {
    const entry = config.rules?.[name];
    if (entry !== undefined) rules[name] = entry;
  }
  const messages = new Linter({ configType: 'flat', cwd: ROOT }).verify(
    source,
    [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser, sourceType: 'module' }, rules }],
    { filename: join(ROOT, file) },
  );
  return messages.map((message) => `${message.line}:${message.ruleId ?? message.message}`);
}

describe('the mock-layer boundary (eslint.config.js MOCK_LAYER_IMPORTERS)', () => {
  it('reports every import of control/ from the API outside it: static, type-only, re-export and dynamic', async () => {
    for (const file of ['apps/api/src/auth/fixture.ts', 'apps/api/src/app.ts', 'apps/api/src/shared/fixture.ts']) {
      expect(await boundaryFindings(file, IMPORTS_CONTROL), file).toEqual([
        '1:no-restricted-imports',
        '2:no-restricted-imports',
        '3:no-restricted-imports',
        '4:no-restricted-syntax',
      ]);
    }
  });

  it('lets the layer itself and the composition roots import it', async () => {
    for (const file of [
      'apps/api/src/control/fixture.ts',
      'apps/api/src/main.ts',
      'apps/api/src/bench/fixture.ts',
      'apps/api/src/catalog/catalog.bench.ts',
      'apps/api/src/testing/test-app.ts',
      'apps/api/src/seed/seed.test.ts',
    ]) {
      expect(await boundaryFindings(file, IMPORTS_CONTROL), file).toEqual([]);
    }
  });

  it('leaves other imports alone, the contract included', async () => {
    expect(await boundaryFindings('apps/api/src/auth/fixture.ts', IMPORTS_OTHERS)).toEqual([]);
  });
});
