import { useId, type ReactNode } from 'react';
import { isIsoDate } from '@publisher/contract';
import { DateInput } from './date-input';

interface DateRangeInputsProps {
  /** YYYY-MM-DD, or '' while empty. */
  startDate: string;
  endDate: string;
  onStartDateChange: (value: string) => void;
  onEndDateChange: (value: string) => void;
  /** Shown under the fields; marks both invalid (e.g. a start after the end) unless `invalidField` names one. */
  error?: string | null;
  /** The one field `error` is about (an unreadable end date leaves the start unmarked). */
  invalidField?: 'startDate' | 'endDate';
  startLabel?: string;
  endLabel?: string;
  /** Latest date either field offers (e.g. today). */
  max?: string;
  className?: string;
  /** Actions on the fields' row (a Submit button), so the error line goes under the whole row. */
  children?: ReactNode;
}

/**
 * Start and End date fields (DateInput: the display format, with a calendar). Each limits the other's calendar
 * (start cannot be after end, end cannot be before start), and a typed-in date that breaks the rule or cannot be
 * read is reported through `error`.
 */
export function DateRangeInputs({
  startDate,
  endDate,
  onStartDateChange,
  onEndDateChange,
  error,
  invalidField,
  startLabel = 'Start Date',
  endLabel = 'End Date',
  max,
  className = '',
  children,
}: DateRangeInputsProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hasError = Boolean(error);
  const isStartInvalid = hasError && invalidField !== 'endDate';
  const isEndInvalid = hasError && invalidField !== 'startDate';
  // The start's calendar ends at the end date when there is one (and it is before `max`).
  const startMax = isIsoDate(endDate) && (max === undefined || endDate < max) ? endDate : max;
  return (
    <div className={className}>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-start`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {startLabel}
          </label>
          <DateInput
            id={`${id}-start`}
            label={startLabel}
            value={startDate}
            max={startMax}
            hasError={isStartInvalid}
            describedBy={isStartInvalid ? errorId : undefined}
            onChange={onStartDateChange}
          />
        </div>
        <div>
          <label htmlFor={`${id}-end`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {endLabel}
          </label>
          <DateInput
            id={`${id}-end`}
            label={endLabel}
            value={endDate}
            min={startDate}
            max={max}
            hasError={isEndInvalid}
            describedBy={isEndInvalid ? errorId : undefined}
            onChange={onEndDateChange}
          />
        </div>
        {children}
      </div>
      {hasError ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
