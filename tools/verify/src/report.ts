import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import junit from 'junit-report-builder';
import { controlContract, MOCK_SESSION_HEADER } from '@publisher/contract';
import { formatIssue, type Issue } from './check';
import type { ReadOnlyEffects } from './read-only';
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

/** Where routes are listed after a grouped line: wrapped at this width, under the line. */
const LIST_WIDTH = 116;
const LIST_INDENT = ' '.repeat(14);

/** Routes as comma-separated lines wrapped under a grouped line. */
function routeLines(routes: readonly string[]): string[] {
  const lines: string[] = [];
  let line = '';
  for (const route of routes) {
    const piece = line === '' ? route : `, ${route}`;
    if (line !== '' && LIST_INDENT.length + line.length + piece.length > LIST_WIDTH) {
      lines.push(`${LIST_INDENT}${line},`);
      line = route;
    } else line += piece;
  }
  if (line !== '') lines.push(`${LIST_INDENT}${line}`);
  return lines;
}

/** A field path with its array indexes as `*`: the same field of every row is one difference. */
const fieldOf = (path: string): string => path.replace(/(^|\.)\d+(?=\.|$)/g, '$1*');

/** One difference or warning and every result it was found in. */
interface Group {
  line: string;
  results: RouteResult[];
}

function grouped(
  results: readonly RouteResult[],
  issuesOf: (result: RouteResult) => readonly Issue[],
  lineOf: (issue: Issue) => string,
): Group[] {
  const groups = new Map<string, Group>();
  for (const result of results) {
    const seen = new Set<string>();
    for (const issue of issuesOf(result)) {
      const line = `${CHECK_LABEL[result.check]}${lineOf({ ...issue, path: fieldOf(issue.path) })}`;
      if (seen.has(line)) continue;
      seen.add(line);
      const group = groups.get(line) ?? { line, results: [] };
      group.results.push(result);
      groups.set(line, group);
    }
  }
  return [...groups.values()];
}

const routesOf = (results: readonly RouteResult[]): string[] => [
  ...new Set(results.map((result) => `${result.method} ${result.path}`)),
];

const affects = (results: readonly RouteResult[]): string => {
  const count = routesOf(results).length;
  return `on ${count} route${count === 1 ? '' : 's'}:`;
};

/**
 * A walk's report, each thing said once: every difference from the contract (grouped by field and cause, with
 * the routes it affects and the first request that got it), every undeclared key the same way, each setup error
 * and unreachable route, and the skips grouped by their reason. Passing routes are counted in the summary; the
 * per-route table is `formatTable` (`--verbose`).
 */
export function formatGrouped(results: readonly RouteResult[]): string {
  const lines: string[] = [];
  for (const result of results.filter((item) => item.verdict === 'ERROR' || item.verdict === 'UNREACHABLE')) {
    lines.push(`${pad(result.verdict, 12)}${routeOf(result)}: ${result.detail}`);
    for (const issue of result.differences.slice(1)) lines.push(`${LIST_INDENT}also ${formatIssue(issue)}`);
  }
  const differences = grouped(
    results.filter((result) => result.verdict === 'DRIFT'),
    (result) => result.differences,
    formatIssue,
  );
  differences.forEach((group, index) => {
    lines.push(`${pad('DRIFT', 12)}D${index + 1} ${group.line}`);
    lines.push(`${LIST_INDENT}${affects(group.results)}`, ...routeLines(routesOf(group.results)));
    const request = group.results.find((result) => result.exchange)?.exchange?.request;
    if (request) {
      lines.push(`${LIST_INDENT}request: ${request.method} ${request.url}${request.body ? ` ${request.body}` : ''}`);
    }
  });
  grouped(
    results,
    (result) => result.warnings,
    (issue) => `undeclared key ${issue.path}`,
  ).forEach((group, index) => {
    lines.push(`${pad('WARNING', 12)}W${index + 1} ${group.line}`);
    lines.push(`${LIST_INDENT}${affects(group.results)}`, ...routeLines(routesOf(group.results)));
  });
  const skips = new Map<string, RouteResult[]>();
  for (const result of results.filter((item) => item.verdict === 'SKIPPED')) {
    skips.set(result.detail, [...(skips.get(result.detail) ?? []), result]);
  }
  for (const [reason, skipped] of skips) {
    lines.push(`${pad('SKIPPED', 12)}${reason}`);
    lines.push(`${LIST_INDENT}${skipped.length} check${skipped.length === 1 ? '' : 's'}:`);
    lines.push(...routeLines(skipped.map(routeOf)));
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

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** What a read-only run made, and what the target recorded of it: each kind of record with its count. */
function formatReadOnly(report: VerifyReport, effects: ReadOnlyEffects): string {
  const lines = [
    `Read-only: ${plural(effects.calls, 'call')} of the contract's reads (${plural(effects.signIns, 'sign-in')}); ` +
      `${plural(report.skipped, 'check')} skipped (they change data, or need what could not be set up). ` +
      'Nothing was created, changed or deleted through the contract.',
  ];
  const { session } = effects;
  lines.push(
    'id' in session
      ? `It ran inside its own mock session ${session.id} (${MOCK_SESSION_HEADER}): the target's own data was not touched. What the target recorded in that session:`
      : `It ran on the target's own data: ${session.none}. What the target recorded of the reads:`,
  );
  const recorded: string[] = [];
  if (effects.journal) {
    const { held, capacity } = effects.journal;
    recorded.push(
      `calls in its request journal: ${held >= capacity ? `at least ${held}` : held} (GET ${controlContract.requests.path})`,
    );
  }
  for (const count of effects.counted) {
    const gained = count.after - count.before;
    recorded.push(
      `${count.what}: ${gained >= 0 ? '+' : ''}${gained} (${count.source}: ${count.before} before, ${count.after} after)`,
    );
  }
  if (effects.limits) {
    recorded.push(
      `sign-in rate-limit counters: ${effects.limits.addressCounters}, account lockout records: ${effects.limits.accountLockouts} ` +
        `(DELETE ${controlContract.clearLimits.path}, read as it clears them, before the session ends)`,
    );
  }
  lines.push(...recorded.map((line) => `  - ${line}`));
  if (recorded.length === 0) lines.push('  - nothing it could count');
  if (effects.notCounted.length > 0) {
    lines.push('Not counted:', ...effects.notCounted.map((line) => `  - ${line}`));
  }
  if ('id' in session) {
    lines.push(
      session.ended.startsWith('DELETE')
        ? `The session was then ended with all of it (${session.ended}).`
        : `The session was left on the target: ${session.ended}.`,
    );
  }
  return lines.join('\n');
}

/** What a read-only run made and what the target recorded of it, or what a full run left on the server. */
export function formatEffects(report: VerifyReport, readOnly: boolean): string {
  if (readOnly && report.readOnly) return formatReadOnly(report, report.readOnly);
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
