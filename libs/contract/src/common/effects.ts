import type { ContractRoute } from './routes';

/**
 * Which routes change nothing on the server, in one place: the verifier's `--read-only` and proxy modes, and the
 * API's reset tests that read everything an account can see. The rule is the method (GET reads; POST, PUT, PATCH
 * and DELETE write), with two lists of exceptions.
 */

/**
 * POST routes that change nothing: report and feed queries (a POST for their long filter bodies), lookups by
 * id, name checks, signing in (the extension service's too), deep link generation (a link is computed, not
 * stored) and revealing a vendor's apiKey (logged, not changed).
 */
export const READING_POSTS: ReadonlySet<string> = new Set([
  'auth.signin',
  'reports.getEarningsReport',
  'reports.getPerformanceReport',
  'reports.getTopPerformers',
  'reports.getClicksReports',
  'reports.getAllClicksSummary',
  'reports.getAllClicksSummarybyDate',
  'reports.getConversionReports',
  'reports.getConversionReportSummary',
  'reports.getConversionReportSummaryByDate',
  'reports.getConversionReportsDownLoad',
  'reports.getQualityReport',
  'reports.getOrderHistory',
  'reports.getConversionReports2',
  'reports.getDeeplink3ConversionReports',
  'reports.getDeeplink4ConversionReports',
  'reports.getDeeplink5ConversionReports',
  'admin.revealVendorApiKey',
  'deepLinks.generateDeepLink',
  'deepLinks.generateDeepLinkAll',
  'deepLinks.generateKelkooDeepLink',
  'settings.checkDomainNameIsExit',
  'settings.checkShortURLNameIsExit',
  'feeds.getYahooFeedDetails',
  'feeds.getCustomYahooFeeds',
  'feeds.getMediaNetReports',
  'extension.serviceLogin',
  'content.getEventById',
  'content.getPodcastById',
  'dailyQuotes.getDailyQuoteById',
]);

/** GET routes that write: report ingestion runs, and the tracking links that record a click. */
export const WRITING_GETS: ReadonlySet<string> = new Set([
  'reports.saveDailyReportsConnexity',
  'reports.saveDailyReportsNewdashboard',
  'reports.saveDailyReportsDoneoftheownou',
  'reports.saveDailyReportsShoppermeet',
  'reports.saveDailyReportsKelkoo',
  'deepLinks.followDirectLink',
  'deepLinks.followShortUrl',
  'feeds.addPriceLineFeeds',
  'feeds.addYahooFeeds',
]);

/** Whether calling a route changes nothing on the server. */
export function changesNothing(entry: Pick<ContractRoute, 'key' | 'method'>): boolean {
  return entry.method === 'GET' ? !WRITING_GETS.has(entry.key) : READING_POSTS.has(entry.key);
}
