import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import junit from 'junit-report-builder';
import { formatIssue } from './check';
import type { CheckKind, RouteResult, VerifyReport } from './verify';

const pad = (text: string, width: number): string => text.padEnd(width);

const CHECK_LABEL: Readonly<Record<CheckKind, string>> = {
  contract: '',
  'no-token': '[no token] ',
  'other-vendor': '[other vendor] ',
  setup: '',
};

const routeOf = (result: RouteResult): string => `${CHECK_LABEL[result.check]}${result.method} ${result.path}`;

/** Whether a result fails the run (a skip or a warning does not). */
export const fails = (result: RouteResult): boolean =>
  result.verdict === 'DRIFT' || result.verdict === 'UNREACHABLE' || result.verdict === 'ERROR';

/**
 * The per-result table: verdict, route and the first difference, then on the lines below every further
 * difference, each warning (undeclared keys) and, for a failure, the request that got the answer.
 */
export function formatTable(results: readonly RouteResult[]): string {
  const width = Math.max(10, ...results.map((result) => routeOf(result).length));
  const lines = [`${pad('RESULT', 12)}${pad('ROUTE', width + 2)}FIRST DIFFERENCE`];
  const indent = ' '.repeat(12);
  for (const result of results) {
    lines.push(`${pad(result.verdict, 12)}${pad(routeOf(result), width + 2)}${result.detail}`);
    for (const issue of result.differences.slice(1)) lines.push(`${indent}  also ${formatIssue(issue)}`);
    for (const issue of result.warnings) lines.push(`${indent}  warning: undeclared key ${issue.path}`);
    if (fails(result) && result.exchange) {
      const { request } = result.exchange;
      lines.push(`${indent}  request: ${request.method} ${request.url}${request.body ? ` ${request.body}` : ''}`);
    }
  }
  return lines.join('\n');
}

const counted = (results: readonly RouteResult[], verdict: RouteResult['verdict'], label: string): string => {
  const count = results.filter((result) => result.verdict === verdict).length;
  return count > 0 ? `${count} ${label}` : '';
};

const summaryOf = (results: readonly RouteResult[], what: string): string => {
  const passed = results.filter((result) => result.verdict === 'PASS').length;
  const problems = [
    counted(results, 'DRIFT', 'drift'),
    counted(results, 'UNREACHABLE', 'unreachable'),
    counted(results, 'SKIPPED', 'skipped'),
  ].filter(Boolean);
  return `${passed}/${results.length} ${what} pass${problems.length > 0 ? ` (${problems.join(', ')})` : ''}`;
};

/**
 * "N/N routes pass" (the contract checks), then the access checks, setup errors, warnings and skips when
 * there are any.
 */
export function formatSummary(results: readonly RouteResult[]): string {
  const contract = results.filter((result) => result.check === 'contract');
  const access = results.filter((result) => result.check === 'no-token' || result.check === 'other-vendor');
  const setup = results.filter((result) => result.check === 'setup');
  const warnings = results.reduce((sum, result) => sum + result.warnings.length, 0);
  return [
    summaryOf(contract, 'routes'),
    access.length > 0 ? summaryOf(access, 'access checks') : '',
    setup.length > 0 ? `${setup.length} setup error${setup.length > 1 ? 's' : ''}` : '',
    warnings > 0 ? `${warnings} warning${warnings > 1 ? 's' : ''} (undeclared keys)` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** What a read-only run skipped, or what a full run left on the server: said exactly, one line each. */
export function formatEffects(report: VerifyReport, readOnly: boolean): string {
  if (readOnly) {
    return `Read-only: ${report.skipped} checks skipped (they change data, or need what could not be set up); nothing was written.`;
  }
  const lines = [
    `Created and deleted again: ${report.deleted}.`,
    report.leftBehind.length === 0
      ? 'Left on the server: nothing.'
      : `Left on the server (${report.leftBehind.length}; the contract has no route to undo them):`,
    ...report.leftBehind.map((what) => `  - ${what}`),
  ];
  return lines.join('\n');
}

/** The failure body: every difference and warning, the request (secrets redacted) and the answer's start. */
function failureBody(result: RouteResult): string {
  const lines = [
    ...result.differences.map((issue) => `difference ${formatIssue(issue)}`),
    ...result.warnings.map((issue) => `warning undeclared key ${issue.path}: ${issue.received}`),
  ];
  if (result.exchange) {
    const { request, response } = result.exchange;
    lines.push('', `request: ${request.method} ${request.url}`);
    if (request.body !== undefined) lines.push(`request body: ${request.body}`);
    lines.push('', `response: HTTP ${response.status}`, response.excerpt);
  }
  return lines.join('\n');
}

/**
 * Writes one JUnit test case per result, with its time: a failure for drift, an error for unreachable and
 * setup errors (each with the body above), skipped for what was not called.
 */
export function writeJunit(results: readonly RouteResult[], file: string, baseUrl: string): void {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(`contract verification of ${baseUrl}`);
  for (const result of results) {
    const group = result.key.split('.')[0] ?? 'routes';
    const testCase = suite
      .testCase()
      .className(result.check === 'contract' ? `contract.${group}` : `${result.check}.${group}`)
      .name(`${routeOf(result)} (${result.key})`)
      .time(result.durationMs / 1000);
    if (result.verdict === 'DRIFT') testCase.failure(result.detail, 'drift').stacktrace(failureBody(result));
    if (result.verdict === 'UNREACHABLE') testCase.error(result.detail, 'unreachable', failureBody(result));
    if (result.verdict === 'ERROR') testCase.error(result.detail, 'setup', failureBody(result));
    if (result.verdict === 'SKIPPED') testCase.skipped().standardOutput(result.detail);
    if (result.verdict === 'PASS' && result.warnings.length > 0) testCase.standardOutput(failureBody(result));
  }
  mkdirSync(dirname(file), { recursive: true });
  builder.writeTo(file);
}
