import { DATE_RANGE_MESSAGES, daysInRange, isIsoDate, isoDateSchema, rangeTooLongMessage } from '@publisher/contract';
import { z } from 'zod';

/** Shown when a date field's text is not a date DateInput can read. */
export const UNREADABLE_DATE = 'Enter a date like 20 Nov 2026.';

/** Shown when a range form is sent with a date left empty. */
export const CHOOSE_BOTH_DATES = 'Choose both dates.';

/**
 * A required date field of a form (DateInput): '' until chosen (then `emptyMessage`), text it could not read as a
 * date (then how to write one), else the call's own calendar day (the contract's, unless the call has its own).
 */
export const requiredDaySchema = (emptyMessage: string, wireSchema: z.ZodType<string> = isoDateSchema) =>
  z
    .string()
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: emptyMessage });
      else if (!isIsoDate(value)) ctx.addIssue({ code: 'custom', message: UNREADABLE_DATE });
    })
    .pipe(wireSchema);

/** An optional date field of a form (DateInput): '' is no date; otherwise as requiredDaySchema. */
export const optionalDaySchema = (wireSchema: z.ZodType<string> = isoDateSchema) =>
  // A text that is not '' fails the literal outright and the day schema with its own message: zod reports that one.
  z.union([z.literal(''), requiredDaySchema('', wireSchema)]);

const rangeDaySchema = requiredDaySchema(CHOOSE_BOTH_DATES);

interface RangeRules {
  /** Longest range the screen's call accepts, in days (both ends included). */
  maxDays?: number;
  /** The call's own message for a longer range. */
  tooLongMessage?: string;
  /**
   * The message when the end is edited to before the start (the report screens name the field just edited); the
   * start's message is always the contract's "Start Date cannot be after End Date".
   */
  endBeforeStartMessage?: string;
}

/**
 * The Start/End pair of a range form, from the contract's date field and range messages. The rule breaks put an
 * issue on both fields, so a form that validates only the field just edited (DateRangeField) names that one.
 */
export function dateRangeFormSchema({
  maxDays,
  tooLongMessage = rangeTooLongMessage(maxDays ?? 0),
  endBeforeStartMessage = DATE_RANGE_MESSAGES.startAfterEnd,
}: RangeRules = {}) {
  return z.object({ startDate: rangeDaySchema, endDate: rangeDaySchema }).superRefine((range, ctx) => {
    // zod still runs this after a field's own issue: an empty or unreadable date is that field's issue alone.
    if (!isIsoDate(range.startDate) || !isIsoDate(range.endDate)) return;
    if (range.startDate > range.endDate) {
      ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGES.startAfterEnd, path: ['startDate'] });
      ctx.addIssue({ code: 'custom', message: endBeforeStartMessage, path: ['endDate'] });
    } else if (maxDays !== undefined && daysInRange(range.startDate, range.endDate) > maxDays) {
      ctx.addIssue({ code: 'custom', message: tooLongMessage, path: ['endDate'] });
    }
  });
}
