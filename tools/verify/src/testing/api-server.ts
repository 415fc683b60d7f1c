import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, provisionDatabase, waitForHttp, type ProvisionedDatabase } from '@publisher/db';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

export interface RunningApi {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * This API as any client meets it: its own process (`tsx src/main.ts`, as `npm start` runs it) on a fresh
 * database of the provisioned server, seeded by the real seed with a few days of reports. `env` overrides the
 * settings (as a deployment sets them, e.g. `npm run compose:mock`'s).
 */
export async function startApi(options: { env?: Readonly<Record<string, string>>; port?: number } = {}): Promise<RunningApi> {
  const database: ProvisionedDatabase = await provisionDatabase({ log: () => undefined });
  const port = options.port ?? (await findFreePort());
  const output: string[] = [];
  const child: ChildProcess = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: join(ROOT, 'apps', 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      MONGODB_URI: database.uri,
      MONGODB_DB_NAME: `verify_${randomBytes(4).toString('hex')}`,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      JWT_SECRET: 'verify-test-secret-that-is-long-enough',
      BCRYPT_ROUNDS: '4',
      SEED_ON_START: 'true',
      SEED_DEMO_ACCOUNTS: 'true',
      SEED_REPORT_DAYS: '10',
      LOG_REQUESTS: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => output.push(chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await database.stop();
  };
  try {
    await waitForHttp(`${baseUrl}/health`, child, 240_000);
  } catch (error) {
    await stop();
    throw new Error(`the API did not start: ${String(error)}\n${output.join('')}`, { cause: error });
  }
  return { baseUrl, stop };
}
