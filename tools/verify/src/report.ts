import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import junit from 'junit-report-builder';
import type { RouteResult } from './verify';

const pad = (text: string, width: number): string => text.padEnd(width);

/** The per-route table: verdict, method and path, and the first difference. */
export function formatTable(results: readonly RouteResult[]): string {
  const width = Math.max(10, ...results.map((result) => result.method.length + 1 + result.path.length));
  const lines = [`${pad('RESULT', 12)}${pad('ROUTE', width + 2)}FIRST DIFFERENCE`];
  for (const result of results) {
    lines.push(`${pad(result.verdict, 12)}${pad(`${result.method} ${result.path}`, width + 2)}${result.detail}`);
  }
  return lines.join('\n');
}

/** "N/N routes pass", with the drift and unreachable counts when there are any. */
export function formatSummary(results: readonly RouteResult[]): string {
  const count = (verdict: RouteResult['verdict']) => results.filter((result) => result.verdict === verdict).length;
  const passed = count('PASS');
  const problems = [
    count('DRIFT') > 0 ? `${count('DRIFT')} drift` : '',
    count('UNREACHABLE') > 0 ? `${count('UNREACHABLE')} unreachable` : '',
  ].filter(Boolean);
  return `${passed}/${results.length} routes pass${problems.length > 0 ? ` (${problems.join(', ')})` : ''}`;
}

/** Writes one JUnit test case per route (a failure for drift, an error for unreachable), for CI. */
export function writeJunit(results: readonly RouteResult[], file: string, baseUrl: string): void {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(`contract verification of ${baseUrl}`);
  for (const result of results) {
    const testCase = suite
      .testCase()
      .className(`contract.${result.key.split('.')[0] ?? 'routes'}`)
      .name(`${result.method} ${result.path} (${result.key})`);
    if (result.verdict === 'DRIFT') testCase.failure(result.detail, 'drift');
    if (result.verdict === 'UNREACHABLE') testCase.error(result.detail, 'unreachable');
  }
  mkdirSync(dirname(file), { recursive: true });
  builder.writeTo(file);
}
