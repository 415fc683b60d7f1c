import { useCallback, useReducer } from 'react';
import { DEFAULT_DATE_PRESET, presetRange, rangeError, type DatePreset, type RangeField } from './date-presets';
import type { DateRange } from '../../../lib/dates';

/**
 * The date filter of every report screen (part 1 §4, part 2 §4):
 * - a preset sets both dates and reloads;
 * - editing Start or End clears the preset; the report reloads only once both dates are set and in order;
 * - a start after the end (or an end before the start) is refused with a visible message and no reload.
 */
export interface ReportRangeState {
  /** The highlighted quick button, or null once a custom date was picked. */
  preset: DatePreset | null;
  /** What the Start and End inputs show; '' while a field is empty. */
  draft: { startDate: string; endDate: string };
  /** The range the report is loaded for. */
  applied: DateRange;
  error: string | null;
}

export type ReportRangeAction =
  | { type: 'preset'; preset: DatePreset; today: string }
  | { type: 'edit'; field: RangeField; value: string }
  | { type: 'reset'; today: string };

export function initialReportRange(today: string, preset: DatePreset = DEFAULT_DATE_PRESET): ReportRangeState {
  const range = presetRange(preset, today);
  return { preset, draft: range, applied: range, error: null };
}

export function reportRangeReducer(state: ReportRangeState, action: ReportRangeAction): ReportRangeState {
  switch (action.type) {
    case 'preset':
      return initialReportRange(action.today, action.preset);
    case 'reset':
      return initialReportRange(action.today);
    case 'edit': {
      const draft = { ...state.draft, [action.field]: action.value };
      const error = rangeError(draft, action.field);
      const isComplete = draft.startDate !== '' && draft.endDate !== '';
      const isNewRange = draft.startDate !== state.applied.startDate || draft.endDate !== state.applied.endDate;
      const applied = isComplete && !error && isNewRange ? { ...draft } : state.applied;
      return { preset: null, draft, applied, error };
    }
  }
}

export interface ReportRange extends ReportRangeState {
  /** The `today` the range was built from: no report has data after it, so neither date may go past it. */
  today: string;
  selectPreset: (preset: DatePreset) => void;
  editDate: (field: RangeField, value: string) => void;
  /** "Clear all": back to the default preset (the last 7 days). */
  reset: () => void;
}

/** The reducer above bound to a screen. `today` is the vendor's current date (YYYY-MM-DD). */
export function useReportRange(today: string, preset: DatePreset = DEFAULT_DATE_PRESET): ReportRange {
  const [state, dispatch] = useReducer(reportRangeReducer, undefined, () => initialReportRange(today, preset));
  const selectPreset = useCallback((next: DatePreset) => dispatch({ type: 'preset', preset: next, today }), [today]);
  const editDate = useCallback((field: RangeField, value: string) => dispatch({ type: 'edit', field, value }), []);
  const reset = useCallback(() => dispatch({ type: 'reset', today }), [today]);
  return { ...state, today, selectPreset, editDate, reset };
}
