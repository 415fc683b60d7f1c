import { TitleFilterModel, type TitleFilterRecord } from './title-filter.model';

/** At most this many filters are read (an admin types them one by one; far more would slow every product list). */
export const MAX_TITLE_FILTERS = 1_000;

/**
 * The title filters in memory, for the product list: it checks every candidate title against them, so they
 * must not cost a database read per request.
 *
 * - `namesFor(vendorId)` answers from memory, reloading first when the copy is older than `recheckMs` (another
 *   API process may have changed the filters) or was marked stale by a change in this process.
 * - `changed()` reloads at once: the admin's add or delete shows in the next product list of this process.
 */
export interface TitleFilterCache {
  namesFor(vendorId: number): Promise<readonly string[]>;
  changed(): Promise<void>;
}

interface Loaded {
  filters: readonly Pick<TitleFilterRecord, 'name' | 'campaign_id'>[];
  loadedAt: number;
}

export interface TitleFilterCacheOptions {
  recheckMs?: number;
  now?: () => number;
}

export function createTitleFilterCache(options: TitleFilterCacheOptions = {}): TitleFilterCache {
  const { recheckMs = 5_000, now = Date.now } = options;
  let loaded: Loaded | undefined;
  let inFlight: Promise<Loaded> | undefined;

  function reload(): Promise<Loaded> {
    inFlight ??= (async () => {
      try {
        const filters = await TitleFilterModel.find({}, { name: 1, campaign_id: 1 })
          .sort({ name: 1 })
          .limit(MAX_TITLE_FILTERS)
          .lean<Pick<TitleFilterRecord, 'name' | 'campaign_id'>[]>();
        loaded = { filters, loadedAt: now() };
        return loaded;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  const isFresh = (copy: Loaded | undefined): copy is Loaded => copy !== undefined && now() - copy.loadedAt < recheckMs;

  return {
    async namesFor(vendorId) {
      const current = isFresh(loaded) ? loaded : await reload();
      return current.filters
        .filter((filter) => filter.campaign_id === null || filter.campaign_id === vendorId)
        .map((filter) => filter.name);
    },
    async changed() {
      // A reload already running may have read the filters before this change: wait for it, then read again.
      await inFlight?.catch(() => undefined);
      await reload();
    },
  };
}
