#!/usr/bin/env tsx
/**
 * `npm run verify -- --base-url <url> [--read-only] [--token <t> | --email <e> --password <p>]`: walks every
 * route of the contract against a server that claims to implement it and checks each answer against the
 * contract, then that protected routes refuse a call without a token and a vendor naming another's data.
 * Exits 1 when any check drifts, cannot be reached or a caller cannot be set up, 2 on bad arguments.
 *
 * `npm run verify -- --proxy --target <url> --port <n>`: forwards the calls of a client (the web app) to the
 * target and reports each answer that breaks the contract, live and in JUnit when stopped (SIGINT, SIGTERM);
 * exits 1 when any did.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startVerifyProxy } from './proxy';
import { fails, formatEffects, formatGrouped, formatSummary, formatTable, writeJunit } from './report';
import { DEVELOPMENT_EXTENSION_SERVICE, verify } from './verify';

const USAGE = `Usage: npm run verify -- --base-url <url> [options]
       npm run verify -- --proxy --target <url> --port <n> [--host <address>] [--junit <file>]

  --base-url <url>            the server to check (required)
  --token <token>             call as this token's user (admin routes included)
  --email <e> --password <p>  or sign in as this account (default: the README's demo admin)
  --vendor-email <e> --vendor-password <p>
                              a regular vendor for vendor routes (default: the README's demo vendor,
                              or the main account when --token or --email is given)
  --extension-email <e> --extension-password <p> --extension-account <n>
                              the extension revenue service account (default: EXTENSION_SERVICE_EMAIL,
                              EXTENSION_SERVICE_PASSWORD and EXTENSION_ACCOUNT of the environment, as the
                              API reads them, else the development values, which a mock-mode stand-in
                              also accepts)
  --only <text>               only routes whose key or path contains the text (repeatable)
  --read-only                 call only the routes that change nothing (tools/verify/src/effects.ts);
                              the others are skipped and counted. Where the target has mock controls, the
                              run works in a mock session of its own (ended after it); either way it says
                              what the target recorded of its reads (tools/verify/src/read-only.ts)
  --verbose                   also print every result, one line per route (passing ones included); by
                              default each difference is printed once with the routes it affects
  --junit <file>              JUnit XML report (default: reports/verify-junit.xml,
                              with --proxy reports/verify-proxy-junit.xml)

Proxy mode (docs/CONTRACT.md): point the web app's VITE_API_URL at the proxy
  --proxy                     forward every call to --target, answer with the target's answer unchanged,
                              and report each answer that breaks the contract; Ctrl+C or SIGTERM ends it
                              and writes the JUnit report (exit 1 when any call broke the contract)
  --target <url>              the backend the calls go to (http or https; a path prefixes every call)
  --port <n>                  the port to listen on (0: any free port)
  --host <address>            the address to listen on (default 127.0.0.1)
`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parsedArgs() {
  try {
    return parseArgs({
      options: {
        'base-url': { type: 'string' },
        token: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'vendor-email': { type: 'string' },
        'vendor-password': { type: 'string' },
        'extension-email': { type: 'string' },
        'extension-password': { type: 'string' },
        'extension-account': { type: 'string' },
        only: { type: 'string', multiple: true },
        'read-only': { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        junit: { type: 'string' },
        proxy: { type: 'boolean', default: false },
        target: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

type Values = ReturnType<typeof parsedArgs>;

/** The flags of the walk, which a proxy (checking another client's calls) has no use for. */
const WALK_FLAGS = [
  'base-url',
  'token',
  'email',
  'password',
  'vendor-email',
  'vendor-password',
  'extension-email',
  'extension-password',
  'extension-account',
  'only',
  'read-only',
  'verbose',
] as const;
const PROXY_FLAGS = ['target', 'port', 'host'] as const;

const isHttpUrl = (text: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

// The run's own working directory (npm run sets INIT_CWD to where it was typed), not the package's.
const junitPath = (values: Values, fallback: string): string =>
  resolve(process.env['INIT_CWD'] ?? process.cwd(), values.junit ?? fallback);

async function runVerify(values: Values): Promise<never> {
  const present = PROXY_FLAGS.find((name) => values[name] !== undefined);
  if (present) fail(`--${present} goes with --proxy`);
  const baseUrl = values['base-url'];
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) fail('--base-url must be an http(s) URL');
  if ((values.email === undefined) !== (values.password === undefined)) fail('--email and --password go together');
  if ((values['vendor-email'] === undefined) !== (values['vendor-password'] === undefined)) {
    fail('--vendor-email and --vendor-password go together');
  }
  if (values.token !== undefined && values.email !== undefined) fail('give --token or --email, not both');

  const readOnly = values['read-only'];
  const report = await verify({
    baseUrl,
    token: values.token,
    credentials: values.email !== undefined ? { email: values.email, password: values.password ?? '' } : undefined,
    vendorCredentials:
      values['vendor-email'] !== undefined
        ? { email: values['vendor-email'], password: values['vendor-password'] ?? '' }
        : undefined,
    // The flags, else the variables the stack itself reads (a shell that started it), else development's.
    extensionService: {
      email: values['extension-email'] ?? process.env['EXTENSION_SERVICE_EMAIL'] ?? DEVELOPMENT_EXTENSION_SERVICE.email,
      password:
        values['extension-password'] ??
        process.env['EXTENSION_SERVICE_PASSWORD'] ??
        DEVELOPMENT_EXTENSION_SERVICE.password,
      account: values['extension-account'] ?? process.env['EXTENSION_ACCOUNT'] ?? DEVELOPMENT_EXTENSION_SERVICE.account,
    },
    only: values.only,
    readOnly,
  });
  const { results } = report;

  const junitFile = junitPath(values, 'reports/verify-junit.xml');
  const grouped = formatGrouped(results);
  if (values.verbose) console.log(formatTable(results));
  if (grouped !== '') console.log(`${values.verbose ? '\n' : ''}${grouped}`);
  console.log(`\n${formatSummary(results)} against ${baseUrl}`);
  console.log(formatEffects(report, readOnly));
  writeJunit(results, junitFile, baseUrl);
  console.log(`JUnit report: ${junitFile}`);
  process.exit(results.some(fails) ? 1 : 0);
}

async function runProxy(values: Values): Promise<void> {
  const walkFlag = WALK_FLAGS.find((name) => values[name] !== undefined && values[name] !== false);
  if (walkFlag)
    fail(`--${walkFlag} does not apply to --proxy: it checks the calls of the client, not a walk of its own`);
  const target = values.target;
  if (target === undefined) fail('--proxy needs --target <url>: the backend the calls go to');
  if (!isHttpUrl(target)) fail(`--target must be an http(s) URL, not "${target}"`);
  const portText = values.port;
  if (portText === undefined) fail('--proxy needs --port <n>: the port the web app calls');
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) fail(`--port must be a whole number from 0 to 65535, not "${portText}"`);
  const junitFile = junitPath(values, 'reports/verify-proxy-junit.xml');

  let proxy;
  try {
    proxy = await startVerifyProxy({ target, port, host: values.host });
  } catch (error) {
    console.error(`cannot listen on port ${port}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
  const running = proxy;
  console.log(
    `Verify proxy on ${running.url} -> ${target}. Point the client at ${running.url} (web: VITE_API_URL).\n` +
      `Each answer that breaks the contract is reported below; Ctrl+C or SIGTERM stops and writes ${junitFile}.`,
  );

  const finish = (): never => {
    const results = running.results();
    console.log(results.length > 0 ? `\n${formatTable(results)}` : '\nNo calls came through the proxy.');
    console.log(`\n${formatSummary(results)}; ${running.checkedCalls()} calls checked against ${target}`);
    writeJunit(results, junitFile, target);
    console.log(`JUnit report: ${junitFile}`);
    process.exit(results.some(fails) ? 1 : 0);
  };
  let isStopping = false;
  const onSignal = (): void => {
    // A second signal does not wait for the calls in flight.
    if (isStopping) finish();
    isStopping = true;
    console.log('Stopping: answering the calls in flight (signal again to stop now)...');
    void running.stop().then(finish);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

const values = parsedArgs();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.proxy) await runProxy(values);
else await runVerify(values);
