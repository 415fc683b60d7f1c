import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One way to build a form (issue 24, goal 8): every `<form>` of a screen is a react-hook-form form whose resolver
 * is the contract's zod schema. This keeps it so: a component file that renders `<form` must create its form with
 * `useForm`. A part that only renders fields of a form made by its parent (IdFields, DateRangeField) has no `<form`.
 *
 * Nor does any input live outside a form: a component that renders a field (a native input, select or textarea,
 * or one of components/ui's field wrappers) must bind it through react-hook-form, by making the form or by taking
 * its `register`/`control`/form from the parent. The check is per file: a file bound to a form that also keeps a
 * loose useState field is not caught.
 */

const SOURCE_ROOT = dirname(fileURLToPath(import.meta.url));
const FEATURES = join(SOURCE_ROOT, 'features');

/** Files allowed a form without react-hook-form, each with its reason. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  'features/dev-panel/components/dev-panel.tsx':
    'the mock-server dev panel: a developer tool with two one-field forms, not a product screen',
  'features/dev-panel/components/answer-differently.tsx':
    "the dev panel's stub form: JSON text the API checks against the contract and whose refusal it shows as is",
};

/** Files allowed a field outside react-hook-form, each with its reason. */
const FIELD_EXCEPTIONS: Readonly<Record<string, string>> = {
  'features/dev-panel/components/dev-panel.tsx': 'the mock-server dev panel: a developer tool, not a product screen',
  'features/dev-panel/components/answer-differently.tsx':
    "the dev panel's stub form: a developer tool, not a product screen",
  'features/catalog/components/merchants-page.tsx':
    'the Merchants dropdown only narrows the cards as it is chosen; every option it offers is valid',
  'features/reports/components/conversion-type-select.tsx':
    'the Type select offers only the types the menu allows and reloads at once; nothing to validate',
  'features/upload/components/upload-reports-page.tsx':
    "a file picker: the file is checked by the parser worker's header and row rules, not a value a form holds",
  'features/reports/components/report-money.tsx':
    'the "Amounts in cents" switch is a display preference kept in the browser, not a value sent to the API',
};

/** Native fields and the components/ui wrappers that render one. */
const FIELD =
  /<(?:input|select|textarea|Input|PasswordInput|Select|SearchableSelect|DateRangeInputs|DateInput|DateField)[\s>/]/;
/** Makes a react-hook-form form, or binds fields to one passed down (its register, control or the form). */
const FORM_BINDING =
  /\buse(?:Form|FormContext|Controller)\s*[<(]|<Controller\b|\.register\s*\(|\bUseForm(?:Return|RegisterReturn)\b|\bcontrol=\{/;
const bindsToForm = (text: string) => /from 'react-hook-form'/.test(text) && FORM_BINDING.test(text);

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
const fieldFiles = sourceFiles.filter((file) => FIELD.test(file.text));
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

  it('finds the fields it guards', () => {
    expect(fieldFiles.length).toBeGreaterThan(20);
  });

  it('binds every field of a screen to a react-hook-form form', () => {
    const loose = fieldFiles.filter((file) => !bindsToForm(file.text) && !(file.path in FIELD_EXCEPTIONS));
    expect(loose.map((file) => file.path)).toEqual([]);
  });

  it('gives every field exception a reason, and lists only files that still need one', () => {
    for (const [path, reason] of Object.entries(FIELD_EXCEPTIONS)) {
      expect(reason, path).not.toBe('');
      const file = fieldFiles.find((candidate) => candidate.path === path);
      expect(file, path).toBeDefined();
      expect(bindsToForm(file?.text ?? ''), path).toBe(false);
    }
  });

  it('lists only exceptions that still exist and still need to be one', () => {
    for (const path of Object.keys(EXCEPTIONS)) {
      const file = formFiles.find((candidate) => candidate.path === path);
      expect(file, path).toBeDefined();
      expect(usesUseForm(file?.text ?? ''), path).toBe(false);
    }
  });
});
