import type { CatalogService } from '../catalog/catalog.service';
import type { AppConfig } from '../config/env';
import type { ClickFilter } from '../shared/click-filter';
import type { Clock } from '../shared/clock';
import type { ClickRecorder } from './click-recorder';
import { createDeepLinksRouter } from './deep-links.router';
import { createDeepLinksService } from './deep-links.service';
import type { ShortUrlDomains } from './short-url-domains';
import { createShortUrlsService } from './short-urls.service';
import { createTrackingService } from './tracking.service';

/**
 * Wires the deep-link domain for createApp: generation and downloads, the tracking redirect (recording into
 * the app's click recorder, `clicks`, what the app's click filter admits) and short links (on `shortUrlDomains`).
 */
export function createDeepLinksModule(
  config: AppConfig,
  catalog: CatalogService,
  shortUrlDomains: ShortUrlDomains,
  clickFilter: ClickFilter,
  clicks: ClickRecorder,
  clock: Clock,
) {
  const { trackingBaseUrl, publicApiUrl } = config;
  const tracking = createTrackingService({
    catalog,
    recorder: clicks,
    clickFilter,
    trackingBaseUrl,
    now: () => clock.now(),
  });
  return createDeepLinksRouter({
    deepLinks: createDeepLinksService({ catalog, trackingBaseUrl, publicApiUrl, now: () => clock.nowMs() }),
    tracking,
    shortUrls: createShortUrlsService({
      catalog,
      tracking,
      domains: shortUrlDomains,
      trackingBaseUrl,
      now: () => clock.now(),
    }),
  });
}
