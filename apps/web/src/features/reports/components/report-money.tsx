import { REPORT_ROUNDING } from '@publisher/contract';
import { formatMoney, type MoneyCurrency } from '../../../lib/format';
import { useMoneyInCents } from '../../../lib/use-money-in-cents';
import type { MoneyPrecision } from '../lib/format';

interface ReportMoneyProps {
  value: number;
  /** The report's rounding (part 1 §9: 7 decimals on report 2, 6 elsewhere), the default of the tables. */
  precision: MoneyPrecision;
  currency?: MoneyCurrency;
}

/**
 * An amount in a report table: the spec's decimals, as the report's CSV file has them, or cents when the reader
 * chose them with the CentsSwitch. In cents the exact figure stays on hover.
 */
export function ReportMoney({ value, precision, currency = 'USD' }: ReportMoneyProps) {
  const [inCents] = useMoneyInCents();
  const exact = formatMoney(value, { decimals: REPORT_ROUNDING[precision], currency });
  if (!inCents) return <>{exact}</>;
  return <span title={`Exact: ${exact}`}>{formatMoney(value, { currency })}</span>;
}

/** The switch between the spec's decimals and cents: one per report screen, remembered across screens and visits. */
export function CentsSwitch() {
  const [inCents, setInCents] = useMoneyInCents();
  return (
    <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
      <input
        type="checkbox"
        className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        checked={inCents}
        onChange={(event) => setInCents(event.target.checked)}
      />
      Amounts in cents
    </label>
  );
}
