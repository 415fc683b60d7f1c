import mongoose from 'mongoose';
import { directLinkQuerySchema, NO_ID, parseSubId, todayUtc, TRACKING_PROGRAMS } from '@publisher/contract';
import type { z } from 'zod';
import type { CatalogService } from '../catalog/catalog.service';
import { AppError } from '../shared/app-error';
import type { ClickRecord } from './click.model';
import type { ClickFilter } from '../shared/click-filter';
import type { ClickRecorder } from './click-recorder';
import { deviceOf } from './device';
import { merchantIndexOf, resolveMerchant } from './merchant-index';

export type DirectLinkQuery = z.output<typeof directLinkQuerySchema>;

/** What the request tells about the visitor. */
export interface Visitor {
  userAgent: string | undefined;
  referrer: string | undefined;
  /** False for a HEAD request (link checkers, previews): it is redirected but not counted. */
  isClick: boolean;
  /** The client's address (Express's req.ip, which TRUST_PROXY governs): what the flood filter counts by. */
  address: string;
}

/** A link whose target is not a merchant of its program (or not on the merchant's host). */
export const NOT_A_MERCHANT_MESSAGE = 'This link does not lead to a merchant of its program.';

/** Longest referrer kept with a click. */
const REFERRER_MAX = 500;

export interface TrackingService {
  /**
   * Where a direct link sends its visitor (re-serialised, on the merchant's host), or undefined when it does not
   * lead to a merchant of its program; records nothing.
   */
  landingOf(query: DirectLinkQuery): Promise<string | undefined>;
  /** Resolves a direct link, records its click and returns where to send the visitor. */
  follow(query: DirectLinkQuery, visitor: Visitor, shortCode?: string): Promise<string>;
  /**
   * The query of a direct link on this API's tracking host, parsed; undefined when the URL is not one.
   * Short links to direct links resolve through it in one hop.
   */
  directLinkQueryOf(url: string): DirectLinkQuery | undefined;
  /** Records a click on a short link whose target is not a direct link (a partner network's link). */
  recordOther(vendorId: number, targetUrl: string, visitor: Visitor, shortCode: string): Promise<void>;
}

export interface TrackingServiceDeps {
  catalog: CatalogService;
  recorder: ClickRecorder;
  /** Which follows are recorded (duplicates and floods are redirected without a click). */
  clickFilter: ClickFilter;
  trackingBaseUrl: string;
  /** The app's clock (app-state.ts): the scenario controls may fix it. */
  now: () => Date;
}

export function createTrackingService({
  catalog,
  recorder,
  clickFilter,
  trackingBaseUrl,
  now,
}: TrackingServiceDeps): TrackingService {
  const directLinkPrefix = `${trackingBaseUrl}/redirect?`;

  function baseClick(
    vendorId: number,
    visitor: Visitor,
    shortCode: string,
  ): Omit<
    ClickRecord,
    | 'source'
    | 'isCPC'
    | 'programCode'
    | 'merchantName'
    | 'domain'
    | 'campaign'
    | 'placementId'
    | 'clickId'
    | 'subId'
    | 'country'
  > {
    const at = now();
    return {
      _id: new mongoose.Types.ObjectId(),
      at,
      date: todayUtc(at),
      vendorId,
      device: deviceOf(visitor.userAgent),
      referrer: (visitor.referrer ?? '').slice(0, REFERRER_MAX),
      shortCode,
    };
  }

  /** Only merchants of the link's source are redirected to, on their own host: the tracking host is no open redirect. */
  async function merchantOf(query: DirectLinkQuery) {
    const program = TRACKING_PROGRAMS[query.source];
    return resolveMerchant(merchantIndexOf(await catalog.snapshot()), program.source, query.url, query.country);
  }

  return {
    async landingOf(query) {
      return (await merchantOf(query))?.redirectUrl;
    },

    async follow(query, visitor, shortCode = '') {
      const program = TRACKING_PROGRAMS[query.source];
      const sub = parseSubId(query.sub);
      if (!sub) throw AppError.badRequest('sub must be vendorId_placementId[_clickId]');
      const merchant = await merchantOf(query);
      if (!merchant) throw AppError.notFound(NOT_A_MERCHANT_MESSAGE);
      if (!visitor.isClick) return merchant.redirectUrl;
      const link = [query.source, merchant.redirectUrl, query.sub, query.clickid ?? '', query.country ?? ''].join('\n');
      if (clickFilter.admit(visitor.address, link) !== 'record') return merchant.redirectUrl;
      await recorder.record({
        ...baseClick(sub.vendorId, visitor, shortCode),
        source: program.source,
        isCPC: program.type === 'CPC',
        programCode: query.source,
        merchantName: merchant.merchantName,
        domain: merchant.domain,
        campaign: query.publisher,
        placementId: sub.placementId,
        clickId: query.clickid ?? sub.clickId ?? NO_ID,
        subId: query.sub,
        country: query.country ?? merchant.country,
      });
      return merchant.redirectUrl;
    },

    directLinkQueryOf(url) {
      if (!url.startsWith(directLinkPrefix)) return undefined;
      const params = Object.fromEntries(new URLSearchParams(url.slice(directLinkPrefix.length)));
      const parsed = directLinkQuerySchema.safeParse(params);
      return parsed.success ? parsed.data : undefined;
    },

    async recordOther(vendorId, targetUrl, visitor, shortCode) {
      if (!visitor.isClick) return;
      if (clickFilter.admit(visitor.address, `${shortCode}\n${targetUrl}`) !== 'record') return;
      let domain = '';
      try {
        domain = new URL(targetUrl).hostname;
      } catch {
        // Stored targets were validated as URLs when the short link was made.
      }
      await recorder.record({
        ...baseClick(vendorId, visitor, shortCode),
        source: null,
        isCPC: true,
        programCode: '',
        merchantName: '',
        domain,
        campaign: '',
        placementId: NO_ID,
        clickId: NO_ID,
        subId: '',
        country: '',
      });
    },
  };
}
