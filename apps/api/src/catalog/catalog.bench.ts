/**
 * Latency of the products and coupons lists on the full seeded catalog, beside a bare Express baseline.
 *
 *   cd apps/api && npx tsx src/catalog/catalog.bench.ts [--seconds=10] [--connections=50]
 *
 * Provisions a throw-away database the way the tests do, seeds the full catalog and the demo accounts, serves
 * the app on a free port and drives it from a worker thread with keep-alive connections. Prints p50 / p99 in
 * milliseconds and requests per second. Not part of the test run.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import express from 'express';
import mongoose from 'mongoose';
import { provisionDatabase } from '@publisher/db';
import { createApp } from '../app';
import { createMockApp } from '../control/mock-app';
import { loadConfig } from '../config/env';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { seedDatabase } from '../seed/seed';
import { connectDatabase } from '../shared/db';

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/** Runs in the worker: N loops, each sending the next path as soon as its previous answer arrived. */
const LOAD_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, paths, token, connections, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
let next = 0;
const send = (path) => new Promise((resolve) => {
  const started = process.hrtime.bigint();
  const request = http.get({ host: '127.0.0.1', port, path, agent, headers: token ? { authorization: token } : {} }, (response) => {
    response.resume();
    response.on('end', () => {
      if (response.statusCode !== 200) errors += 1;
      resolve(Number(process.hrtime.bigint() - started) / 1e6);
    });
  });
  request.on('error', () => { errors += 1; resolve(0); });
});
(async () => {
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < until) latencies.push(await send(paths[next++ % paths.length]));
  }));
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] || 0;
  parentPort.postMessage({ requests: latencies.length, rps: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1] || 0, errors });
  agent.destroy();
})();
`;

function argument(name: string, fallback: number): number {
  const prefix = `--${name}=`;
  const value = process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
  return value === undefined ? fallback : Number(value);
}

function load(
  port: number,
  paths: string[],
  token: string | undefined,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_SCRIPT, { eval: true, workerData: { port, paths, token, connections, seconds } });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
  });
}

const seconds = argument('seconds', 10);
const connections = argument('connections', 50);
const config = {
  ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'bench-secret-that-is-long-enough', BCRYPT_ROUNDS: '4' }),
  loginRateLimit: 1000,
};

const database = await provisionDatabase({ log: () => undefined });
console.log(`[bench] ${database.description}`);
await connectDatabase(database.uri, 'catalog_bench');
const seedStarted = performance.now();
console.log(
  `[bench] ${await seedDatabase({ bcryptRounds: config.bcryptRounds })} (${Math.round(performance.now() - seedStarted)} ms)`,
);

// The test configuration: the mock mode, as the API's tests run it.
const server = (config.mockControls ? createMockApp : createApp)({
  config,
  database: { kind: database.kind },
  log: () => undefined,
}).listen(0, '127.0.0.1');
const bare = express()
  .get('/', (_req, res) => {
    res.json({ ok: true });
  })
  .listen(0, '127.0.0.1');
await Promise.all([once(server, 'listening'), once(bare, 'listening')]);
const portOf = (listening: typeof server): number => (listening.address() as AddressInfo).port;

const signin = await fetch(`http://127.0.0.1:${portOf(server)}/auth/signin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'vendor@publisher.test', password: DEMO_PASSWORD }),
});
const { token } = (await signin.json()) as { token: string };

const words = ['shirt', 'lamp', 'watch', 'premium', 'blue', 'pro', 'tent', 'desk'];
const productPaths = words.map(
  (q, i) =>
    `/home/getProductslist?q=${q}&minPrice=${10 + i}&maxPrice=${400 + 50 * i}&sortBy=${i % 2 ? 'priceHtoL' : 'priceLtoH'}&pageSize=20&pageNo=${1 + (i % 3)}`,
);
const couponPaths = [
  '/coupons/getcoupons?pageSize=100&pageNo=1',
  '/coupons/getcoupons?pageSize=100&pageNo=2&validCoupons=true',
  '/coupons/getcoupons?pageSize=100&type=Code',
];

// Warm the snapshots (the first catalog request waits for them) and the JIT.
for (const path of [...productPaths, ...couponPaths]) {
  await fetch(`http://127.0.0.1:${portOf(server)}${path}`, { headers: { authorization: token } });
}

const rows: [string, LoadResult][] = [
  ['bare Express baseline', await load(portOf(bare), ['/'], undefined, seconds, connections)],
  ['products: search + price + sort', await load(portOf(server), productPaths, token, seconds, connections)],
  ['coupons: 100 per page', await load(portOf(server), couponPaths, token, seconds, connections)],
];
console.log(`\n${connections} connections, ${seconds} s each`);
console.log('list                              req/s    p50 ms    p99 ms    max ms  errors');
for (const [name, result] of rows) {
  const cells = [result.rps, result.p50, result.p99, result.max].map((value) =>
    value.toFixed(value === result.rps ? 0 : 1).padStart(9),
  );
  console.log(`${name.padEnd(31)}${cells.join('')}${String(result.errors).padStart(8)}`);
}

server.close();
bare.close();
await mongoose.disconnect();
await database.stop();
