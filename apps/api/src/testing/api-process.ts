import { spawn, type ChildProcess } from 'node:child_process';
import mongoose from 'mongoose';
import { inject } from 'vitest';
import { findFreePort, waitForHttp } from '@publisher/db';

/**
 * Starts `src/main.ts` in a process of its own on this test file's database (development settings, no seed, fast
 * hashing), as a deployment or a restart would, and answers at once; `output` gets what it prints on stdout.
 * `env` adds or overrides settings.
 */
export async function spawnApiProcess(
  env: Record<string, string>,
  output?: (text: string) => void,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      MONGODB_URI: inject('mongoUri'),
      MONGODB_DB_NAME: mongoose.connection.name,
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      BCRYPT_ROUNDS: '4',
      SEED_ON_START: 'false',
      LOG_REQUESTS: 'false',
      ...env,
    },
    stdio: ['ignore', output ? 'pipe' : 'ignore', 'inherit'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output?.(chunk.toString()));
  return { child, url: `http://127.0.0.1:${port}` };
}

/** `spawnApiProcess`, resolved once /health answers. */
export async function startApiProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const started = await spawnApiProcess(env);
  await waitForHttp(`${started.url}/health`, started.child, 60_000);
  return started;
}
