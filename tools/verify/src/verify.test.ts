import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, contractRoutes } from '@publisher/contract';
import { startApi, type RunningApi } from './testing/api-server';
import { startTamperingProxy, type RunningProxy, type Tamper } from './testing/tampering-proxy';
import { verify } from './verify';

const HERE = dirname(fileURLToPath(import.meta.url));
const TSX = join(HERE, '..', '..', '..', 'node_modules', '.bin', 'tsx');

let api: RunningApi;
let proxy: RunningProxy | undefined;
const scratch = mkdtempSync(join(tmpdir(), 'verify-test-'));

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await proxy?.stop();
  await api.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * Runs the command line as CI does (in a child process, while this process keeps serving the proxy); answers
 * its exit code, output and JUnit report.
 */
async function runCli(
  baseUrl: string,
  ...args: string[]
): Promise<{ code: number | null; output: string; junit: string }> {
  const junitFile = join(scratch, `junit-${Date.now()}.xml`);
  const child = spawn(TSX, [join(HERE, 'cli.ts'), '--base-url', baseUrl, '--junit', junitFile, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  let junit = '';
  try {
    junit = readFileSync(junitFile, 'utf8');
  } catch {
    // No report written: the assertions on it say so.
  }
  return { code, output, junit };
}

describe('the contract verifier against this API', () => {
  it('passes every route of the contract', async () => {
    const { results } = await verify({ baseUrl: api.baseUrl });
    const drifted = results.filter((result) => result.verdict !== 'PASS');
    expect(drifted).toEqual([]);
    const routes = results.filter((result) => result.check === 'contract');
    expect(routes.map((result) => result.key)).toEqual(contractRoutes(contract).map((entry) => entry.key));
    // Routes with required input are also sent invalid requests (a 400 with the envelope each).
    expect(routes.filter((result) => result.calls > 1).length).toBeGreaterThan(50);
  });

  it('names the field of a handler answering off-contract, exits 1 and writes a JUnit failure', async () => {
    const renamedField: Tamper = {
      method: 'GET',
      path: contract.coupons.getFilters.path,
      change: ({ status, body }) => ({ status, body: body.replace(/"domainNames"/, '"domains"') }),
    };
    proxy = await startTamperingProxy(api.baseUrl, renamedField);
    const { code, output, junit } = await runCli(proxy.baseUrl, '--only', '/coupons/', '--only', '/health');
    expect(code).toBe(1);
    expect(output).toMatch(/DRIFT\s+GET \/coupons\/getFilters\s+domainNames: expected array, received undefined/);
    expect(output).toMatch(/PASS\s+GET \/coupons\/getcoupons/);
    expect(output).toContain('4/5 routes pass (1 drift)');
    expect(junit).toMatch(/<testsuite [^>]*failures="1" errors="0"/);
    expect(junit).toMatch(/<failure message="domainNames: expected array, received undefined" type="drift"/);
  });

  it('reports a status the route does not document', async () => {
    await proxy?.stop();
    proxy = await startTamperingProxy(api.baseUrl, {
      method: 'GET',
      path: contract.system.health.path,
      change: ({ body }) => ({ status: 202, body }),
    });
    const { results } = await verify({ baseUrl: proxy.baseUrl, only: ['system.health'] });
    expect(results).toEqual([
      expect.objectContaining({
        verdict: 'DRIFT',
        detail: expect.stringMatching(/^status: expected 200, received 202 \(not documented\)/),
      }),
    ]);
  });

  it('reports a server that does not answer as unreachable, exit code 1', async () => {
    await proxy?.stop();
    proxy = undefined;
    const { code, output, junit } = await runCli('http://127.0.0.1:9', '--only', 'system.health');
    expect(code).toBe(1);
    expect(output).toMatch(/UNREACHABLE\s+GET \/health/);
    expect(junit).toMatch(/errors="1"/);
  });
});
