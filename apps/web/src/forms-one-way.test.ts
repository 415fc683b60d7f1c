import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One way to build a form (issue 24, goal 8): every `<form>` of a screen is a react-hook-form form whose resolver
 * is the contract's zod schema. This keeps it so: a component file that renders `<form` must create its form with
 * `useForm`. A part that only renders fields of a form made by its parent (IdFields, DateRangeField) has no `<form`.
 */

const SOURCE_ROOT = dirname(fileURLToPath(import.meta.url));
const FEATURES = join(SOURCE_ROOT, 'features');

/** Files allowed a form without react-hook-form, each with its reason. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  'features/dev-panel/components/dev-panel.tsx':
    'the mock-server dev panel: a developer tool with two one-field forms, not a product screen',
};

function tsxFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

const sourceFiles = tsxFiles(FEATURES).map((path) => ({
  path: relative(SOURCE_ROOT, path).split('\\').join('/'),
  text: readFileSync(path, 'utf8'),
}));
const formFiles = sourceFiles.filter((file) => /<form[\s>]/.test(file.text));
const usesUseForm = (text: string) => /\buseForm\s*[<(]/.test(text);

describe('forms one way', () => {
  it('finds the forms it guards', () => {
    expect(formFiles.length).toBeGreaterThan(20);
  });

  it('builds every form of a screen with react-hook-form', () => {
    const plain = formFiles.filter((file) => !usesUseForm(file.text) && !(file.path in EXCEPTIONS));
    expect(plain.map((file) => file.path)).toEqual([]);
  });

  it('checks every react-hook-form form with a zod resolver', () => {
    const withoutResolver = formFiles.filter((file) => usesUseForm(file.text) && !/resolver/i.test(file.text));
    expect(withoutResolver.map((file) => file.path)).toEqual([]);
  });

  it('lists only exceptions that still exist and still need to be one', () => {
    for (const path of Object.keys(EXCEPTIONS)) {
      const file = formFiles.find((candidate) => candidate.path === path);
      expect(file, path).toBeDefined();
      expect(usesUseForm(file?.text ?? ''), path).toBe(false);
    }
  });
});
