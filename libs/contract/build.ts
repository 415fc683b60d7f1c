/**
 * `nx run contract:build`: the contract as a package other frontends can install (`npm run contract:pack`).
 * Writes dist/package/: one ES module (index.js, zod and @ts-rest/core left as peer dependencies, so the app's
 * own zod checks the schemas), the type declarations (types/), and a package.json pointing at both.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const HERE = import.meta.dirname;
const OUT = join(HERE, 'dist', 'package');
const PEERS = ['zod', '@ts-rest/core'];

const workspacePackage = JSON.parse(readFileSync(join(HERE, 'package.json'), 'utf8')) as {
  version: string;
  description: string;
  dependencies: Record<string, string>;
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
    lib: { entry: join(HERE, 'src', 'index.ts'), formats: ['es'], fileName: () => 'index.js' },
    rollupOptions: { external: (id) => PEERS.some((peer) => id === peer || id.startsWith(`${peer}/`)) },
  },
});

const tsc = spawnSync(
  join(HERE, '..', '..', 'node_modules', '.bin', 'tsc'),
  ['-p', join(HERE, 'tsconfig.build.json')],
  { stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const peerDependencies = Object.fromEntries(
  PEERS.map((peer) => [peer, `^${workspacePackage.dependencies[peer] ?? ''}`]),
);
const packageJson = {
  name: '@publisher/contract',
  version: workspacePackage.version,
  description: workspacePackage.description,
  type: 'module',
  main: './index.js',
  types: './types/index.d.ts',
  exports: { '.': { types: './types/index.d.ts', import: './index.js' } },
  files: ['index.js', 'index.js.map', 'types', 'README.md'],
  sideEffects: false,
  peerDependencies,
};
writeFileSync(join(OUT, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
writeFileSync(
  join(OUT, 'README.md'),
  `# @publisher/contract\n\n${workspacePackage.description}\n\n` +
    "```ts\nimport { initClient } from '@ts-rest/core';\nimport { contract } from '@publisher/contract';\n\n" +
    "const client = initClient(contract, { baseUrl: 'https://api.example.com', baseHeaders: {} });\n```\n\n" +
    `Peer dependencies: ${PEERS.map((peer) => `${peer} ${peerDependencies[peer] ?? ''}`).join(', ')}. ` +
    'The type declarations need `"moduleResolution": "bundler"` (Vite, webpack, Next.js) in the consuming project.\n',
);
console.log(`Built ${OUT}`);
