import { forgetReportStorage } from '../reports/report-layout';

/*
 * Runs before every test file (vitest `setupFiles`). Files share their worker's modules (isolate: false, see
 * vitest.config.ts), and each connects a database of its own: what a process learns of its one database must
 * not carry over to the next file's.
 */
forgetReportStorage();
