import {
  type Aggregation,
  type DateRange,
  type EarningsRow,
  type EarningsTotals,
  previousRange,
  REPORT_ROUNDING,
  type TopMerchant,
  type TopPlacement,
} from '@publisher/contract';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type DataColumn, fieldColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { MoneyValue } from '../../../components/ui/money-value';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { TimeChart } from '../../../components/ui/time-chart';
import { ToggleGroup, type ToggleOption } from '../../../components/ui/toggle-group';
import { paths } from '../../../config/paths';
import {
  formatCount,
  formatDate,
  formatDateRange,
  formatMoney,
  formatPercent,
  formatPercentChange,
} from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { downloadedMessage } from '../../../lib/csv-download';
import { DownloadButton } from '../../../components/ui/download-button';
import { useToast } from '../../../components/ui/toast-provider';
import { useEarningsReport } from '../api/use-earnings-report';
import { useTopPerformers } from '../api/use-top-performers';
import { dashboardCsv, dashboardCsvName } from '../lib/dashboard-csv';
import { reportMoney } from '../lib/format';
import { describePeriod } from '../lib/periods';
import { useReportRange } from '../lib/report-range';
import { useToday } from '../lib/report-viewer';
import { ReportDateFilter } from './report-date-filter';
import { CentsSwitch, ReportMoney } from './report-money';

/** Part 1 §9: the preview is limited to the first 100 rows. */
const PREVIEW_ROW_LIMIT = 100;

const AGGREGATION_OPTIONS: readonly ToggleOption<Aggregation>[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

/** The conversion reports' Type, with both types together as the dashboard's default. */
type DashboardType = 'all' | 'CPC' | 'CPA';
const TYPE_OPTIONS: readonly ToggleOption<DashboardType>[] = [
  { value: 'all', label: 'CPC + CPA' },
  { value: 'CPC', label: 'CPC' },
  { value: 'CPA', label: 'CPA' },
];
const IS_CPC: Readonly<Record<DashboardType, boolean | undefined>> = { all: undefined, CPC: true, CPA: false };

type ChartMetric = 'clicks' | 'earnings' | 'cpc';
const METRIC_OPTIONS: readonly ToggleOption<ChartMetric>[] = [
  { value: 'clicks', label: 'Clicks' },
  { value: 'earnings', label: 'Estimated Earnings' },
  { value: 'cpc', label: 'CPC' },
];

const money = reportMoney('report1');
const cents = (value: number) => formatMoney(value);

const METRICS: Readonly<
  Record<
    ChartMetric,
    {
      value: (row: EarningsRow) => number;
      format: (value: number) => string;
      tick: (value: number) => string;
      color: string;
    }
  >
> = {
  clicks: { value: (row) => row.redirects, format: formatCount, tick: formatCount, color: '#4f46e5' },
  earnings: { value: (row) => row.estimatedEarnings, format: money, tick: cents, color: '#059669' },
  cpc: {
    value: (row) => row.cpc,
    format: money,
    tick: (value) => formatMoney(value, { decimals: 3 }),
    color: '#d97706',
  },
};

/** A card's amount: cents, with the report's 6 decimals on hover or focus. */
const cardMoney = (value: number) => <MoneyValue value={value} exactDecimals={REPORT_ROUNDING.report1} />;

const PERIOD_NAMES: Readonly<Record<Aggregation, string>> = { daily: 'date', weekly: 'week', monthly: 'month' };

/**
 * The preview's columns: each period named as a reader takes it (a partial first or last week says so), money at the
 * report's 6 decimals or in cents as the switch says.
 */
function previewColumns(aggregation: Aggregation, range: DateRange): readonly DataColumn<EarningsRow>[] {
  return [
    {
      key: 'date',
      header: 'Date',
      headerTitle: 'date',
      priority: 'identity',
      cell: (row) => describePeriod(row.date, aggregation, range).label,
    },
    {
      key: 'clicks',
      header: 'Clicks',
      headerTitle: 'redirects',
      priority: 'key',
      cell: (row) => formatCount(row.redirects),
      align: 'right',
    },
    {
      key: 'earnings',
      header: 'Estimated Earnings',
      headerTitle: 'estimatedEarnings',
      priority: 'key',
      cell: (row) => <ReportMoney value={row.estimatedEarnings} precision="report1" />,
      align: 'right',
    },
    {
      key: 'cpc',
      header: 'CPC',
      // Not the CPC Per Redirect card's figure, which counts CPC clicks only: an exploratory pass read the two as
      // one metric that disagreed.
      headerTitle: 'cpc: the period’s earnings ÷ its clicks, of the chosen type (CPC and CPA together for CPC + CPA)',
      cell: (row) => <ReportMoney value={row.cpc} precision="report1" />,
      align: 'right',
    },
    {
      key: 'conversionRate',
      header: 'Conversion Rate',
      headerTitle: 'conversionRate',
      cell: (row) => formatPercent(row.conversionRate),
      align: 'right',
    },
    fieldColumn('aov', (row) => <ReportMoney value={row.aov} precision="report1" />, 'right'),
  ];
}

/**
 * One card: what it shows, what it counts, and how it moved against the previous period of the same length.
 * `pick` reads the figure from the totals of either period.
 */
interface CardSpec {
  label: string;
  pick: (totals: EarningsTotals) => number;
  show: (value: number) => ReactNode;
  /** What the figure counts, in words. */
  counts: (totals: EarningsTotals) => string;
}

const CARDS: readonly CardSpec[] = [
  {
    label: 'Total Clicks',
    pick: (totals) => totals.totalRedirects,
    show: formatCount,
    counts: (totals) => `${formatCount(totals.cpcRedirects)} CPC + ${formatCount(totals.cpaRedirects)} CPA clicks`,
  },
  {
    label: 'CPC Earnings',
    pick: (totals) => totals.cpcEarnings,
    show: cardMoney,
    counts: (totals) => `From ${formatCount(totals.cpcRedirects)} CPC clicks only`,
  },
  {
    label: 'CPA Earnings',
    pick: (totals) => totals.cpaEarnings,
    show: cardMoney,
    counts: (totals) => `From ${formatCount(totals.cpaRedirects)} CPA clicks only`,
  },
  {
    label: 'Total Earnings',
    pick: (totals) => totals.totalEarnings,
    show: cardMoney,
    counts: () => 'CPC + CPA earnings',
  },
  {
    label: 'CPC Per Redirect',
    pick: (totals) => totals.cpcEarningsPerRedirect,
    show: cardMoney,
    counts: () => 'CPC earnings ÷ CPC clicks',
  },
  {
    label: 'Total Sales',
    pick: (totals) => totals.totalSalesCount,
    show: formatCount,
    counts: (totals) => `Orders, worth ${formatMoney(totals.totalSalesAmount)}`,
  },
  {
    label: 'Total Conversion Rate',
    pick: (totals) => totals.totalConversionRate,
    show: formatPercent,
    counts: () => 'Orders ÷ clicks',
  },
  {
    label: 'Total AOV',
    pick: (totals) => totals.totalAov,
    show: cardMoney,
    counts: () => 'Sales amount ÷ orders',
  },
];

/** The change from the previous period, as a signed percentage; nothing to compare with when it was 0. */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'No change' : 'New (nothing before)';
  return formatPercentChange((current - previous) / previous);
}

function Change({ current, previous }: { current: number; previous: number }) {
  const text = changeText(current, previous);
  const tone =
    previous === 0 || current === previous
      ? 'text-slate-500'
      : current > previous
        ? 'text-emerald-700'
        : 'text-rose-700';
  return (
    <span className={`font-semibold ${tone}`}>
      {text} <span className="font-normal text-slate-500">vs previous period</span>
    </span>
  );
}

interface TopListProps<TRow> {
  title: string;
  rows: readonly TRow[] | undefined;
  name: (row: TRow) => ReactNode;
  rowKey: (row: TRow) => string;
  isLoading: boolean;
  /** The read failed: the list says so (the page's error above offers Retry) instead of "No records found". */
  isError: boolean;
}

function TopList<TRow extends TopMerchant | TopPlacement>({
  title,
  rows,
  name,
  rowKey,
  isLoading,
  isError,
}: TopListProps<TRow>) {
  return (
    <Card className="min-w-0">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {isLoading ? (
        <Spinner label={`Loading ${title.toLowerCase()}`} />
      ) : isError && (!rows || rows.length === 0) ? (
        <p className="text-sm text-rose-700">{title} could not be loaded.</p>
      ) : !rows || rows.length === 0 ? (
        <p className="text-sm text-slate-500">No records found for these dates.</p>
      ) : (
        <ol aria-label={title} className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={rowKey(row)} className="flex flex-col gap-0.5 py-2.5 text-sm">
              <span className="min-w-0 font-medium break-words text-slate-900">{name(row)}</span>
              <span className="tabular-nums text-slate-600">
                {formatMoney(row.earnings)} · {formatCount(row.clicks)} clicks · {formatCount(row.salesCount)} orders
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/**
 * The earnings dashboard (`/`, `/home`, `/dashboard`; part 1 §2): quick ranges or a custom range, the period
 * size and the type; cards from POST /home/getEarningsReport, each compared with the previous period of the same
 * length (the same route over that range); a time chart; the top merchants and placements
 * (POST /home/getTopPerformers); CSV of what is shown; and a preview table of the first 100 rows. Every figure
 * comes from the server, which computes it as the conversion report summaries do.
 */
export function DashboardPage() {
  const today = useToday();
  const range = useReportRange(today);
  const [aggregation, setAggregation] = useState<Aggregation>('daily');
  const [type, setType] = useState<DashboardType>('all');
  const [metric, setMetric] = useState<ChartMetric>('clicks');
  const [isPreviewVisible, setIsPreviewVisible] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const { showToast } = useToast();
  const previewId = useId();
  const previewRef = useRef<HTMLElement>(null);
  // The preview opens below the cards, the chart and the top lists, out of sight: it is brought into view.
  useEffect(() => {
    if (isPreviewVisible) previewRef.current?.scrollIntoView({ block: 'start' });
  }, [isPreviewVisible]);
  const isCPC = IS_CPC[type];
  const report = useEarningsReport({ ...range.applied, aggregation, isCPC });
  const previous = useEarningsReport({ ...previousRange(range.applied), aggregation, isCPC });
  const top = useTopPerformers({ ...range.applied, isCPC });

  const data = report.data?.reports;
  const previousTotals = previous.data?.reports.totals;
  const rows = data?.earnings ?? [];
  const previewRows = rows.slice(0, PREVIEW_ROW_LIMIT);
  const isFirstLoad = report.isPending;
  const placeholder = isFirstLoad ? '…' : '—';
  const chartMetric = METRICS[metric];
  const metricLabel = METRIC_OPTIONS.find((option) => option.value === metric)?.label ?? '';
  const columns = useMemo(() => previewColumns(aggregation, range.applied), [aggregation, range.applied]);
  const periods = rows.map((row) => describePeriod(row.date, aggregation, range.applied));
  const partialCount = periods.filter((period) => period.partial !== null).length;

  const handleGenerate = () => {
    void report.refetch();
    void previous.refetch();
    void top.refetch();
  };

  const handleExport = () => {
    const shown = report.data;
    if (!shown) return;
    const fileName = dashboardCsvName(range.applied.startDate, range.applied.endDate);
    setExportError(null);
    setIsExporting(true);
    dashboardCsv(shown)
      .then((content) => {
        saveFile(content, fileName);
        showToast(downloadedMessage(fileName));
      })
      // The CSV writer is loaded on the first export: a lost connection then must not fail silently.
      .catch(() => setExportError('The CSV file could not be made. Check your connection and try again.'))
      .finally(() => setIsExporting(false));
  };

  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" />

      <Card className="space-y-5">
        <ReportDateFilter range={range} />
        <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
          <div className="space-y-1.5">
            <p aria-hidden="true" className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              Period
            </p>
            <ToggleGroup
              label="Aggregation"
              options={AGGREGATION_OPTIONS}
              value={aggregation}
              onChange={setAggregation}
            />
          </div>
          <div className="space-y-1.5">
            <p aria-hidden="true" className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              Type
            </p>
            <ToggleGroup label="Type" options={TYPE_OPTIONS} value={type} onChange={setType} />
          </div>
        </div>
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
          <DownloadButton
            fileName={dashboardCsvName(range.applied.startDate, range.applied.endDate)}
            isPending={isExporting}
            onClick={handleExport}
            disabled={!report.data}
          />
          <button
            type="button"
            onClick={range.reset}
            className="text-sm font-semibold text-indigo-600 hover:text-indigo-500"
          >
            Clear all
          </button>
        </div>
        {exportError ? (
          <p role="alert" className="text-sm text-rose-700">
            {exportError}
          </p>
        ) : null}
        <p className="text-sm text-slate-600" aria-live="polite">
          {report.isFetching ? <Spinner label="Loading the report" className="mr-2 align-middle" /> : null}
          {`${formatDateRange(range.applied.startDate, range.applied.endDate)}, ${aggregation}, ${TYPE_OPTIONS.find((option) => option.value === type)?.label ?? ''}`}
        </p>
      </Card>

      <ErrorState
        error={report.error ?? previous.error ?? top.error}
        onRetry={handleGenerate}
        isRetrying={report.isFetching || previous.isFetching || top.isFetching}
        what="The earnings report"
      />

      <StatGrid label="Totals" columns={4} isCompactOnPhone isStale={report.isPlaceholderData}>
        {CARDS.map((card) => (
          <StatCard
            key={card.label}
            label={card.label}
            value={data ? card.show(card.pick(data.totals)) : placeholder}
            detail={
              data ? (
                <>
                  <span className="block">{card.counts(data.totals)}</span>
                  {previousTotals ? (
                    <span className="mt-1 block" data-testid="change">
                      <Change current={card.pick(data.totals)} previous={card.pick(previousTotals)} />
                    </span>
                  ) : null}
                </>
              ) : undefined
            }
          />
        ))}
      </StatGrid>

      <Card className="min-w-0 space-y-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">{`${metricLabel} by ${PERIOD_NAMES[aggregation]}`}</h2>
          <ToggleGroup label="Chart" options={METRIC_OPTIONS} value={metric} onChange={setMetric} />
        </div>
        {isFirstLoad ? (
          <Spinner label="Loading the chart" />
        ) : report.isError && rows.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing to chart: the report could not be loaded.</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-500">No records found for these dates.</p>
        ) : (
          <TimeChart
            label={`Bar chart of ${metricLabel.toLowerCase()} by ${PERIOD_NAMES[aggregation]}, ${formatDateRange(range.applied.startDate, range.applied.endDate)}, ${rows.length} periods`}
            seriesLabel={metricLabel}
            points={rows.map((row, index) => ({
              label: formatDate(row.date),
              value: chartMetric.value(row),
              ...(periods[index] ? { name: periods[index].name, partial: periods[index].partial } : {}),
            }))}
            formatValue={chartMetric.format}
            formatTick={chartMetric.tick}
            color={chartMetric.color}
          />
        )}
        {partialCount > 0 && rows.length > 0 ? (
          <p className="text-sm text-slate-600">
            Paler bars are partial periods: the range covers only part of that {PERIOD_NAMES[aggregation]}, so it is not
            a drop.
          </p>
        ) : null}
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TopList
          title="Top merchants"
          rows={top.data?.merchants}
          rowKey={(row) => row.merchantName}
          isLoading={top.isPending}
          isError={top.isError}
          name={(row) => (
            <span className="flex flex-wrap items-center gap-x-3">
              {row.merchantName}
              <Link
                to={`${paths.deepLinksAPI}?merchant=${encodeURIComponent(row.merchantName)}`}
                className="text-sm font-semibold text-indigo-600 hover:text-indigo-500"
                aria-label={`Get link for ${row.merchantName}`}
              >
                Get link
              </Link>
            </span>
          )}
        />
        <TopList
          title="Top placements"
          rows={top.data?.placements}
          rowKey={(row) => row.placementId}
          isLoading={top.isPending}
          isError={top.isError}
          name={(row) => row.placementId}
        />
      </div>

      <section
        ref={previewRef}
        id={previewId}
        aria-label="Preview"
        hidden={!isPreviewVisible}
        className="scroll-mt-4 space-y-3"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">Preview</h2>
          <CentsSwitch />
        </div>
        <p className="text-sm text-slate-600">
          {rows.length > PREVIEW_ROW_LIMIT
            ? `Showing the first ${PREVIEW_ROW_LIMIT} of ${rows.length} rows.`
            : `The preview is limited to the first ${PREVIEW_ROW_LIMIT} rows.`}
        </p>
        <DataTable
          caption="Earnings preview"
          columns={columns}
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
