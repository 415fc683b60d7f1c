/**
 * The web's calendar is the contract's (libs/contract/src/common/calendar.ts), shared with the API and the
 * verifier: `YYYY-MM-DD` days in UTC arithmetic, and "today" the UTC date, as the API counts report days. This
 * module names what the screens use of it. How a date is shown is lib/format.ts's business.
 */
export {
  addDays,
  dayCount,
  daysBack,
  daysBetween,
  isIsoDate,
  previousMonth,
  previousRange,
  previousWeek,
  todayUtc,
  yesterdayUtc,
  type DateRange,
  type IsoDate,
} from '@publisher/contract';
