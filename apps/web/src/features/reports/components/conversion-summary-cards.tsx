import type { ReportSummary } from '@publisher/contract';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { formatCount } from '../../../lib/format';
import { formatPercent } from '../lib/format';

interface ConversionSummaryCardsProps {
  /** Undefined until the totals arrive. */
  totals: ReportSummary | undefined;
  isPending: boolean;
  /** Money rounded as the report rounds it (part 1 §9). */
  money: (value: number) => string;
}

/** The "Summary" cards of conversion reports 1 and 2 (part 1 §3): "…" while loading, "—" when there are none. */
export function ConversionSummaryCards({ totals, isPending, money }: ConversionSummaryCardsProps) {
  const placeholder = isPending ? '…' : '—';
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
