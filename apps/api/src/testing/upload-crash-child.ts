/**
 * A process that dies mid-upload, for reports/upload-crash.test.ts: it connects to the test database, starts the
 * conversion upload the test describes and kills itself (SIGKILL: no catch, no finally, nothing flushed) just
 * before partition `killAt` is written.
 *
 * Arguments: <mongoUri> <dbName>; standard input: JSON { body, killAt } (a 1,000-row body is too long for argv).
 */
import type { CreateBulkReportsBody } from '@publisher/contract';
import { uploadConversionReports } from '../reports/report-ingest.service';
import { configureReportStorage, reportStorageReady } from '../reports/report-layout';
import { connectDatabase } from '../shared/db';

const [uri = '', dbName = ''] = process.argv.slice(2);
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const { body, killAt } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
  body: CreateBulkReportsBody;
  killAt: number;
};
await connectDatabase(uri, dbName);
configureReportStorage({ buckets: undefined, log: () => undefined });
await reportStorageReady();
await uploadConversionReports(body, undefined, {
  beforePartition: (index) => {
    if (index === killAt) process.kill(process.pid, 'SIGKILL');
  },
});
// Reached only if the upload had fewer partitions than killAt: the test fails on the exit code.
process.exit(3);
