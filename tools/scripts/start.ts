/**
 * `npm start`: the whole stack on the embedded default. The API provisions its database (MONGODB_URI, else
 * mongodb-memory-server when its MongoDB binary is cached or downloadable, else FerretDB: tools/db/src/provision.ts)
 * with data kept in .data/, seeds demo data on first start, and the web app's dev server talks to it. The choice
 * between the embedded servers is remembered in the cache folder, so a restart does not probe the download host
 * again; `npm start -- --reprobe` (or DB_REPROBE=1) probes again. `npm start -- --fresh` starts over: it deletes the
 * database files in DATA_DIR first (what was seeded, uploaded and changed is lost), then starts as on a first run.
 */
import { join, relative } from 'node:path';
import { waitForHttp } from '@publisher/db';
import { apiBundle } from './api-bundle';
import { startOver } from './fresh-start';
import { API_NODE_OPTIONS, DATA_DIR, onParentExit, ROOT, startService, type Service } from './workspace';

const isReprobe = process.argv.slice(2).includes('--reprobe');
const isFresh = process.argv.slice(2).includes('--fresh');
const apiPort = process.env['API_PORT'] ?? '3333';
const webPort = process.env['WEB_PORT'] ?? '4200';
const apiUrl = `http://localhost:${apiPort}`;
const webUrl = `http://localhost:${webPort}`;
const dataDir = process.env['DATA_DIR'] ?? DATA_DIR;
const vite = join(ROOT, 'node_modules', '.bin', 'vite');

const services: Service[] = [];
let stopping = false;

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const service of services) service.child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
// A script that started `npm start` stops it with `kill -TERM <npm's pid>`; npm ends without passing that on.
onParentExit(() => stopAll(0));

if (isFresh) {
  const outcome = await startOver(dataDir, apiUrl);
  if ('refused' in outcome) {
    console.error(`--fresh: ${outcome.refused}.`);
    process.exit(1);
  }
  console.log(
    outcome.deleted.length > 0
      ? `--fresh: deleted ${outcome.deleted.join(', ')}; starting over with an empty database.`
      : `--fresh: no database files in ${dataDir}; starting as usual.`,
  );
}

console.log('Starting the publisher portal (a first start without MongoDB builds FerretDB with Go, about a minute)...');
// The API's bundle (as the Docker image runs it), made again when its sources changed: Node loads it in about half
// the time it takes through tsx. Node runs it itself, with no tsx or npm process in between to relay signals: tsx's
// CLI SIGKILLed a child that did not confirm a signal in time, which on a loaded machine ended processes before
// they stopped what they had started. Source maps: a stack trace names the TypeScript lines.
const apiEntry = await apiBundle({ log: console.log }).catch((error: unknown) => {
  console.error(`[api] the API could not be bundled: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const api = startService('api', process.execPath, ['--enable-source-maps', apiEntry], {
  cwd: join(ROOT, 'apps', 'api'),
  env: {
    ...process.env,
    // Ours first, the user's own last: for a flag given twice (--max-old-space-size) the last one wins.
    NODE_OPTIONS: [API_NODE_OPTIONS, process.env['NODE_OPTIONS']].filter(Boolean).join(' '),
    API_PORT: apiPort,
    DATA_DIR: dataDir,
    ...(isReprobe ? { DB_REPROBE: '1' } : {}),
    WEB_ORIGIN: `${webUrl},http://127.0.0.1:${webPort}`,
  },
});
services.push(api);
api.child.on('exit', (code) => {
  if (!stopping) {
    console.error(`[api] exited with code ${String(code)}; stopping.`);
    stopAll(code ?? 1);
  }
});

try {
  await waitForHttp(`${apiUrl}/health`, api.child, 15 * 60_000);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stopAll(1);
}

const web = startService('web', vite, ['--port', webPort, '--strictPort', '--host', '127.0.0.1'], {
  cwd: join(ROOT, 'apps', 'web'),
  env: { ...process.env, VITE_API_URL: apiUrl },
});
services.push(web);
web.child.on('exit', (code) => {
  if (!stopping) {
    console.error(`[web] exited with code ${String(code)}; stopping.`);
    stopAll(code ?? 1);
  }
});
await waitForHttp(`http://127.0.0.1:${webPort}/`, web.child, 120_000);

const mockControls = process.env['MOCK_CONTROLS'];
const mockModeLine =
  mockControls === 'false' || mockControls === '0'
    ? 'Mock mode: off (MOCK_CONTROLS=false)'
    : `Mock mode: dev panel Ctrl+Shift+D in the web app; scenario controls ${apiUrl}/__control`;
console.log(`
  Publisher portal is up.
    Web app:   ${webUrl}
    API:       ${apiUrl}   (health: ${apiUrl}/health)
    API docs:  ${apiUrl}/docs   (OpenAPI: ${apiUrl}/openapi.json)
    ${mockModeLine}
    Hosts:     http://whitelabel.localhost:${webPort} (white label), http://ai.localhost:${webPort} (AI brand),
               http://brand2.localhost:${webPort} (second brand), http://unknown.localhost:${webPort} (blocked)
  Demo accounts (password for all: Publisher#2026) are listed above under [seed] and in README.md.
  Press Ctrl+C to stop. Data is kept in ${dataDir.startsWith(`${ROOT}/`) ? relative(ROOT, dataDir) : dataDir}/ between runs.
`);
