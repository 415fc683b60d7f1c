// @ts-check
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { moduleStatePlugin } from './tools/scripts/lint-rules/module-state.js';

/** What the module-state rule leaves out: tests, bench code and entry points (their top level is one run). */
const MODULE_STATE_IGNORES = [
  '**/*.test.{ts,tsx}',
  '**/testing/**',
  '**/test-setup.ts',
  'apps/api/src/bench/**',
  '**/*.bench.ts',
  // Entry points: their top level is one process's (or page's) run, and nothing imports them.
  'apps/api/src/main.ts',
  'apps/api/src/seed/main.ts',
  'apps/web/src/main.tsx',
  '**/*.worker.ts',
  '**/*.cli.ts',
];

/**
 * The files that may import the mock layer (apps/api/src/control/): the layer itself, and the composition roots
 * that choose `config.mockControls ? createMockApp : createApp` (main.ts, the benches, the tests' app builder).
 * seed.test.ts checks two seeds against each other with the reset's own state capture (control/data-states.ts).
 */
const MOCK_LAYER_IMPORTERS = [
  'apps/api/src/control/**',
  'apps/api/src/main.ts',
  'apps/api/src/bench/**',
  'apps/api/src/**/*.bench.ts',
  'apps/api/src/testing/**',
  'apps/api/src/seed/seed.test.ts',
];

/** What the mock-layer boundary says to a file that imports control/. */
const MOCK_LAYER_MESSAGE =
  'control/ is the mock layer around createApp (docs/ARCHITECTURE.md): the production pipeline never imports it. ' +
  'Plug in through app.ts AppLayer, or build the app in a composition root (testing/test-app.ts createAppFor).';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/out-tsc/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/.nx/**',
      '**/*.config.js',
      // The module-state rule (plain JavaScript, outside any tsconfig) and its fixtures, which break it on purpose.
      'tools/scripts/lint-rules/*.js',
      'tools/scripts/lint-rules/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // ts-rest handlers must return promises even when they have nothing to await.
      '@typescript-eslint/require-await': 'off',
      // Together a third of the lint's time (the web alone: 40 s -> 27 s), and never a finding here: the code declares
      // no TypeScript enum (its enums are zod string unions) and its few classes are Error subclasses and stores.
      '@typescript-eslint/no-unsafe-enum-assignment': 'off',
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contract', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['type:contract'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['type:contract', 'type:tool'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:tool', 'type:contract'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:tool', 'type:contract'] },
          ],
        },
      ],
    },
  },
  {
    // Mongoose schema definitions are plain option objects by design.
    files: ['**/*.model.ts'],
    rules: { '@typescript-eslint/no-unsafe-class-instance-assignment': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // One way to call the API (docs/ADDING-AN-ENDPOINT.md): a hook in features/<domain>/api built on the contract
    // client's own react-query hooks, or on lib/contract-query.ts for the POST reads and GET commands those hooks
    // do not cover. Screens use those hooks, never a client, a raw TanStack query or fetch.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/testing/**', 'apps/web/src/test-setup.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: rawApiCallImports(), patterns: [contractClientImports()] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fetch'], CallExpression[callee.property.name='fetch']",
          message: 'Call the API through a hook in features/<domain>/api, not fetch (docs/ADDING-AN-ENDPOINT.md).',
        },
        {
          selector: "JSXAttribute[name.name='type'][value.value='date']",
          message:
            "A date field is components/ui/date-input.tsx (the display format '20 Nov 2026'), not a native date input.",
        },
      ],
    },
  },
  {
    // The hooks and the lazily loaded session layer (which re-exports the auth client) may use the clients.
    files: ['apps/web/src/features/*/api/**/*.ts', 'apps/web/src/lib/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: rawApiCallImports() }] },
  },
  {
    // The wrapper itself, and the one fetcher every client shares.
    files: ['apps/web/src/lib/contract-query.ts', 'apps/web/src/lib/api-client.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The dev panel (development builds only) has its own React root and a plain client of the control API, whose
    // calls must stay out of the app's fetcher and its request list.
    files: ['apps/web/src/features/dev-panel/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: rawApiCallImports().slice(0, 1) }] },
  },
  {
    // State belongs to the app (docs/ARCHITECTURE.md): caches, buffers, recorders and limiters are made by
    // createApp (app-state.ts) or the web's providers and passed down, so two apps, two mock sessions or two tests
    // in one process share nothing. The nine patterns the rule reports are listed in its file; anything else that
    // must stay at module level carries an eslint-disable line saying why.
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'libs/contract/src/**/*.ts'],
    ignores: MODULE_STATE_IGNORES,
    plugins: { state: moduleStatePlugin },
    rules: { 'state/no-module-state': 'error' },
  },
  {
    // The web's module-level factories that hold no state: a React context (its value lives in its provider), the
    // page's one fetcher (it reads the token and settings at each call) and the typed clients built on it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: MODULE_STATE_IGNORES,
    plugins: { state: moduleStatePlugin },
    rules: {
      'state/no-module-state': ['error', { allow: ['createContext', 'createApiFetcher', 'createContractClient'] }],
    },
  },
  {
    // A memo of Intl formatters, one per currency (each stateless). Its file belongs to the web's format work now
    // (issue 40): the memo moves into the formatting module's own design there, and this exception goes with it.
    files: ['apps/web/src/lib/format.ts'],
    rules: { 'state/no-module-state': 'off' },
  },
  {
    // The mock layer is a layer: nothing of the API outside control/ and the composition roots imports it, so that
    // createApp stays the production pipeline alone (a dynamic import is caught too).
    files: ['apps/api/src/**/*.ts'],
    ignores: MOCK_LAYER_IMPORTERS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/control/**'], message: MOCK_LAYER_MESSAGE }] }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/(^|\\/)control\\//]', message: MOCK_LAYER_MESSAGE },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.ts', '**/test-setup.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // supertest types response bodies as any; tests assert their shape instead.
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  prettier,
);

/** TanStack's query hooks and ts-rest's bare clients: everything that would call the API a second way. */
function rawApiCallImports() {
  return [
    {
      name: '@tanstack/react-query',
      importNames: [
        'useQuery',
        'useMutation',
        'useQueries',
        'useSuspenseQuery',
        'useInfiniteQuery',
        'useSuspenseInfiniteQuery',
      ],
      message:
        "Call the API through the contract client's hooks (<domain>Api.<route>.useQuery/useMutation) or lib/contract-query.ts.",
    },
    {
      name: '@ts-rest/core',
      importNames: ['initClient', 'tsRestFetchApi', 'fetchApi'],
      message: 'Every call goes through the one fetcher of lib/api-client.ts (createContractClient).',
    },
  ];
}

/** The typed clients of lib/api-clients: only the hooks in features/<domain>/api call them. */
function contractClientImports() {
  return {
    group: ['**/lib/api-clients/*'],
    message: 'Only the hooks in features/<domain>/api call the contract client; a screen uses those hooks.',
  };
}
