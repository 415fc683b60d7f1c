import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { authResponseSchema, contract } from '@publisher/contract';
import { findFreePort, provisionDatabase, waitForHttp, type ProvisionedDatabase } from '@publisher/db';
import { DEMO_PASSWORD } from './journey';

const run = promisify(execFile);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const children: ChildProcess[] = [];
let database: ProvisionedDatabase | undefined;
let buildDir: string | undefined;

function start(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-6000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code) => {
    if (code !== null && code !== 0) console.error(`[e2e] ${name} exited with ${code}:\n${output}`);
  });
  children.push(child);
  return child;
}

/** Runs a command to its end; fails with its output if it fails. */
async function runToEnd(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(command, args, { cwd, env: { ...process.env, ...env } });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? String(error)}`, {
      cause: error,
    });
  }
}

/**
 * Loads the API's in-memory catalog and coupon lists before the journeys start, as a stack that has been up for a
 * while has them: the first product list after a start waits for 30,000 products to load, which took more than the
 * 30 s a journey waits for a screen while the route walk loaded the 2 cores beside it (CI). One signed-in read of
 * each list; a 503 (the API's deadline while it loads) is asked again.
 */
async function warmReadModels(apiUrl: string): Promise<void> {
  const signin = await fetch(`${apiUrl}${contract.auth.signin.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'vendor@publisher.test', password: DEMO_PASSWORD }),
  });
  const { token } = authResponseSchema.parse(await signin.json());
  const deadline = Date.now() + 240_000;
  for (const path of [
    `${contract.catalog.getProductslist.path}?pageNo=1&pageSize=20`,
    contract.coupons.getCoupons.path,
  ]) {
    for (;;) {
      const answer = await fetch(`${apiUrl}${path}`, { headers: { authorization: token } });
      if (answer.ok) break;
      if (answer.status !== 503 || Date.now() > deadline) {
        throw new Error(`Warming ${path} answered ${String(answer.status)}: ${(await answer.text()).slice(0, 300)}`);
      }
    }
  }
}

/** Starts a throw-away database, the real API (seeded) and the web app's production build for the journeys. */
export async function setup(project: TestProject): Promise<void> {
  database = await provisionDatabase({ log: (line) => console.log(`[e2e-db] ${line}`) });
  const apiPort = await findFreePort();
  const webPort = await findFreePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

  const api = start('api', bin('tsx'), ['src/main.ts'], join(ROOT, 'apps', 'api'), {
    MONGODB_URI: database.uri,
    MONGODB_DB_NAME: 'e2e',
    API_PORT: String(apiPort),
    WEB_ORIGIN: webUrl,
    // Links the API writes (tracking redirects, short URLs, logos) must name the host the browser reaches it on:
    // the default, localhost, does not resolve in the journeys' Chromium.
    PUBLIC_API_URL: apiUrl,
    SEED_ON_START: 'true',
    LOG_REQUESTS: 'false',
    BCRYPT_ROUNDS: '6',
    JWT_SECRET: 'e2e-secret-long-enough-for-tests',
  });

  // The app as it is deployed (docker-compose.mock.yml): a production build with the mock mode's controls, served
  // by vite preview, built while the API seeds. Against the dev server the same screens cost the browser a quarter
  // to a third more CPU (React's development build, StrictMode's double renders, one request per module); the dev
  // server itself is covered by npm-start-hosts.e2e.ts, which starts the stack as `npm start` does.
  buildDir = mkdtempSync(join(tmpdir(), 'e2e-web-build-'));
  await Promise.all([
    // The API answers once it has seeded the demo (about 70 s of it the report days): beside the contract package's
    // type-checks in CI that took more than 120 s once. A guard against a hang, not a speed check.
    waitForHttp(`${apiUrl}/health`, api, 300_000),
    runToEnd(
      bin('vite'),
      ['build', '--outDir', buildDir, '--emptyOutDir', '--logLevel', 'warn'],
      join(ROOT, 'apps', 'web'),
      { VITE_API_URL: apiUrl, MOCK_CONTROLS: 'true' },
    ),
  ]);
  const web = start(
    'web',
    bin('vite'),
    ['preview', '--outDir', buildDir, '--port', String(webPort), '--strictPort', '--host', '127.0.0.1'],
    join(ROOT, 'apps', 'web'),
    {},
  );
  await waitForHttp(`${webUrl}/`, web, 120_000);
  await warmReadModels(apiUrl);

  project.provide('webUrl', webUrl);
  project.provide('apiUrl', apiUrl);
}

export async function teardown(): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  await database?.stop();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
  }
}
