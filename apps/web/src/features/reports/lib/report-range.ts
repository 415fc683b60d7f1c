import { zodResolver } from '@hookform/resolvers/zod';
import { DATE_RANGE_MESSAGES, MAX_DATE_RANGE_DAYS } from '@publisher/contract';
import { useCallback, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { dateRangeFormSchema } from '../../../lib/date-range-form';
import type { DateRange } from '@publisher/contract';
import { DEFAULT_DATE_PRESET, presetRange, RANGE_MESSAGES, type DatePreset } from './date-presets';

/**
 * The range rules of the report calls (the contract's date fields, order and length), in the words of part 1 §5:
 * a start after the end names the field just edited.
 */
export const reportRangeFormSchema = dateRangeFormSchema({
  maxDays: MAX_DATE_RANGE_DAYS,
  tooLongMessage: DATE_RANGE_MESSAGES.rangeTooLong,
  endBeforeStartMessage: RANGE_MESSAGES.endBeforeStart,
});
const reportRangeResolver = zodResolver(reportRangeFormSchema);

/**
 * The date filter of every report screen (part 1 §4, part 2 §4):
 * - a preset sets both dates and reloads;
 * - editing Start or End clears the preset; the report reloads only once the form finds both dates set and in order;
 * - a range the form refuses shows its message and reloads nothing.
 */
export interface ReportRange {
  /** The Start and End fields (resolver: {@link reportRangeFormSchema}). */
  form: UseFormReturn<DateRange>;
  /** The highlighted quick button, or null once a custom date was picked. */
  preset: DatePreset | null;
  /** The range the report is loaded for. */
  applied: DateRange;
  /** The `today` the range was built from: no report has data after it, so neither date may go past it. */
  today: string;
  selectPreset: (preset: DatePreset) => void;
  /** A date was edited: the quick buttons let go. */
  clearPreset: () => void;
  /** The form found the edited range valid: the report is loaded for it. */
  apply: (range: DateRange) => void;
  /** "Clear all": back to the default preset (the last 7 days). */
  reset: () => void;
}

interface Choice {
  preset: DatePreset | null;
  applied: DateRange;
}

/** The report date filter bound to a screen. `today` is the vendor's current date (YYYY-MM-DD). */
export function useReportRange(today: string, preset: DatePreset = DEFAULT_DATE_PRESET): ReportRange {
  const form = useForm<DateRange>({ defaultValues: presetRange(preset, today), resolver: reportRangeResolver });
  const [choice, setChoice] = useState<Choice>(() => ({ preset, applied: presetRange(preset, today) }));
  const { reset: resetForm } = form;

  const selectPreset = useCallback(
    (next: DatePreset) => {
      const range = presetRange(next, today);
      resetForm(range);
      setChoice({ preset: next, applied: range });
    },
    [today, resetForm],
  );
  const clearPreset = useCallback(() => setChoice((current) => ({ ...current, preset: null })), []);
  const apply = useCallback(
    (range: DateRange) =>
      setChoice((current) =>
        current.applied.startDate === range.startDate && current.applied.endDate === range.endDate
          ? current
          : { ...current, applied: { startDate: range.startDate, endDate: range.endDate } },
      ),
    [],
  );
  const reset = useCallback(() => selectPreset(DEFAULT_DATE_PRESET), [selectPreset]);
  return { form, ...choice, today, selectPreset, clearPreset, apply, reset };
}
