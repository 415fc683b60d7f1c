import { zodResolver } from '@hookform/resolvers/zod';
import {
  addDays,
  CHANNEL_NAME_FILTER_MAX,
  type ChannelNameFilters,
  channelNameFiltersSchema,
  type ChannelReportRow,
  type PublisherReportRow,
  SEARCH_FEED_SUMMARY_KEYS,
  type SearchFeedSummaryRow,
  todayUtc,
} from '@publisher/contract';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DataTable, fieldColumn, type DataColumn } from '../../../components/ui/data-table';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState } from '../../../components/ui/error-state';
import {
  formatClickThroughRate,
  formatCount,
  formatDate,
  formatDateRange,
  formatMoney,
  formatScore,
} from '../../../lib/format';
import { useCustomSearchFeeds } from '../api/use-custom-search-feeds';
import { useSearchFeedSummary } from '../api/use-search-feed-summary';
import { formatUnitMoney } from '../lib/format';
import { FeedRangeForm, type FeedRange } from './feed-range-form';
import { AllSectionsFailed, haveAllFailed } from '../../../components/ui/failed-sections';

/** Case-insensitive "contains"; an empty filter keeps every row. */
const matches = (value: string, filter: string) => value.toLowerCase().includes(filter.trim().toLowerCase());

interface AllReportsPageProps {
  /** Today as YYYY-MM-DD (UTC); tests fix it. */
  today?: string;
}

const channelFiltersResolver = zodResolver(channelNameFiltersSchema);
const NO_CHANNEL_FILTERS: ChannelNameFilters = { channelName: '', channelName2: '' };

const SUMMARY_FORMAT: Record<(typeof SEARCH_FEED_SUMMARY_KEYS)[number], (row: SearchFeedSummaryRow) => string> = {
  site: (row) => row.site,
  ad_clicks: (row) => formatCount(row.ad_clicks),
  ctr: (row) => formatClickThroughRate(row.ctr),
  impressions: (row) => formatCount(row.impressions),
  estimated_revenue: (row) => formatMoney(row.estimated_revenue),
  rpc: (row) => formatUnitMoney(row.rpc),
  rpm: (row) => formatUnitMoney(row.rpm),
};

const CHANNEL_COLUMNS: readonly DataColumn<ChannelReportRow>[] = [
  fieldColumn('date', (row) => formatDate(row.date), 'left', 'identity'),
  fieldColumn('channelName', (row) => row.channelName),
  fieldColumn('channelName2', (row) => row.channelName2),
  fieldColumn('channelName3', (row) => row.channelName3),
  fieldColumn('adtag', (row) => row.adtag),
  fieldColumn('estimated_revenue', (row) => formatMoney(row.estimated_revenue), 'right', 'key'),
  fieldColumn('impressions', (row) => formatCount(row.impressions), 'right'),
  fieldColumn('total_clicks', (row) => formatCount(row.total_clicks), 'right', 'key'),
];

const PUBLISHER_COLUMNS: readonly DataColumn<PublisherReportRow>[] = [
  fieldColumn('date', (row) => formatDate(row.date), 'left', 'identity'),
  fieldColumn('device', (row) => row.device),
  fieldColumn('channelName', (row) => row.channelName),
  fieldColumn('ad_clicks', (row) => formatCount(row.ad_clicks), 'right', 'key'),
  fieldColumn('estimated_revenue', (row) => formatMoney(row.estimated_revenue), 'right', 'key'),
  fieldColumn('impressions', (row) => formatCount(row.impressions), 'right'),
  fieldColumn('tq', (row) => formatScore(row.tq), 'right'),
];

/**
 * The search-feed "All Reports" screen (`/yahoodashboard`, part 2 §2): the summary (first row only, headings
 * from the server), the chosen range (the spec's fixed 20240510-20240517 dates are a defect), and the
 * 'Channel Reports' and 'Publisher Reports' tables. The spec's two channel name inputs were unused; here they
 * narrow the shown rows (Channel Name: channelName of both tables; Channel Name 2: the channel table's channelName2).
 */
export function AllReportsPage({ today = todayUtc() }: AllReportsPageProps) {
  const initial: FeedRange = { startDate: addDays(today, -7), endDate: addDays(today, -1) };
  const [range, setRange] = useState(initial);
  const body = { start_date: range.startDate, end_date: range.endDate };
  const summary = useSearchFeedSummary(body);
  const reports = useCustomSearchFeeds(body);
  const reads = [summary, reports];
  const labels = summary.data?.labels;
  const first = summary.data?.data[0];
  // The filters narrow the rows as they are typed: the form holds and checks them; nothing is submitted.
  const filters = useForm<ChannelNameFilters>({
    defaultValues: NO_CHANNEL_FILTERS,
    resolver: channelFiltersResolver,
    mode: 'onChange',
  });
  const [channelName, channelName2] = useWatch({ control: filters.control, name: ['channelName', 'channelName2'] });
  const filterErrors = filters.formState.errors;
  const channelRows = (reports.data?.channelReports ?? []).filter(
    (row) => matches(row.channelName, channelName) && matches(row.channelName2, channelName2),
  );
  const publisherRows = (reports.data?.publisherReports ?? []).filter((row) => matches(row.channelName, channelName));

  return (
    <div className="space-y-6">
      <PageHeader title="All Reports" description={`Search feed, ${formatDateRange(range.startDate, range.endDate)}`} />
      <FeedRangeForm
        initial={initial}
        max={today}
        isBusy={summary.isFetching || reports.isFetching}
        onSubmit={setRange}
      />
      <Card>
        <form
          aria-label="Channel filters"
          noValidate
          onSubmit={(event) => event.preventDefault()}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        >
          <Input
            label="Channel Name"
            maxLength={CHANNEL_NAME_FILTER_MAX}
            error={filterErrors.channelName?.message}
            hint="Shows the rows of matching channels in both tables."
            {...filters.register('channelName')}
          />
          <Input
            label="Channel Name 2"
            maxLength={CHANNEL_NAME_FILTER_MAX}
            error={filterErrors.channelName2?.message}
            hint="Shows the Channel Reports rows of matching second channel names."
            {...filters.register('channelName2')}
          />
        </form>
      </Card>

      {haveAllFailed(reads) ? (
        <AllSectionsFailed reads={reads} what="The reports" />
      ) : (
        <>
          <section aria-labelledby="summary-heading" className="space-y-3">
            <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
              Summary
            </h2>
            {labels && first ? (
              <dl aria-label="Summary figures" className="grid grid-cols-2 gap-3 sm:grid-cols-4 2xl:grid-cols-8">
                {SEARCH_FEED_SUMMARY_KEYS.map((key) => (
                  <div
                    key={key}
                    // The site is a host name, not a figure: two cells wide, so it does not break mid-word.
                    className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${key === 'site' ? 'col-span-2' : ''}`}
                  >
                    <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{labels[key]}</dt>
                    <dd className="mt-1 break-words text-lg font-semibold tabular-nums text-slate-900">
                      {SUMMARY_FORMAT[key](first)}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : summary.isError ? (
              <ErrorState
                error={summary.error}
                onRetry={() => void summary.refetch()}
                isRetrying={summary.isFetching}
                what="The summary"
              />
            ) : (
              <p className="text-sm text-slate-500">{summary.isPending ? 'Loading…' : 'No summary for these dates.'}</p>
            )}
          </section>

          <section aria-labelledby="channel-reports-heading" className="space-y-3">
            <h2 id="channel-reports-heading" className="text-lg font-semibold text-slate-900">
              Channel Reports
            </h2>
            <DataTable
              caption="Channel Reports"
              columns={CHANNEL_COLUMNS}
              rows={channelRows}
              rowKey={(row) => `${row.date}-${row.channelName}`}
              isLoading={reports.isPending}
              isRefreshing={reports.isFetching && !reports.isPending}
              error={reports.error}
              onRetry={() => void reports.refetch()}
              emptyMessage="No channel reports for these dates."
              maxHeight={500}
            />
          </section>

          <section aria-labelledby="publisher-reports-heading" className="space-y-3">
            <h2 id="publisher-reports-heading" className="text-lg font-semibold text-slate-900">
              Publisher Reports
            </h2>
            <DataTable
              caption="Publisher Reports"
              columns={PUBLISHER_COLUMNS}
              rows={publisherRows}
              rowKey={(row) => `${row.date}-${row.channelName}-${row.device}`}
              isLoading={reports.isPending}
              isRefreshing={reports.isFetching && !reports.isPending}
              error={reports.error}
              emptyMessage="No publisher reports for these dates."
              maxHeight={500}
            />
          </section>
        </>
      )}
    </div>
  );
}
