import { DATE_RANGE_MESSAGES, daysInRange, isoDateSchema } from '@publisher/contract';
import { z } from 'zod';

/** Shown when a range form is sent with a date left empty. */
export const CHOOSE_BOTH_DATES = 'Choose both dates.';

/** A required date field of a form: '' until chosen (then `emptyMessage`), else the contract's calendar day. */
export const requiredDaySchema = (emptyMessage: string) => z.string().min(1, emptyMessage).pipe(isoDateSchema);

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
  tooLongMessage = `The date range can be at most ${maxDays ?? 0} days`,
  endBeforeStartMessage = DATE_RANGE_MESSAGES.startAfterEnd,
}: RangeRules = {}) {
  return z.object({ startDate: rangeDaySchema, endDate: rangeDaySchema }).superRefine((range, ctx) => {
    // zod still runs this after a field's own issue: an empty date is that field's issue alone.
    if (range.startDate === '' || range.endDate === '') return;
    if (range.startDate > range.endDate) {
      ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGES.startAfterEnd, path: ['startDate'] });
      ctx.addIssue({ code: 'custom', message: endBeforeStartMessage, path: ['endDate'] });
    } else if (maxDays !== undefined && daysInRange(range.startDate, range.endDate) > maxDays) {
      ctx.addIssue({ code: 'custom', message: tooLongMessage, path: ['endDate'] });
    }
  });
}
