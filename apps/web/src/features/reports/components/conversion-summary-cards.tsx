import { REPORT_ROUNDING, type ReportSummary } from '@publisher/contract';
import { MoneyValue } from '../../../components/ui/money-value';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { formatCount, formatPercent } from '../../../lib/format';
import type { MoneyPrecision } from '../lib/format';

interface ConversionSummaryCardsProps {
  /** Undefined until the totals arrive. */
  totals: ReportSummary | undefined;
  isPending: boolean;
  /** The report's rounding (part 1 §9): the cards show cents and this exact figure on hover or focus. */
  precision: MoneyPrecision;
}

/** The "Summary" cards of conversion reports 1 and 2 (part 1 §3): "…" while loading, "—" when there are none. */
export function ConversionSummaryCards({ totals, isPending, precision }: ConversionSummaryCardsProps) {
  const placeholder = isPending ? '…' : '—';
  const money = (value: number) => <MoneyValue value={value} exactDecimals={REPORT_ROUNDING[precision]} />;
  return (
    <StatGrid label="Summary" columns={5}>
      <StatCard label="Total Clicks" value={totals ? formatCount(totals.totalClicks) : placeholder} />
      <StatCard label="Total Earnings" value={totals ? money(totals.totalEarnings) : placeholder} />
      <StatCard label="Total Sales" value={totals ? formatCount(totals.totalSales) : placeholder} />
      <StatCard label="Avg. CPC" value={totals ? money(totals.clickAvgCPC) : placeholder} />
      <StatCard
        label="Total Conversion Rate"
        value={totals ? formatPercent(totals.totalConversionRate) : placeholder}
      />
    </StatGrid>
  );
}
