import { addDays, daysBetween, REPORT_SOURCES, todayUtc } from '@publisher/contract';
import {
  MAX_SAVE_DAYS,
  failInterruptedRuns,
  saveReports,
  staleSimulatedDates,
  unsavedDates,
} from '../reports/report-ingest.service';

/** Splits ascending dates into runs of consecutive days, each at most `maxDays` long. */
export function consecutiveChunks(dates: readonly string[], maxDays: number): [string, string][] {
  const chunks: [string, string][] = [];
  for (const date of dates) {
    const current = chunks[chunks.length - 1];
    if (current && daysBetween(current[1], date) === 1 && daysBetween(current[0], date) < maxDays) current[1] = date;
    else chunks.push([date, date]);
  }
  return chunks;
}

export interface ReportSeedOptions {
  /** Days up to and including today. */
  days: number;
  today?: string;
  /** The seed's time: its report runs and saved days are stamped with it (and their ids follow from it). */
  at?: Date;
}

/**
 * Saves the last `days` days of every source through the same ingestion the admin's save calls use. Only
 * dates that no save ever completed, or that an older simulator wrote (staleSimulatedDates), are saved, so a
 * restart costs a lookup per month, and a date uploaded from a file is never overwritten. Returns a one-line summary with the time it took.
 */
export async function seedReports({ days, today = todayUtc(), at }: ReportSeedOptions): Promise<string> {
  const started = performance.now();
  const interrupted = await failInterruptedRuns();
  const firstDay = addDays(today, -(days - 1));
  let datesSaved = 0;
  let rowsWritten = 0;
  for (const source of REPORT_SOURCES) {
    const missing = [
      ...(await unsavedDates(source, firstDay, today)),
      ...(await staleSimulatedDates(source, firstDay, today)),
    ].sort();
    for (const [startDate, endDate] of consecutiveChunks(missing, MAX_SAVE_DAYS)) {
      const outcome = await saveReports({ source, startDate, endDate, trigger: 'seed', today, ...(at ? { at } : {}) });
      datesSaved += outcome.datesSaved.length;
      rowsWritten += outcome.rowsWritten;
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const repaired = interrupted > 0 ? `, ${interrupted} interrupted run(s) marked failed` : '';
  if (datesSaved === 0)
    return `reports: the last ${days} days of ${REPORT_SOURCES.length} sources were already saved (${seconds} s${repaired})`;
  return `reports: saved ${datesSaved} source-days (${rowsWritten} rows) of the last ${days} days in ${seconds} s${repaired}`;
}
