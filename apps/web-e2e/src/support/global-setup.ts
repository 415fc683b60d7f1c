import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { findFreePort, provisionDatabase, waitForHttp, type ProvisionedDatabase } from '@publisher/db';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const children: ChildProcess[] = [];
let database: ProvisionedDatabase | undefined;

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

/** Starts a throw-away database, the real API (seeded) and the web dev server for the journeys. */
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
  await waitForHttp(`${apiUrl}/health`, api, 120_000);

  const web = start(
    'web',
    bin('vite'),
    ['--port', String(webPort), '--strictPort', '--host', '127.0.0.1'],
    join(ROOT, 'apps', 'web'),
    {
      VITE_API_URL: apiUrl,
    },
  );
  await waitForHttp(`${webUrl}/`, web, 120_000);

  project.provide('webUrl', webUrl);
  project.provide('apiUrl', apiUrl);
}

export async function teardown(): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  await database?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
  }
}
