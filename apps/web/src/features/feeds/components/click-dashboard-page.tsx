import { zodResolver } from '@hookform/resolvers/zod';
import { addDays, type ClickFeedItem, FEED_MESSAGES, MAX_CLICK_DASHBOARD_DAYS, todayUtc } from '@publisher/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DateRangeField } from '../../../components/form/date-range-field';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState } from '../../../components/ui/error-state';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { TimeChart } from '../../../components/ui/time-chart';
import { formatCount, formatDateRange, formatDayMonth } from '../../../lib/format';
import { useClickDashboard } from '../api/use-click-dashboard';
import { dateRangeFormSchema } from '../../../lib/date-range-form';

interface ClickDashboardPageProps {
  /** Today as YYYY-MM-DD (UTC); tests fix it. */
  today?: string;
}

interface Range {
  startDate: string;
  endDate: string;
}

const SEARCH_COLUMNS: readonly DataColumn<ClickFeedItem>[] = [
  { key: 'text', priority: 'identity', header: 'Search Query', cell: (row) => row._id },
  { key: 'count', priority: 'key', header: 'Count', cell: (row) => formatCount(row.count), align: 'right' },
];

/** The range rule of clickDashboardQuerySchema, with its message. */
const rangeResolver = zodResolver(
  dateRangeFormSchema({ maxDays: MAX_CLICK_DASHBOARD_DAYS, tooLongMessage: FEED_MESSAGES.rangeTooLong }),
);

/**
 * The click dashboard (`/clickDashboard`; part 2 §2 "Click dashboard"): total clicks, a box per channel, the
 * search-query counts (most first, as the API sorts them), From/To with Submit (last 7 days at first) and the
 * "Clicks Analysis" bar chart per day labelled day and month. A vendor sees the clicks of their own feed links; the
 * admin every click.
 */
export function ClickDashboardPage({ today = todayUtc() }: ClickDashboardPageProps) {
  const initial: Range = { startDate: addDays(today, -6), endDate: today };
  const form = useForm<Range>({ defaultValues: initial, resolver: rangeResolver });
  const [applied, setApplied] = useState<Range>(initial);
  const dashboard = useClickDashboard(applied);
  const data = dashboard.data?.body;

  const handleSubmit = form.handleSubmit((range) => setApplied({ ...range }));

  // Labelled day and month (part 2 §2), the month by name as every date on screen.
  const perDay =
    data?.dayWise.map((day) => ({ label: formatDayMonth(day._id.day, day._id.month), value: day.totalclicks })) ?? [];

  const placeholder = dashboard.isPending ? '…' : '—';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Click Dashboard"
        description={`Feed clicks, ${formatDateRange(applied.startDate, applied.endDate)}`}
      />
      <Card>
        <form noValidate onSubmit={(event) => void handleSubmit(event)}>
          <DateRangeField form={form} startLabel="From" endLabel="To" max={today}>
            <Button type="submit" aria-busy={dashboard.isFetching}>
              Submit
            </Button>
          </DateRangeField>
        </form>
      </Card>
      <ErrorState
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
        isRetrying={dashboard.isFetching}
        what="The click dashboard"
      />

      <StatGrid label="Clicks" columns={3}>
        <StatCard label="Total Clicks" value={data ? formatCount(data.totalClicks) : placeholder} />
      </StatGrid>

      <section aria-labelledby="channels-heading" className="space-y-3">
        <h2 id="channels-heading" className="text-lg font-semibold text-slate-900">
          Channels
        </h2>
        {data && data.channels.length === 0 ? (
          <p className="text-sm text-slate-500">No channel clicks in this range.</p>
        ) : (
          <ul aria-label="Channel counts" className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {(data?.channels ?? []).map((channel) => (
              <li key={channel._id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <p className="text-xs font-medium uppercase tracking-wide wrap-anywhere text-slate-500">
                  Channel {channel._id}
                </p>
                <p className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{formatCount(channel.count)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="searches-heading" className="space-y-3">
        <h2 id="searches-heading" className="text-lg font-semibold text-slate-900">
          Search Queries
        </h2>
        <DataTable
          caption="Search query counts"
          columns={SEARCH_COLUMNS}
          rows={data?.searches ?? []}
          rowKey={(row) => row._id}
          isLoading={dashboard.isPending}
          isRefreshing={dashboard.isFetching && !dashboard.isPending}
          error={dashboard.error}
          emptyMessage="No search queries in this range."
          maxHeight={500}
        />
      </section>

      <section aria-labelledby="analysis-heading" className="space-y-3">
        <h2 id="analysis-heading" className="text-lg font-semibold text-slate-900">
          Clicks Analysis
        </h2>
        <Card>
          {data && data.totalClicks > 0 ? (
            <TimeChart label="Clicks Analysis" seriesLabel="Clicks" points={perDay} formatValue={formatCount} />
          ) : (
            <p className="text-sm text-slate-500">
              {data
                ? 'No clicks to chart in this range.'
                : dashboard.isError
                  ? 'Nothing to chart: the click dashboard could not be loaded.'
                  : 'Loading…'}
            </p>
          )}
        </Card>
      </section>
      {data?.isTruncated ? (
        <p className="text-sm text-amber-700">
          Some days hold more clicks than one read takes: counts are a lower bound.
        </p>
      ) : null}
    </div>
  );
}
