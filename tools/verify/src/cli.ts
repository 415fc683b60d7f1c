#!/usr/bin/env tsx
/**
 * `npm run verify -- --base-url <url> [--read-only] [--token <t> | --email <e> --password <p>]`: walks every
 * route of the contract against a server that claims to implement it and checks each answer against the
 * contract, then that protected routes refuse a call without a token and a vendor naming another's data.
 * Exits 1 when any check drifts, cannot be reached or a caller cannot be set up, 2 on bad arguments.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fails, formatEffects, formatSummary, formatTable, writeJunit } from './report';
import { DEVELOPMENT_EXTENSION_SERVICE, verify } from './verify';

const USAGE = `Usage: npm run verify -- --base-url <url> [options]

  --base-url <url>            the server to check (required)
  --token <token>             call as this token's user (admin routes included)
  --email <e> --password <p>  or sign in as this account (default: the README's demo admin)
  --vendor-email <e> --vendor-password <p>
                              a regular vendor for vendor routes (default: the README's demo vendor,
                              or the main account when --token or --email is given)
  --extension-email <e> --extension-password <p> --extension-account <n>
                              the extension revenue service account (default: development values)
  --only <text>               only routes whose key or path contains the text (repeatable)
  --read-only                 call only the routes that change nothing (tools/verify/src/effects.ts);
                              the others are skipped and counted
  --junit <file>              JUnit XML report (default: reports/verify-junit.xml)
`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
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
      junit: { type: 'string', default: 'reports/verify-junit.xml' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
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
  extensionService: {
    email: values['extension-email'] ?? DEVELOPMENT_EXTENSION_SERVICE.email,
    password: values['extension-password'] ?? DEVELOPMENT_EXTENSION_SERVICE.password,
    account: values['extension-account'] ?? DEVELOPMENT_EXTENSION_SERVICE.account,
  },
  only: values.only,
  readOnly,
});
const { results } = report;

// The run's own working directory (npm run sets INIT_CWD to where it was typed), not the package's.
const junitFile = resolve(process.env['INIT_CWD'] ?? process.cwd(), values.junit);
console.log(formatTable(results));
console.log(`\n${formatSummary(results)} against ${baseUrl}`);
console.log(formatEffects(report, readOnly));
writeJunit(results, junitFile, baseUrl);
console.log(`JUnit report: ${junitFile}`);
process.exit(results.some(fails) ? 1 : 0);
