import type { ExtensionDailyRow, ExtensionDeviceRow, ExtensionMarketRow } from '@publisher/contract';
import { weekdayOf } from '@publisher/contract';
import { createRng } from '../seed/prng';

/**
 * The extension revenue service's figures, simulated: for an account and a date, the same rows on every call (a
 * PRNG seeded with exactly those values, never the clock). Dates after `today` report nothing.
 */

const USER_TAGS = ['ext-chrome', 'ext-edge', 'ext-firefox'] as const;
const DEVICE_TYPES = ['desktop', 'mobile', 'tablet'] as const;
const MARKETS = [
  { user_country: 'US', market: 'en-US' },
  { user_country: 'GB', market: 'en-GB' },
  { user_country: 'DE', market: 'de-DE' },
] as const;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

function row(account: string, date: string, userTag: string, slice: string, scale: number): ExtensionDailyRow {
  const rng = createRng(`extension|${account}|${date}|${userTag}|${slice}`);
  const weekday = [0, 6].includes(weekdayOf(date)) ? 0.75 : 1;
  const searches = Math.round(rng.int(800, 4_000) * scale * weekday);
  const biddedSearches = Math.round(searches * rng.float(0.6, 0.9));
  const biddedResults = Math.round(biddedSearches * rng.float(1.5, 3));
  const biddedClicks = Math.round(biddedSearches * rng.float(0.03, 0.12));
  return {
    y_date: date,
    affiliate: `portal-${account}`,
    user_tag: userTag,
    bidded_clicks: biddedClicks,
    bidded_results: biddedResults,
    bidded_searches: biddedSearches,
    composition: round(rng.float(40, 95), 2),
    coverage: searches > 0 ? round((biddedSearches / searches) * 100, 2) : 0,
    ctr: biddedSearches > 0 ? round((biddedClicks / biddedSearches) * 100, 2) : 0,
    partner_rev_share: round(biddedClicks * rng.float(0.2, 0.6), 2),
    searches,
    tq_score: round(rng.float(4, 9.5), 1),
  };
}

export function dailyRows(account: string, date: string, today: string): ExtensionDailyRow[] {
  if (date > today) return [];
  return USER_TAGS.map((tag) => row(account, date, tag, 'daily', 1));
}

export function deviceRows(account: string, date: string, today: string): ExtensionDeviceRow[] {
  if (date > today) return [];
  return USER_TAGS.flatMap((tag) =>
    DEVICE_TYPES.map((device_type, index) => ({
      ...row(account, date, tag, device_type, [0.6, 0.3, 0.1][index] ?? 0.1),
      device_type,
    })),
  );
}

export function marketRows(account: string, date: string, today: string): ExtensionMarketRow[] {
  if (date > today) return [];
  return USER_TAGS.flatMap((tag) =>
    MARKETS.map((market, index) => ({
      ...row(account, date, tag, market.market, [0.7, 0.2, 0.1][index] ?? 0.1),
      ...market,
    })),
  );
}
