import { useId } from 'react';
import { formatMoney, type MoneyCurrency } from '../../lib/format';

interface MoneyValueProps {
  value: number;
  /** Decimals of the exact figure the tooltip shows (the report's 6 or 7). */
  exactDecimals: number;
  currency?: MoneyCurrency;
}

/**
 * A headline amount in dollars and cents, with the exact figure in a tooltip that hover, keyboard focus and a tap
 * all open; screen readers hear it as the amount's description.
 */
export function MoneyValue({ value, exactDecimals, currency = 'USD' }: MoneyValueProps) {
  const tooltipId = useId();
  const exact = formatMoney(value, { decimals: exactDecimals, currency });
  return (
    <span className="relative inline-block">
      <span
        // Focusable so keyboard and touch users can open the exact figure too.
        tabIndex={0}
        aria-describedby={tooltipId}
        className="peer cursor-help rounded underline decoration-slate-300 decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {formatMoney(value, { currency })}
      </span>
      <span
        id={tooltipId}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full left-0 z-20 mt-1 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white shadow-lg peer-hover:visible peer-focus:visible"
      >
        Exact: {exact}
      </span>
    </span>
  );
}
