/**
 * `npm run storage:sim -- --vendors 10,1000,10000 [--days 3] [--rows 20]`: for each vendor count, seeds that
 * many vendors with a few saved days each into a throw-away database (on the server `MONGODB_URI` names, else
 * the embedded one `npm start` would use), counts the report collections and their indexes, and times the hot
 * reads cold on sample vendors: the dashboard's rollups, a conversion report page and a CSV download's first
 * byte. Prints a table (docs/ARCHITECTURE.md, "Report storage", has the figures). A simulation, not a test.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { provisionDatabase } from '@publisher/db';
import { ROOT } from './workspace';

const { values } = parseArgs({
  options: {
    vendors: { type: 'string', default: '10,1000,10000' },
    days: { type: 'string', default: '3' },
    rows: { type: 'string', default: '20' },
  },
});
const counts = values.vendors.split(',').map((text) => Number(text.trim()));
if (counts.some((count) => !Number.isInteger(count) || count < 1)) throw new Error('--vendors: comma-separated counts');

interface Timing {
  p50: number;
  p95: number;
}
interface SimResult {
  vendors: number;
  days: number;
  rowsPerDay: number;
  buckets: number;
  documents: number;
  seedSeconds: number;
  collections: number;
  allCollections: number;
  oldLayoutCollections: number;
  indexes: number;
  rollup: Timing;
  page: Timing;
  csvFirstByte: Timing;
}

function runOne(uri: string, vendors: number): Promise<SimResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/bench/storage-sim.ts', String(vendors), values.days, values.rows],
      {
        cwd: join(ROOT, 'apps', 'api'),
        env: { ...process.env, MONGODB_URI: uri, MONGODB_DB_NAME: `storage_sim_${String(vendors)}` },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{'))
        return reject(new Error(`the simulation of ${String(vendors)} vendors failed`));
      resolve(JSON.parse(line) as SimResult);
    });
  });
}

const ms = (timing: Timing): string => `${timing.p50.toFixed(1)} / ${timing.p95.toFixed(1)}`;

const database = await provisionDatabase({ log: (line) => console.log(`[db] ${line}`) });
try {
  console.log(`Database: ${database.description}`);
  const results: SimResult[] = [];
  for (const vendors of counts) {
    console.log(`Seeding ${vendors.toLocaleString('en-US')} vendors...`);
    const result = await runOne(database.uri, vendors);
    console.log(`  ${result.documents} documents in ${result.seedSeconds.toFixed(1)} s`);
    results.push(result);
  }
  const first = results[0];
  console.log(
    `\n${String(first?.days)} days x ${String(first?.rowsPerDay)} rows per vendor (connexity), B = ${String(first?.buckets)} buckets; reads cold, ms p50 / p95 over 30 vendors\n`,
  );
  console.log(
    '| vendors | report collections (old layout) | indexes | dashboard rollups | report page | CSV first byte |',
  );
  console.log(
    '| ------: | ------------------------------: | ------: | ----------------: | ----------: | -------------: |',
  );
  for (const result of results) {
    console.log(
      `| ${result.vendors.toLocaleString('en-US')} | ${String(result.collections)} (${result.oldLayoutCollections.toLocaleString('en-US')}) | ${String(result.indexes)} | ${ms(result.rollup)} | ${ms(result.page)} | ${ms(result.csvFirstByte)} |`,
    );
  }
} finally {
  await database.stop();
}
