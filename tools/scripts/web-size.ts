/**
 * `npm run size`: builds the web app for production (into a temporary folder) and prints, for the sign-in page and
 * the dashboard, every JavaScript file the page loads with its size and gzipped size, and the page's gzipped total
 * against the sign-in budget. Exits 1 when the sign-in page is over budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb, formatKB, measureRoute, MEASURED_ROUTES, SIGNIN_BUDGET_BYTES } from './web-size/measure';

const outDir = mkdtempSync(join(tmpdir(), 'web-size-'));
try {
  await buildWeb(outDir);
  let isOverBudget = false;
  for (const { route, lazyModules } of MEASURED_ROUTES) {
    const size = measureRoute(outDir, route, lazyModules);
    console.log(`\n${route}: ${formatKB(size.gzipBytes)} of gzipped JavaScript in ${size.chunks.length} files`);
    for (const chunk of size.chunks) {
      console.log(
        `  ${formatKB(chunk.gzipBytes).padStart(9)} gzip  ${formatKB(chunk.bytes).padStart(9)}  ${chunk.file}`,
      );
    }
    if (route === '/signin' && size.gzipBytes > SIGNIN_BUDGET_BYTES) isOverBudget = true;
  }
  console.log(`\nsign-in budget: ${formatKB(SIGNIN_BUDGET_BYTES)}${isOverBudget ? ' (OVER)' : ''}`);
  process.exitCode = isOverBudget ? 1 : 0;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
