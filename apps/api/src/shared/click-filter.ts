import { LRUCache } from 'lru-cache';

/**
 * Which public clicks are recorded: without it anyone could pour clicks and search texts into any vendor's report.
 * Tracking links stay public and every follow is still redirected, so nothing a browser user does is refused; the
 * filter only decides what reaches the click collections:
 * - a duplicate (same client address and same link: target and sub, or feed values) within `duplicateWindowMs`
 *   counts once, like a double click or a reload;
 * - one address has at most `perAddressLimit` clicks recorded per `perAddressWindowMs` (a fixed window from its
 *   first recorded click), and at most `searchTextLimit` of them may carry a search text (public feed links' q);
 * - what it drops is counted, per reason, for `/health`.
 *
 * State is per filter, and createApp makes one per app: two apps in one process share nothing. Memory is bounded:
 * at most MAX_TRACKED links seen and addresses counted (least recently used go first; an address forgotten that
 * way starts a new window, which bounds a many-address flood by the LRU rather than the limit).
 */

export interface ClickFilterLimits {
  /** Same address and link within this long count once; 0 turns duplicate filtering off. */
  duplicateWindowMs: number;
  /** Clicks one address may have recorded per window (the redirects beyond it still redirect). */
  perAddressLimit: number;
  perAddressWindowMs: number;
  /** Of those, clicks carrying a search text (GET /addYahooFeeds q). */
  searchTextLimit: number;
}

export type ClickVerdict = 'record' | 'duplicate' | 'overLimit';

/** Clicks not recorded since the app started, by reason. */
export interface ClickFilterStats {
  duplicates: number;
  overAddressLimit: number;
  searchTextsOverLimit: number;
}

export interface ClickFilter {
  /**
   * Whether to record a click by `address` on `link` (a key naming the link's target and sub, or the feed link's
   * values); a 'record' verdict counts toward the address's limits, the others toward the stats.
   */
  admit(address: string, link: string, options?: { hasSearchText?: boolean }): ClickVerdict;
  stats(): ClickFilterStats;
}

/** Links remembered and addresses counted at most (a few MB at most). */
export const MAX_TRACKED = 100_000;

interface AddressWindow {
  startedAt: number;
  clicks: number;
  searchTexts: number;
}

/** `now`: milliseconds, real time by default (a window measures elapsed time, not the business date). */
export function createClickFilter(limits: ClickFilterLimits, now: () => number = Date.now): ClickFilter {
  // Bounded by size (each entry counts 1) rather than `max`: lru-cache allocates `max` slots up front, 4.6 MiB for
  // the two, which every mock session's app paid before its first click (control/sessions.ts).
  const bound = { maxSize: MAX_TRACKED, sizeCalculation: () => 1 };
  // ttlResolution 0: staleness is judged by `now` on every read, so a test's fake clock is followed exactly.
  const seen = new LRUCache<string, true>({
    ...bound,
    ttl: Math.max(limits.duplicateWindowMs, 1),
    ttlResolution: 0,
    perf: { now },
  });
  const windows = new LRUCache<string, AddressWindow>(bound);
  const stats: ClickFilterStats = { duplicates: 0, overAddressLimit: 0, searchTextsOverLimit: 0 };

  return {
    admit(address, link, { hasSearchText = false } = {}) {
      const linkKey = `${address}\n${link}`;
      if (limits.duplicateWindowMs > 0 && seen.has(linkKey)) {
        stats.duplicates += 1;
        return 'duplicate';
      }
      const at = now();
      let window = windows.get(address);
      if (!window || at - window.startedAt >= limits.perAddressWindowMs) {
        window = { startedAt: at, clicks: 0, searchTexts: 0 };
        windows.set(address, window);
      }
      if (window.clicks >= limits.perAddressLimit) {
        stats.overAddressLimit += 1;
        return 'overLimit';
      }
      if (hasSearchText && window.searchTexts >= limits.searchTextLimit) {
        stats.searchTextsOverLimit += 1;
        return 'overLimit';
      }
      window.clicks += 1;
      if (hasSearchText) window.searchTexts += 1;
      if (limits.duplicateWindowMs > 0) seen.set(linkKey, true);
      return 'record';
    },
    stats: () => ({ ...stats }),
  };
}
