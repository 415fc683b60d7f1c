import type { MediaNetRow } from '@publisher/contract';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { DataTable, fieldColumn, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState } from '../../../components/ui/error-state';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { TimeChart, type TimeChartPoint } from '../../../components/ui/time-chart';
import { MoneyValue } from '../../../components/ui/money-value';
import { formatClickThroughRate, formatCount, formatDate, formatDateRange, formatMoney } from '../../../lib/format';
import { useMediaNetReports } from '../api/use-media-net-reports';
import { addDays, todayUtc } from '@publisher/contract';
import { formatUnitMoney } from '../lib/format';
import { FeedRangeForm, type FeedRange } from './feed-range-form';

interface MediaDashboardPageProps {
  /** Today as YYYY-MM-DD (UTC); tests fix it. */
  today?: string;
}

const COLUMNS: readonly DataColumn<MediaNetRow>[] = [
  fieldColumn('date', (row) => formatDate(row.date), 'left', 'identity'),
  fieldColumn('channelName', (row) => row.channelName),
  fieldColumn('impressions', (row) => formatCount(row.impressions), 'right'),
  fieldColumn('clicks', (row) => formatCount(row.clicks), 'right', 'key'),
  fieldColumn('ctr', (row) => formatClickThroughRate(row.ctr), 'right'),
  fieldColumn('estimated_revenue', (row) => formatMoney(row.estimated_revenue), 'right', 'key'),
  fieldColumn('rpm', (row) => formatUnitMoney(row.rpm), 'right'),
];

/** Revenue per day of the rows (they come one per day and channel), as chart points labelled by date. */
function revenueByDay(rows: readonly MediaNetRow[]): TimeChartPoint[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.date, (byDay.get(row.date) ?? 0) + row.estimated_revenue);
  return [...byDay.keys()]
    .sort()
    .map((day) => ({ label: formatDate(day), value: Math.round((byDay.get(day) ?? 0) * 100) / 100 }));
}

/**
 * The media partner dashboard (`/mediaDashboard`; the spec shows no content: designed on getMediaNetReports):
 * the range, totals, revenue per day and the rows per day and channel.
 */
export function MediaDashboardPage({ today = todayUtc() }: MediaDashboardPageProps) {
  const initial: FeedRange = { startDate: addDays(today, -7), endDate: addDays(today, -1) };
  const [range, setRange] = useState(initial);
  const report = useMediaNetReports({ start_date: range.startDate, end_date: range.endDate });
  const data = report.data;
  const chart = revenueByDay(data?.data ?? []);
  const placeholder = report.isPending ? '…' : '—';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Media Dashboard"
        description={`Media partner, ${formatDateRange(range.startDate, range.endDate)}`}
      />
      <FeedRangeForm initial={initial} max={today} isBusy={report.isFetching} onSubmit={setRange} />
      <ErrorState
        error={report.error}
        onRetry={() => void report.refetch()}
        isRetrying={report.isFetching}
        what="The media report"
      />
      <StatGrid label="Media totals" columns={3}>
        <StatCard label="Impressions" value={data ? formatCount(data.totals.impressions) : placeholder} />
        <StatCard label="Clicks" value={data ? formatCount(data.totals.clicks) : placeholder} />
        <StatCard
          label="Estimated Revenue"
          value={data ? <MoneyValue value={data.totals.estimated_revenue} exactDecimals={6} /> : placeholder}
        />
      </StatGrid>
      <Card>
        {chart.length > 0 ? (
          <TimeChart
            label="Revenue per day"
            seriesLabel="Estimated Revenue"
            points={chart}
            formatValue={(value) => formatMoney(value)}
            color="#0d9488"
          />
        ) : (
          <p className="text-sm text-slate-500">
            {data
              ? 'No revenue to chart for these dates.'
              : report.isError
                ? 'Nothing to chart: the media report could not be loaded.'
                : 'Loading…'}
          </p>
        )}
      </Card>
      <DataTable
        caption="Media Reports"
        isCaptionVisible
        columns={COLUMNS}
        rows={data?.data ?? []}
        rowKey={(row) => `${row.date}-${row.channelName}`}
        isLoading={report.isPending}
        isRefreshing={report.isFetching && !report.isPending}
        error={report.error}
        emptyMessage="No media reports for these dates."
        maxHeight={500}
      />
    </div>
  );
}
