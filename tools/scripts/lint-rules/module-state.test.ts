import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { moduleStatePlugin } from './module-state.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');

/** The rule's findings on one fixture file, as message ids. */
function findings(file: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    readFileSync(join(FIXTURES, file), 'utf8'),
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser, sourceType: 'module' },
        plugins: { state: moduleStatePlugin },
        rules: { 'state/no-module-state': 'error' },
      },
    ],
    { filename: join(FIXTURES, file) },
  );
  return messages.map((message) => message.messageId ?? message.message);
}

/** One fixture per pattern the rule's doc comment lists, named `<n>-<pattern>.ts`, and the message each must give. */
const PATTERNS: Record<string, string> = {
  '1-let.ts': 'let',
  '2-collection.ts': 'collection',
  '3-instance.ts': 'instance',
  '4-factory.ts': 'factory',
  '5-factory-call.ts': 'factoryCall',
  '6-array-mutation.ts': 'arrayMutation',
  '7-object-mutation.ts': 'objectMutation',
  '8-static-field.ts': 'staticField',
  '9-global.ts': 'global',
};

describe('state/no-module-state', () => {
  it('has one fixture for each of its nine patterns, and one of allowed code', () => {
    expect(readdirSync(FIXTURES).sort()).toEqual([...Object.keys(PATTERNS), 'allowed.ts'].sort());
  });

  it('reports each pattern once: nine errors over the nine fixtures', () => {
    const all = Object.entries(PATTERNS).map(([file, messageId]) => {
      const found = findings(file);
      expect(found, file).toEqual([messageId]);
      return found;
    });
    expect(all.flat()).toHaveLength(9);
  });

  it('reports nothing in allowed code: constants, readonly tables, stateless values, state made in functions', () => {
    expect(findings('allowed.ts')).toEqual([]);
  });
});
