import { REPORT_ROUNDING, type Aggregation, type EarningsRow } from '@publisher/contract';
import { useId, useState } from 'react';
import { BarChart } from '../../../components/ui/bar-chart';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { MoneyValue } from '../../../components/ui/money-value';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { ToggleGroup, type ToggleOption } from '../../../components/ui/toggle-group';
import { formatCount } from '../../../lib/format';
import { useEarningsReport } from '../api/use-earnings-report';
import { formatPercent, reportMoney } from '../lib/format';
import { useReportRange } from '../lib/report-range';
import { useToday } from '../lib/report-viewer';
import { ReportDateFilter } from './report-date-filter';

/** Part 1 §9: the preview is limited to the first 100 rows. */
const PREVIEW_ROW_LIMIT = 100;

const AGGREGATION_OPTIONS: readonly ToggleOption<Aggregation>[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

const money = reportMoney('report1');

/** A card's amount: cents, with the report's 6 decimals on hover or focus. */
const cardMoney = (value: number) => <MoneyValue value={value} exactDecimals={REPORT_ROUNDING.report1} />;

const PERIOD_NAMES: Readonly<Record<Aggregation, string>> = { daily: 'date', weekly: 'week', monthly: 'month' };

const PREVIEW_COLUMNS: readonly DataColumn<EarningsRow>[] = [
  { key: 'date', header: 'Date', cell: (row) => row.date },
  { key: 'clicks', header: 'Clicks', cell: (row) => formatCount(row.redirects), align: 'right' },
  { key: 'earnings', header: 'Estimated Earnings', cell: (row) => money(row.estimatedEarnings), align: 'right' },
  { key: 'cpc', header: 'CPC', cell: (row) => money(row.cpc), align: 'right' },
  {
    key: 'conversionRate',
    header: 'Conversion Rate',
    cell: (row) => formatPercent(row.conversionRate),
    align: 'right',
  },
  { key: 'aov', header: 'AOV', cell: (row) => money(row.aov), align: 'right' },
];

/**
 * The earnings dashboard (`/`, `/home`, `/dashboard`; part 1 §2): quick ranges or a custom range, the period
 * size, six cards and a chart from POST /home/getEarningsReport, and a preview table of the first 100 rows.
 */
export function DashboardPage() {
  const today = useToday();
  const range = useReportRange(today);
  const [aggregation, setAggregation] = useState<Aggregation>('daily');
  const [isPreviewVisible, setIsPreviewVisible] = useState(false);
  const previewId = useId();
  const report = useEarningsReport({ ...range.applied, aggregation });

  const data = report.data?.reports;
  const rows = data?.earnings ?? [];
  const previewRows = rows.slice(0, PREVIEW_ROW_LIMIT);
  const isFirstLoad = report.isPending;
  const placeholder = isFirstLoad ? '…' : '—';

  const handleGenerate = () => {
    void report.refetch();
  };

  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" />

      <Card className="space-y-5">
        <ReportDateFilter range={range} />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <ToggleGroup
            label="Aggregation"
            options={AGGREGATION_OPTIONS}
            value={aggregation}
            onChange={setAggregation}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              aria-expanded={isPreviewVisible}
              aria-controls={previewId}
              onClick={() => setIsPreviewVisible((visible) => !visible)}
            >
              Preview
            </Button>
            <Button onClick={handleGenerate} disabled={report.isFetching} aria-busy={report.isFetching}>
              Generate Report
            </Button>
            <button
              type="button"
              onClick={range.reset}
              className="text-sm font-semibold text-indigo-600 hover:text-indigo-500"
            >
              Clear all
            </button>
          </div>
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {report.isFetching ? <Spinner label="Loading the report" className="mr-2 align-middle" /> : null}
          {`${range.applied.startDate} to ${range.applied.endDate}, ${aggregation}`}
        </p>
      </Card>

      <ErrorState
        error={report.error}
        onRetry={handleGenerate}
        isRetrying={report.isFetching}
        what="The earnings report"
      />

      <StatGrid label="Totals">
        <StatCard label="Total Clicks" value={data ? formatCount(data.totals.cpcRedirects) : placeholder} />
        <StatCard label="CPC Earnings" value={data ? cardMoney(data.totals.cpcEarnings) : placeholder} />
        <StatCard label="CPC Per Redirect" value={data ? cardMoney(data.totals.cpcEarningsPerRedirect) : placeholder} />
        <StatCard
          label="Total Sales"
          value={data ? cardMoney(data.totals.totalSales) : placeholder}
          detail={data ? `${formatCount(data.totals.totalSalesCount)} orders` : undefined}
        />
        <StatCard
          label="Total Conversion Rate"
          value={data ? formatPercent(data.totals.totalConversionRate) : placeholder}
        />
        <StatCard label="Total AOV" value={data ? cardMoney(data.totals.totalAov) : placeholder} />
      </StatGrid>

      <Card>
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Clicks, earnings and CPC by date</h2>
        {isFirstLoad ? (
          <Spinner label="Loading the chart" />
        ) : report.isError && rows.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing to chart: the report could not be loaded.</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-500">No records found for these dates.</p>
        ) : (
          <BarChart
            label={`Bar chart of clicks, estimated earnings and CPC by ${PERIOD_NAMES[aggregation]} from ${range.applied.startDate} to ${range.applied.endDate}, ${rows.length} periods`}
            categories={rows.map((row) => row.date)}
            series={[
              {
                key: 'clicks',
                label: 'Clicks',
                color: '#4f46e5',
                values: rows.map((row) => row.redirects),
                formatValue: formatCount,
              },
              {
                key: 'earnings',
                label: 'Estimated Earnings',
                color: '#059669',
                values: rows.map((row) => row.estimatedEarnings),
                formatValue: money,
              },
              { key: 'cpc', label: 'CPC', color: '#d97706', values: rows.map((row) => row.cpc), formatValue: money },
            ]}
          />
        )}
      </Card>

      <section id={previewId} aria-label="Preview" hidden={!isPreviewVisible} className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Preview</h2>
        <p className="text-sm text-slate-600">
          {rows.length > PREVIEW_ROW_LIMIT
            ? `Showing the first ${PREVIEW_ROW_LIMIT} of ${rows.length} rows.`
            : `The preview is limited to the first ${PREVIEW_ROW_LIMIT} rows.`}
        </p>
        <DataTable
          caption="Earnings preview"
          columns={PREVIEW_COLUMNS}
          rows={previewRows}
          rowKey={(row) => row.date}
          isLoading={isFirstLoad}
          isRefreshing={report.isFetching && !isFirstLoad}
          emptyMessage="No records found for these dates."
          error={report.error}
          onRetry={handleGenerate}
          maxHeight={500}
        />
      </section>
    </div>
  );
}
