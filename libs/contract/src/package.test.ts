import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contract } from './contract';
import { contractRoutes } from './common/routes';

const LIBRARY = join(import.meta.dirname, '..');
const ROOT = join(LIBRARY, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'contract-package-'));
const app = join(scratch, 'app');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * What another frontend does: build and pack the library, install the tarball (unpacked into node_modules, with
 * its peer dependencies zod and @ts-rest/core linked from this workspace, as an offline install would), then
 * import and type-check against it.
 */
describe('the contract package', () => {
  it('packs, installs and imports in a project of its own', () => {
    execFileSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(LIBRARY, 'build.ts')], { stdio: 'pipe' });
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', join(LIBRARY, 'dist', 'package'), '--pack-destination', scratch, '--json'], {
        encoding: 'utf8',
      }),
    ) as { filename: string; files: { path: string }[] }[];
    if (!packed) throw new Error('npm pack answered nothing');
    const files = packed.files.map((file) => file.path);
    expect(files).toEqual(expect.arrayContaining(['package.json', 'index.js', 'types/index.d.ts']));
    expect(files.filter((file) => file.includes('.test.') || file.startsWith('src/'))).toEqual([]);

    const installed = join(app, 'node_modules', '@publisher', 'contract');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(scratch, packed.filename), '-C', installed, '--strip-components=1']);
    mkdirSync(join(app, 'node_modules', '@ts-rest'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', 'zod'), join(app, 'node_modules', 'zod'));
    symlinkSync(join(ROOT, 'node_modules', '@ts-rest', 'core'), join(app, 'node_modules', '@ts-rest', 'core'));
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'other-frontend', private: true, type: 'module' }));

    writeFileSync(
      join(app, 'check.mjs'),
      [
        "import { contract, contractRoutes, signinBodySchema } from '@publisher/contract';",
        'console.log(JSON.stringify({',
        '  routes: contractRoutes(contract).length,',
        '  signin: contract.auth.signin.path,',
        "  valid: signinBodySchema.safeParse({ email: 'a@b.test', password: 'x' }).success,",
        "  invalid: signinBodySchema.safeParse({ email: '' }).success,",
        '}));',
      ].join('\n'),
    );
    const answer = JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: app, encoding: 'utf8' })) as unknown;
    expect(answer).toEqual({
      routes: contractRoutes(contract).length,
      signin: '/auth/signin',
      valid: true,
      invalid: false,
    });

    // The declarations type a consumer's code: a wrong path literal or body field does not compile.
    writeFileSync(
      join(app, 'consumer.ts'),
      [
        "import { contract, type SigninBody } from '@publisher/contract';",
        "const body: SigninBody = { email: 'a@b.test', password: 'x' };",
        "const path: '/auth/signin' = contract.auth.signin.path;",
        'export const request = { body, path };',
      ].join('\n'),
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'ESNext',
          moduleResolution: 'Bundler',
          target: 'ES2022',
          noEmit: true,
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    const typecheck = () => spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', app], { encoding: 'utf8' });
    const clean = typecheck();
    expect(clean.stdout).toBe('');
    expect(clean.status).toBe(0);
    writeFileSync(
      join(app, 'consumer.ts'),
      "import { contract } from '@publisher/contract';\nexport const path: '/nope' = contract.auth.signin.path;\n",
    );
    expect(typecheck().stdout).toMatch(/consumer\.ts.*error TS2322/);
  }, 240_000);
});
