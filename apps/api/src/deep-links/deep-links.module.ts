import type { CatalogService } from '../catalog/catalog.service';
import type { AppConfig } from '../config/env';
import { clickRecorder } from './click-recorder';
import { createDeepLinksRouter } from './deep-links.router';
import { createDeepLinksService } from './deep-links.service';
import { trackingHostDomains, type ShortUrlDomains } from './short-url-domains';
import { createShortUrlsService } from './short-urls.service';
import { createTrackingService } from './tracking.service';

/**
 * Wires the deep-link domain for createApp: generation and downloads, the tracking redirect (recording into
 * the process's click recorder) and short links (on `shortUrlDomains`: by default the tracking host only).
 */
export function createDeepLinksModule(
  config: AppConfig,
  catalog: CatalogService,
  shortUrlDomains: ShortUrlDomains = trackingHostDomains(config.trackingBaseUrl),
) {
  const { trackingBaseUrl, publicApiUrl } = config;
  const tracking = createTrackingService({ catalog, recorder: clickRecorder, trackingBaseUrl });
  return createDeepLinksRouter({
    deepLinks: createDeepLinksService({ catalog, trackingBaseUrl, publicApiUrl }),
    tracking,
    shortUrls: createShortUrlsService({
      catalog,
      tracking,
      domains: shortUrlDomains,
      trackingBaseUrl,
    }),
  });
}
