/**
 * `nx run contract:build`: the contract as a package other frontends can install (`npm run contract:pack`).
 * Writes dist/package/: an ES module (index.js) and a CommonJS one (index.cjs), zod and @ts-rest/core left as peer
 * dependencies (so the app's own zod checks the schemas); the type declarations twice, `.d.ts` for `import` and
 * `.d.cts` for `require` (each kind must see declarations of its own module format under node16/nodenext);
 * a package.json whose `exports` pick them by condition; and the README.
 */
import { readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { build } from 'vite';

const HERE = import.meta.dirname;
const OUT = join(HERE, 'dist', 'package');
const PEERS = ['zod', '@ts-rest/core', 'msw'];
/**
 * Peer ranges, each end tried by hand against the packed package (types under nodenext with skipLibCheck off, and
 * the ESM and CJS runtimes): zod 3.23.8, 3.24.4 and 3.25.76 pass; zod 3.25.0 is left out because it fails on its
 * own (its ESM entry points at a file it does not ship); @ts-rest/core 3.52.0 and 3.52.1 pass. package.test.ts
 * runs the workspace's versions (zod 3.25.76, @ts-rest/core 3.52.1) on every run. zod 4 is left out on purpose:
 * ts-rest 3.52 loses its handler types and its OpenAPI schemas with it.
 */
const PEER_RANGES: Record<string, string> = {
  zod: '>=3.23.8 <3.25.0 || >=3.25.76 <4',
  '@ts-rest/core': '~3.52.0',
  // Only `@publisher/contract/msw` needs it (tried: 2.15.0; msw 3 wants Node 22).
  msw: '~2.15.0',
};

const workspacePackage = JSON.parse(readFileSync(join(HERE, 'package.json'), 'utf8')) as {
  version: string;
  description: string;
};

rmSync(join(HERE, 'dist'), { recursive: true, force: true });

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir: OUT,
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    lib: {
      entry: {
        index: join(HERE, 'src', 'index.ts'),
        mock: join(HERE, 'src', 'mock', 'index.ts'),
        msw: join(HERE, 'src', 'mock', 'msw.ts'),
      },
      formats: ['es', 'cjs'],
      fileName: (format, entry) => `${entry}.${format === 'es' ? 'js' : 'cjs'}`,
    },
    rollupOptions: { external: (id) => PEERS.some((peer) => id === peer || id.startsWith(`${peer}/`)) },
  },
});

/**
 * The sources import `./contract` without an extension (the workspace resolves like a bundler), but Node's own
 * resolution, which node16 and nodenext type-check with, wants the file a specifier names. Declarations get
 * `./contract.js` (or `./auth/index.js`) for `import` and `.cjs` for `require`, so each `.d.ts` / `.d.cts` names
 * its sibling of the same kind.
 */
function withExtension(specifier: string, fromFile: string, extension: '.js' | '.cjs'): string {
  const isRelative = specifier === '.' || specifier === '..' || /^\.\.?\//.test(specifier);
  if (!isRelative) return specifier;
  const target = resolve(dirname(fromFile), specifier);
  if (existsSync(`${target}.ts`)) return `${specifier}${extension}`;
  if (existsSync(join(target, 'index.ts'))) return `${specifier}/index${extension}`;
  throw new Error(`${fromFile}: cannot resolve ${specifier}`);
}

function rewriteSpecifiers(extension: '.js' | '.cjs'): ts.TransformerFactory<ts.SourceFile | ts.Bundle> {
  return (context) => (root) => {
    if (!ts.isSourceFile(root)) return root;
    const { factory } = context;
    const fix = (literal: ts.StringLiteral) =>
      factory.createStringLiteral(withExtension(literal.text, root.fileName, extension));
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        return factory.updateImportDeclaration(
          node,
          node.modifiers,
          node.importClause,
          fix(node.moduleSpecifier),
          node.attributes,
        );
      }
      if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        return factory.updateExportDeclaration(
          node,
          node.modifiers,
          node.isTypeOnly,
          node.exportClause,
          fix(node.moduleSpecifier),
          node.attributes,
        );
      }
      if (
        ts.isImportTypeNode(node) &&
        ts.isLiteralTypeNode(node.argument) &&
        ts.isStringLiteral(node.argument.literal)
      ) {
        return factory.updateImportTypeNode(
          node,
          factory.updateLiteralTypeNode(node.argument, fix(node.argument.literal)),
          node.attributes,
          node.qualifier,
          node.typeArguments?.map((argument) => ts.visitNode(argument, visit, ts.isTypeNode)),
          node.isTypeOf,
        );
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitEachChild(root, visit, context);
  };
}

function emitDeclarations(): void {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(HERE, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.build.json could not be read');
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => HERE,
      getNewLine: () => '\n',
    };
    throw new Error(ts.formatDiagnostics(diagnostics, host));
  }
  for (const extension of ['.js', '.cjs'] as const) {
    const result = program.emit(
      undefined,
      (fileName, text) => {
        if (!fileName.endsWith('.d.ts')) return;
        const target = extension === '.js' ? fileName : fileName.replace(/\.d\.ts$/, '.d.cts');
        ts.sys.writeFile(target, text);
      },
      undefined,
      true,
      { afterDeclarations: [rewriteSpecifiers(extension)] },
    );
    if (result.emitSkipped) throw new Error('declarations were not emitted');
  }
}

emitDeclarations();

/** Subpath, its built file, its declarations: `./msw` stays apart so apps without MSW never load it. */
const entryPoints: Record<string, [string, string]> = {
  '.': ['index', 'index'],
  './mock': ['mock', 'mock/index'],
  './msw': ['msw', 'mock/msw'],
};
const exportsField = Object.fromEntries(
  Object.entries(entryPoints).map(([subpath, [file, types]]) => [
    subpath,
    {
      import: { types: `./types/${types}.d.ts`, default: `./${file}.js` },
      require: { types: `./types/${types}.d.cts`, default: `./${file}.cjs` },
    },
  ]),
);
const packageJson = {
  name: '@publisher/contract',
  version: workspacePackage.version,
  description: workspacePackage.description,
  type: 'module',
  main: './index.cjs',
  module: './index.js',
  types: './types/index.d.ts',
  exports: { ...exportsField, './package.json': './package.json' },
  files: ['*.js', '*.cjs', '*.map', 'types', 'README.md'],
  sideEffects: false,
  peerDependencies: PEER_RANGES,
  peerDependenciesMeta: { msw: { optional: true } },
};
writeFileSync(join(OUT, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
writeFileSync(join(OUT, 'README.md'), readme());
console.log(`Built ${OUT}`);

function readme(): string {
  const peers = PEERS.map((peer) => `\`${peer}\` ${PEER_RANGES[peer] ?? ''}`).join(' and ');
  return `# @publisher/contract

${workspacePackage.description}

A typed React Query client in ten lines (\`@ts-rest/react-query\` 3.52, TanStack Query 5):

\`\`\`tsx
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { contract } from '@publisher/contract';

const api = initTsrReactQuery(contract, { baseUrl: 'http://localhost:8080', baseHeaders: { authorization: 'Bearer <token>' } });

export function Merchants() {
  const query = { pageNo: 1, pageSize: 20 };
  const { data } = api.catalog.getMerchantsV2.useQuery({ queryKey: ['merchants', query], queryData: { query } });
  return <p>{data?.status === 200 ? data.body.totalRecords : 'Loading'} merchants</p>;
}
// Render <Merchants /> inside TanStack Query's <QueryClientProvider client={new QueryClient()}>.
\`\`\`

Query numbers (\`pageNo\`, \`pageSize\`, \`limit\`, \`vendorId\`) are numbers in your code and text on the wire.

## Module kinds

\`import\` (ES module, \`index.js\` + \`.d.ts\`) and \`require\` (CommonJS, \`index.cjs\` + \`.d.cts\`). The types hold
with \`moduleResolution\` \`nodenext\` (what \`tsc --init\` writes), \`node16\` and \`bundler\`, with
\`skipLibCheck: false\`.

## Peer dependencies

${peers}: install them beside this package (tried: zod 3.23.8, 3.24.4 and 3.25.76, @ts-rest/core 3.52.0 and
3.52.1; zod 3.25.0 is excluded, it does not load on its own). zod 4 is not supported: @ts-rest/core 3.52 has no stable zod 4
support (npm refuses the peer range, and the client and handler types are lost).
`;
}
