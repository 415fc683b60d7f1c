import type { Request, Response } from 'express';
import type { AppRoute } from '@ts-rest/core';
import { SEARCH_TEXT_MAX, catalogContract, type SearchList } from '@publisher/contract';
import type { Caller } from '../shared/auth/caller';
import type { ActivityRecorder } from './activity-recorder';

/** Longest path a log line keeps. */
const MAX_LOGGED_PATH = 200;

/**
 * The searches the search logs count: the product list's `q` and the merchant lists' `searchText` (part 2 §2
 * "Merchant/logs screen"). The merchant summaries are left out: the screens call them with the same text as
 * the list beside them, and one search must count once.
 */
const SEARCHES: readonly { route: AppRoute; list: SearchList; param: string }[] = [
  { route: catalogContract.getProductslist, list: 'products', param: 'q' },
  ...[
    catalogContract.getMerchantsV2,
    catalogContract.getCountryMerchants,
    catalogContract.newdashboardMerchants,
    catalogContract.doneoftheownouMerchants,
    catalogContract.doneoftheownouTrackierMerchants,
    catalogContract.shoppermeetMerchants,
    catalogContract.shoppermeetTrackierMerchants,
    catalogContract.kelkooMerchants,
  ].map((route) => ({ route, list: 'merchants' as const, param: 'searchText' })),
];

type SearchByRoute = ReadonlyMap<string, (typeof SEARCHES)[number]>;

const firstString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A search worth counting: a non-empty text on the first page (paging through results is not a new search). */
function searchOf(
  searchByRoute: SearchByRoute,
  req: Request & { tsRestRoute?: AppRoute },
): { list: SearchList; text: string } | null {
  const route = req.tsRestRoute;
  if (!route) return null;
  const search = searchByRoute.get(`${route.method} ${route.path}`);
  if (!search) return null;
  const query = req.query;
  const text = firstString(query[search.param])?.trim().toLowerCase() ?? '';
  const pageNo = firstString(query['pageNo'])?.trim() ?? '';
  if (text === '' || text.length > SEARCH_TEXT_MAX || (pageNo !== '' && pageNo !== '1')) return null;
  return { list: search.list, text };
}

/**
 * The access middleware's `onAuthenticated` hook: once the answer is sent, records the call (vendor, method,
 * path without its query string, status, how the caller authenticated, time) and, for a successful search of a
 * product or merchant list, the search. Memory only; the recorder writes in batches.
 */
export function recordActivity(recorder: ActivityRecorder) {
  // By method and path: the composed contract holds copies of the domain contracts' route objects.
  const searchByRoute: SearchByRoute = new Map(
    SEARCHES.map((search) => [`${search.route.method} ${search.route.path}`, search]),
  );
  return (caller: Caller, req: Request & { tsRestRoute?: AppRoute }, res: Response): void => {
    const at = new Date();
    const { vendorId } = caller.user;
    const search = searchOf(searchByRoute, req);
    const path = req.path.slice(0, MAX_LOGGED_PATH);
    const { method } = req;
    res.once('finish', () => {
      recorder.recordCall({ vendorId, method, path, status: res.statusCode, via: caller.via, at });
      if (search && res.statusCode === 200) recorder.recordSearch({ vendorId, ...search, at });
    });
  };
}
