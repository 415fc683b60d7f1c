/**
 * The API's calendar is the contract's (libs/contract/src/common/calendar.ts): `YYYY-MM-DD` days in UTC, shared with
 * the web app and the verifier. This module names it for the API's files that still import it from here (among
 * them control/ and the report ingest, which other work holds now); new code imports from @publisher/contract.
 */
export { addDays, daysBetween, eachDate, monthOf, periodStart, todayUtc, weekdayOf } from '@publisher/contract';
