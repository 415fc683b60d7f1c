import { formatShortPercent } from '../../lib/format';
interface ProgressBarProps {
  /** What is progressing, read by screen readers and shown above the bar. */
  label: string;
  /** 0 to 100. */
  percent: number;
  /** Extra words after the percentage ("12 of 200 chunks"). */
  detail?: string;
}

/** A labelled determinate progress bar. */
export function ProgressBar({ label, percent, detail }: ProgressBarProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between gap-4 text-sm text-slate-700">
        <span>{label}</span>
        <span className="tabular-nums">
          {formatShortPercent(value)}
          {detail ? ` · ${detail}` : ''}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
