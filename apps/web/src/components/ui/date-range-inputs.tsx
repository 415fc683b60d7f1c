import { useId } from 'react';
import { fieldClasses } from './field-message';

interface DateRangeInputsProps {
  /** YYYY-MM-DD, or '' while empty. */
  startDate: string;
  endDate: string;
  onStartDateChange: (value: string) => void;
  onEndDateChange: (value: string) => void;
  /** Shown under the fields and marks both invalid (e.g. a start after the end). */
  error?: string | null;
  startLabel?: string;
  endLabel?: string;
  /** Latest date either field offers (e.g. today). */
  max?: string;
  className?: string;
}

/**
 * Start and End native date inputs. Each limits the other (start cannot be after end, end cannot be before
 * start) through min/max, and a typed-in date that breaks the rule is reported through `error`.
 */
export function DateRangeInputs({
  startDate,
  endDate,
  onStartDateChange,
  onEndDateChange,
  error,
  startLabel = 'Start Date',
  endLabel = 'End Date',
  max,
  className = '',
}: DateRangeInputsProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hasError = Boolean(error);
  const startMax = endDate !== '' ? (max && max < endDate ? max : endDate) : max;
  return (
    <div className={className}>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-start`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {startLabel}
          </label>
          <input
            id={`${id}-start`}
            type="date"
            value={startDate}
            max={startMax}
            aria-invalid={hasError}
            aria-describedby={hasError ? errorId : undefined}
            onChange={(event) => onStartDateChange(event.target.value)}
            className={fieldClasses(hasError, 'w-44')}
          />
        </div>
        <div>
          <label htmlFor={`${id}-end`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {endLabel}
          </label>
          <input
            id={`${id}-end`}
            type="date"
            value={endDate}
            min={startDate !== '' ? startDate : undefined}
            max={max}
            aria-invalid={hasError}
            aria-describedby={hasError ? errorId : undefined}
            onChange={(event) => onEndDateChange(event.target.value)}
            className={fieldClasses(hasError, 'w-44')}
          />
        </div>
      </div>
      {hasError ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
