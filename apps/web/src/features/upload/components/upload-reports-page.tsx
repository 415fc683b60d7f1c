import type { UploadRow } from '@publisher/contract';
import { useCallback, useId, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, fieldColumn, type DataColumn } from '../../../components/ui/data-table';
import { FormError } from '../../../components/ui/form-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast-provider';
import { formatCount, formatDate, formatDateRange } from '../../../lib/format';
import { useCreateBulkReports } from '../api/use-create-bulk-reports';
import { INVALID_REPORT_MESSAGE, type SkipReason } from '../lib/conversion-csv';
import { createParserPort, type ParserPort } from '../lib/parser-port';
import { PREVIEW_ROWS } from '../lib/parser-api';
import { useChunkedUpload } from '../lib/use-chunked-upload';
import { useConversionParser } from '../lib/use-conversion-parser';

/** Part 2 §2: the words after a successful upload (a toast here, where the spec has a dialog). */
export const UPLOAD_SUCCESS_MESSAGE = 'Conversion Report Successfully Uploaded.';
/** The sample file users can try (apps/web/public). */
export const SAMPLE_CSV_URL = '/samples/conversion-report-sample.csv';

// Headed in words with the file's own column name on hover: the preview shows what the file says, values as read.
const PREVIEW_COLUMNS: readonly DataColumn<UploadRow>[] = [
  fieldColumn('FROM_DATE', (row) => formatDate(row.FROM_DATE), 'left', 'identity'),
  fieldColumn('TO_DATE', (row) => formatDate(row.TO_DATE)),
  fieldColumn('CAMPAIGN_ID', (row) => row.CAMPAIGN_ID, 'right'),
  fieldColumn('PLACEMENT_ID', (row) => row.PLACEMENT_ID),
  fieldColumn('CLICKS', (row) => row.CLICKS, 'right', 'key'),
  fieldColumn('SALES_COUNT', (row) => row.SALES_COUNT, 'right'),
  fieldColumn('SALES', (row) => row.SALES, 'right'),
  fieldColumn('EARNINGS', (row) => row.EARNINGS, 'right', 'key'),
  fieldColumn('CONVERSION_RATE', (row) => row.CONVERSION_RATE, 'right'),
  fieldColumn('CPC', (row) => row.CPC, 'right'),
];

const isCsvName = (name: string) => name.toLowerCase().endsWith('.csv');

interface UploadReportsPageProps {
  /** Starts the parser worker; tests run it in-process. */
  createPort?: () => ParserPort;
}

/**
 * `/uploadReports`, Upload Conversion Reports (part 2 §2, §4 "Upload", §5 "Conversion CSV"): the file is parsed
 * by a worker with a progress bar, previewed (first 100 rows) and sent in chunks with a second progress bar. A
 * failed upload shows its error and stops the spinner (the spec's loader that stays on is a defect).
 */
/** Why a file with a good header was refused: no row could be kept, and why each was left out. */
function noRowKept(skipped: Record<SkipReason, number>): string {
  const { dateMismatch, invalid } = skipped;
  if (dateMismatch + invalid === 0) return 'The file has a header and no data rows.';
  const reasons = [
    dateMismatch > 0 ? `${formatCount(dateMismatch)} with FROM_DATE and TO_DATE on different days` : null,
    invalid > 0
      ? `${formatCount(invalid)} unreadable (a date that does not exist, letters in a number, a CAMPAIGN_ID without digits or a PLACEMENT_ID too long)`
      : null,
  ].filter((reason) => reason !== null);
  return `No row could be read: ${reasons.join(', ')}.`;
}

export function UploadReportsPage({ createPort = createParserPort }: UploadReportsPageProps) {
  const inputId = useId();
  const { showToast } = useToast();
  /** A new file input after each upload: the page starts again without a reload. */
  const [inputKey, setInputKey] = useState(0);
  const [fileName, setFileName] = useState<string | null>(null);
  const [isNotCsv, setIsNotCsv] = useState(false);
  const parser = useConversionParser(createPort);
  const createBulkReports = useCreateBulkReports();
  const { mutateAsync } = createBulkReports;
  const send = useCallback(
    async (body: Parameters<typeof mutateAsync>[0]['body']) => (await mutateAsync({ body })).body,
    [mutateAsync],
  );
  const upload = useChunkedUpload({ readRows: parser.readRows, send });
  const { state } = parser;
  const isUploading = upload.state.status === 'uploading';

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    upload.reset();
    if (!file) {
      setFileName(null);
      parser.reset();
      return;
    }
    setFileName(file.name);
    if (!isCsvName(file.name)) {
      setIsNotCsv(true);
      parser.reset();
      return;
    }
    setIsNotCsv(false);
    parser.parse(file);
  };

  const handleSubmit = () => {
    if (state.status !== 'parsed' || isUploading) return;
    void upload.upload(state.summary.rowCount, state.summary.uniqueDates).then((rowsWritten) => {
      if (rowsWritten === null) return;
      // Part 2 §2 confirms with a dialog whose Ok reloads the page: here the toast says it (announced, no click)
      // and the page starts again for the next file, as the reload did.
      showToast(`${UPLOAD_SUCCESS_MESSAGE} ${formatCount(rowsWritten)} rows saved.`);
      upload.reset();
      parser.reset();
      setFileName(null);
      setInputKey((key) => key + 1);
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Upload Conversion Reports"
        description="Rows whose FROM_DATE equals TO_DATE replace what their campaigns had on those dates."
      />
      <Card className="space-y-5">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
              Conversion report (.csv)
            </label>
            <input
              key={inputKey}
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              disabled={isUploading}
              onChange={handleFileChange}
              className="block text-sm text-slate-700 file:mr-4 file:rounded-lg file:border-0 file:bg-indigo-600 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-indigo-500"
            />
          </div>
          <a
            href={SAMPLE_CSV_URL}
            download
            className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
          >
            Download the sample CSV
          </a>
        </div>
        <p className="text-sm text-slate-600">
          The header starts with FROM_DATE; the 10th column is CONVERSION_RATE, the 11th CPC and the 13th SALES_COUNT.
        </p>
        {state.status === 'parsing' ? (
          <ProgressBar label={`Reading ${fileName ?? 'the file'}`} percent={state.percent} />
        ) : null}
        {isNotCsv || state.status === 'invalid' ? <FormError message={INVALID_REPORT_MESSAGE} /> : null}
        {state.status === 'invalid' && state.skipped ? (
          <p className="text-sm text-rose-700">{noRowKept(state.skipped)}</p>
        ) : null}
        {state.status === 'failed' ? (
          <div className="flex flex-wrap items-center gap-3">
            <FormError message={state.message} />
            <Button variant="secondary" onClick={parser.retry}>
              Retry
            </Button>
          </div>
        ) : null}
      </Card>

      {state.status === 'parsed' ? (
        <section aria-labelledby="upload-preview-heading" className="space-y-4">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="upload-preview-heading" className="text-lg font-semibold text-slate-900">
                Preview
              </h2>
              <p className="text-sm text-slate-600">
                {formatCount(state.summary.rowCount)} rows over {formatCount(state.summary.uniqueDates.length)}{' '}
                {state.summary.uniqueDates.length === 1 ? 'date' : 'dates'} (
                {formatDateRange(state.summary.uniqueDates[0] ?? '', state.summary.uniqueDates.at(-1) ?? '')})
                {state.summary.skipped.dateMismatch + state.summary.skipped.invalid > 0
                  ? `; left out: ${formatCount(state.summary.skipped.dateMismatch)} with FROM_DATE ≠ TO_DATE, ${formatCount(state.summary.skipped.invalid)} unreadable`
                  : ''}
                . The preview is limited to the first {PREVIEW_ROWS} rows.
              </p>
            </div>
            <Button onClick={handleSubmit} disabled={isUploading} aria-busy={isUploading}>
              {isUploading ? <Spinner label="Uploading" className="[&_svg]:text-white" /> : null}
              Submit Conversion Report
            </Button>
          </div>
          {upload.state.status === 'uploading' && upload.state.chunkCount > 1 ? (
            <ProgressBar
              label="Uploading"
              percent={(upload.state.sentChunks / upload.state.chunkCount) * 100}
              detail={`${upload.state.sentChunks} of ${upload.state.chunkCount} chunks`}
            />
          ) : null}
          {upload.state.status === 'uploading' && upload.state.retryInSeconds !== undefined ? (
            <p role="status" className="text-sm text-amber-800">
              The server is busy: sending chunk {upload.state.sentChunks + 1} again in {upload.state.retryInSeconds}{' '}
              {upload.state.retryInSeconds === 1 ? 'second' : 'seconds'}.
            </p>
          ) : null}
          {upload.state.status === 'failed' ? (
            <div className="flex flex-wrap items-center gap-3">
              <FormError message={upload.state.message} />
              <Button variant="secondary" onClick={handleSubmit}>
                Retry
              </Button>
            </div>
          ) : null}
          <DataTable
            caption="Conversion report preview"
            columns={PREVIEW_COLUMNS}
            rows={state.summary.preview}
            rowKey={(_row, index) => String(index)}
            minWidth={1500}
            maxHeight={500}
          />
        </section>
      ) : null}
    </div>
  );
}
