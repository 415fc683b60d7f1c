import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { formatCount } from '../../../lib/format';
import type { Paging } from '../../../lib/use-paging';
import type { ReportRange } from '../lib/report-range';
import { ReportDateFilter } from './report-date-filter';
import { ReportTableSection, type SectionDownload } from './report-table-section';
import { CentsSwitch } from './report-money';

interface PagedReportLayoutProps<TRow> {
  title: string;
  /** Heading (and accessible name) of the table block. */
  tableTitle?: string;
  description?: ReactNode;
  range: ReportRange;
  paging: Paging;
  /** Controls beside the date filter (report 2's Type). */
  filters?: ReactNode;
  /** Cards above the table, when the report has a summary. */
  summary?: ReactNode;
  columns: readonly DataColumn<TRow>[];
  rows: readonly TRow[];
  rowKey: (row: TRow, index: number) => string;
  /** All rows of the range, across pages: the "Total Count". */
  totalCount: number | undefined;
  isLoading: boolean;
  isRefreshing: boolean;
  error: unknown;
  /** Reads the page again after a failure. */
  onRetry: () => void;
  download: SectionDownload;
  /** Shown in place of the filters, summary and table (a refused `?vendorId=`): one message, no download. */
  refusal?: ReactNode;
}

/**
 * The conversion report variants (part 1 §2 report 2, part 2 §2 "Conversion report variants"): date-range
 * buttons, "Total Count", a download icon and a paged table.
 */
export function PagedReportLayout<TRow>({
  title,
  tableTitle = 'Conversion Report',
  description,
  range,
  paging,
  filters,
  summary,
  columns,
  rows,
  rowKey,
  totalCount,
  isLoading,
  isRefreshing,
  error,
  onRetry,
  download,
  refusal,
}: PagedReportLayoutProps<TRow>) {
  const hasError = error !== null && error !== undefined;
  if (refusal) {
    return (
      <div className="space-y-6">
        <PageHeader title={title} description={description} />
        {refusal}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} />
      <Card className="flex flex-wrap items-end justify-between gap-6">
        <ReportDateFilter range={range} onChange={paging.resetPage} />
        <div className="flex flex-wrap items-end gap-6">
          {filters}
          <CentsSwitch />
        </div>
      </Card>
      {summary}
      <ReportTableSection
        title={tableTitle}
        meta={<span>Total Count: {totalCount !== undefined ? formatCount(totalCount) : hasError ? '—' : '…'}</span>}
        download={download}
      >
        <DataTable
          caption={tableTitle}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          isLoading={isLoading}
          isRefreshing={isRefreshing}
          emptyMessage="No records found for these dates."
          error={error}
          onRetry={onRetry}
        />
        {/* A failed read has no pages: "Showing 0–0 of 0" would read as an empty report. */}
        {hasError && rows.length === 0 ? null : (
          <Pagination
            page={paging.page}
            pageSize={paging.pageSize}
            totalRecords={totalCount}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
            // One count line per list: the spec's "Total Count" beside the title says it already.
            summary=""
          />
        )}
      </ReportTableSection>
    </div>
  );
}
