import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A second line under the value (a unit, a count). */
  detail?: ReactNode;
}

/** One headline figure. Rendered as a term/definition pair so the label names the value for screen readers. */
export function StatCard({ label, value, detail }: StatCardProps) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-2 break-words text-xl font-semibold tabular-nums text-slate-900">{value}</dd>
      {detail ? <dd className="mt-1 text-xs text-slate-500">{detail}</dd> : null}
    </div>
  );
}

/**
 * Five or six cards share a row only on 2xl screens: the report figures carry six or seven decimals (part 1 §9),
 * and at xl a fifth of the content width is too narrow for "4713.568272" without breaking it (seen in the
 * conversion report's screenshot at 1280 pixels).
 */
const WIDE_COLUMNS = {
  3: 'xl:grid-cols-3',
  4: 'xl:grid-cols-4',
  5: 'xl:grid-cols-3 2xl:grid-cols-5',
  6: 'xl:grid-cols-3 2xl:grid-cols-6',
} as const;

interface StatGridProps {
  label: string;
  /** Cards per row on wide screens. */
  columns?: keyof typeof WIDE_COLUMNS;
  /** Two cards a row on a phone, for short figures (counts, cents), so eight cards do not make a long scroll. */
  isCompactOnPhone?: boolean;
  /** The figures are those of the previous request while a new one loads: shown faded and marked busy. */
  isStale?: boolean;
  children: ReactNode;
}

/** A responsive grid of StatCards (a description list). */
export function StatGrid({ label, columns = 6, isCompactOnPhone = false, isStale = false, children }: StatGridProps) {
  const phone = isCompactOnPhone ? 'grid-cols-2 gap-3' : 'grid-cols-1 gap-4';
  return (
    <dl
      aria-label={label}
      aria-busy={isStale || undefined}
      className={`grid ${phone} sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 ${WIDE_COLUMNS[columns]} transition-opacity ${isStale ? 'opacity-50' : ''}`}
    >
      {children}
    </dl>
  );
}
