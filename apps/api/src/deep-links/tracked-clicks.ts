import type { ReportSource } from '@publisher/contract';
import type { StoredRow } from '../reports/report-partition.model';
import { AppError } from '../shared/app-error';
import { clickModel, type ClickRecord } from './click.model';
import type { ClickRecorder } from './click-recorder';

/** Category of rows made from tracked clicks: the click carries no product category. */
export const TRACKED_CLICK_CATEGORY = 'N/A';

const READ_TIMEOUT_MS = 60_000;
/** How long a save waits for buffered clicks to reach the database. */
const FLUSH_TIMEOUT_MS = 60_000;

type ClickFields = Pick<
  ClickRecord,
  'vendorId' | 'merchantName' | 'domain' | 'country' | 'device' | 'placementId' | 'clickId' | 'subId' | 'isCPC'
>;

/** `${vendorId}|${date}`: the key of a vendor's day in the result of trackedClickRows. */
export const vendorDayKey = (vendorId: number, date: string): string => `${vendorId}|${date}`;

/**
 * The clicks this API recorded for a source on the dates, as report rows: one row per vendor, date, merchant,
 * country, device, placement, click id and pricing, with its click count (sales and earnings come from the
 * network's own report, so they are 0 here). Flushes the app's recorder first, when there is one, so every click
 * recorded before the call is counted (the seed and scripts record no clicks: they have none). Reads one day collection at a time through a cursor.
 */
export async function trackedClickRows(
  source: ReportSource,
  dates: readonly string[],
  recorder?: ClickRecorder,
): Promise<Map<string, StoredRow[]>> {
  try {
    await recorder?.flush(FLUSH_TIMEOUT_MS);
  } catch {
    // Saving without them would leave recorded clicks out of the report for good (the save replaces the day).
    throw new AppError('internal', ['Recorded clicks could not be written yet; try the save again.']);
  }
  const result = new Map<string, StoredRow[]>();
  for (const date of dates) {
    const rows = new Map<string, StoredRow>();
    const cursor = clickModel(date)
      .find(
        { source },
        {
          vendorId: 1,
          merchantName: 1,
          domain: 1,
          country: 1,
          device: 1,
          placementId: 1,
          clickId: 1,
          subId: 1,
          isCPC: 1,
        },
      )
      .maxTimeMS(READ_TIMEOUT_MS)
      .lean<ClickFields[]>()
      .cursor();
    for await (const click of cursor as AsyncIterable<ClickFields>) {
      const key = [
        click.vendorId,
        click.merchantName,
        click.domain,
        click.country,
        click.device,
        click.placementId,
        click.clickId,
        click.subId,
        click.isCPC,
      ].join('\u0000');
      const row = rows.get(key);
      if (row) {
        row.clicks += 1;
        continue;
      }
      const created: StoredRow = {
        merchantName: click.merchantName,
        domain: click.domain,
        category: TRACKED_CLICK_CATEGORY,
        country: click.country,
        device: click.device,
        placementId: click.placementId,
        clickId: click.clickId,
        subId: click.subId,
        isCPC: click.isCPC,
        clicks: 1,
        salesCount: 0,
        sales: 0,
        earnings: 0,
        earningsEur: 0,
      };
      rows.set(key, created);
      const dayKey = vendorDayKey(click.vendorId, date);
      const list = result.get(dayKey);
      if (list) list.push(created);
      else result.set(dayKey, [created]);
    }
  }
  return result;
}
