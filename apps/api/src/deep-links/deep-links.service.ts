import {
  DEEP_LINK_MESSAGES,
  buildDeeplink3Link,
  buildDeeplink4Link,
  buildDirectLink,
  buildTrackingLink,
  deepLinkRefusal,
  DEEP_LINK_VENDOR_IDS,
  isSamsAndKohlsDomain,
  deepLinkTypeOf,
  merchantHomeUrl,
  merchantLockOf,
  type DeepLinkProduct,
  type DeepLinkType,
  type DirectLinkSource,
  type generateDeepLinkAllBodySchema,
  type generateDeepLinkBodySchema,
  type generateKelkooDeepLinkBodySchema,
  type newdashboardMerchantLinksQuerySchema,
  type partnerMerchantLinksQuerySchema,
} from '@publisher/contract';
import type { z } from 'zod';
import { UserModel, type UserRecord } from '../auth/user.model';
import { presentUser } from '../auth/user.presenter';
import type { PartnerEntry } from '../catalog/catalog.read-model';
import type { CatalogService } from '../catalog/catalog.service';
import { AppError } from '../shared/app-error';
import { isAdmin, type Caller } from '../shared/auth/caller';
import { textMatcher } from '../shared/text';
import { merchantIndexOf, resolveMerchant } from './merchant-index';

export type GenerateDeepLinkBody = z.output<typeof generateDeepLinkBodySchema>;
export type GenerateDeepLinkAllBody = z.output<typeof generateDeepLinkAllBodySchema>;
export type GenerateKelkooDeepLinkBody = z.output<typeof generateKelkooDeepLinkBodySchema>;
export type NewdashboardMerchantLinksQuery = z.output<typeof newdashboardMerchantLinksQuerySchema>;
export type PartnerMerchantLinksQuery = z.output<typeof partnerMerchantLinksQuerySchema>;

/** What a generator hands back: the link and what the screens show beside it. */
export interface GeneratedLink {
  link: string;
  merchantName: string;
  /** Absolute URL of the merchant's generated logo. */
  merchantLogo: string;
  type: DeepLinkType;
}

/** One row of a merchant-links download: the merchant's list fields and its link. */
export interface MerchantLinkRow {
  entry: PartnerEntry;
  link: string;
}

/** The four partner downloads (deep links 3, 3 New, 4, 4 New). */
export type PartnerLinkList = 'deeplink3' | 'deeplink3New' | 'deeplink4' | 'deeplink4New';

const PARTNER_LIST_SOURCE = {
  deeplink3: 'doneoftheownou',
  deeplink3New: 'doneoftheownou',
  deeplink4: 'shoppermeet',
  deeplink4New: 'shoppermeet',
} as const satisfies Record<PartnerLinkList, string>;

export interface DeepLinksServiceDeps {
  catalog: CatalogService;
  trackingBaseUrl: string;
  /** Origin of the generated logo URLs. */
  publicApiUrl: string;
  /** Milliseconds since the epoch on the app's clock: the timestamp fallbacks of the links. */
  now: () => number;
}

export interface DeepLinksService {
  generate(
    caller: Caller,
    source: DirectLinkSource,
    body: GenerateDeepLinkBody | GenerateDeepLinkAllBody | GenerateKelkooDeepLinkBody,
  ): Promise<GeneratedLink>;
  newdashboardLinks(caller: Caller, query: NewdashboardMerchantLinksQuery): Promise<MerchantLinkRow[]>;
  partnerLinks(caller: Caller, list: PartnerLinkList, query: PartnerMerchantLinksQuery): Promise<MerchantLinkRow[]>;
}

/** The deep-link product (menu entry) of each direct-link source. */
const PRODUCT_OF_SOURCE = {
  connexity: 'deeplink1',
  newdashboard: 'deeplink2',
  kelkoo: 'deeplink5',
} as const satisfies Record<DirectLinkSource, DeepLinkProduct>;

/**
 * The product a generation counts as: vendor 5058's Deep Links API (1) calls come from the Sams & Kohls page, the
 * one generator the access rule gives them (limited to its two merchants).
 */
function productOf(owner: UserRecord, source: DirectLinkSource): DeepLinkProduct {
  return source === 'connexity' && owner.vendorId === DEEP_LINK_VENDOR_IDS.samsAndKohls
    ? 'samsAndKohls'
    : PRODUCT_OF_SOURCE[source];
}

/**
 * The vendor whose link or download this is: the caller, or (for the admin only) the vendor its
 * campaign_id names. Anyone else naming another vendor gets 403.
 */
async function linkOwner(caller: Caller, campaignId: number | undefined): Promise<UserRecord> {
  if (campaignId === undefined || campaignId === caller.user.vendorId) return caller.user;
  if (!isAdmin(caller)) throw AppError.forbidden(DEEP_LINK_MESSAGES.otherVendorCampaign);
  const owner = await UserModel.findOne({ vendorId: campaignId }).maxTimeMS(5_000).lean<UserRecord>();
  if (!owner) throw AppError.notFound(`No vendor has the campaign id ${campaignId}.`);
  return owner;
}

function assertAllowed(owner: UserRecord, product: DeepLinkProduct, type?: DeepLinkType): void {
  const refusal = deepLinkRefusal(presentUser(owner), product, type);
  if (refusal) throw AppError.forbidden(refusal);
}

/** Vendor 5036 sees and links only Nautica (part 2 §6). */
function assertMerchantLock(owner: UserRecord, domain: string): void {
  const lock = merchantLockOf(owner.vendorId);
  if (lock && lock.domain !== domain) throw AppError.forbidden(DEEP_LINK_MESSAGES.merchantLocked(lock.merchantName));
}

export function createDeepLinksService({
  catalog,
  trackingBaseUrl,
  publicApiUrl,
  now,
}: DeepLinksServiceDeps): DeepLinksService {
  /** Partner rows the owner may see: the lock, the country and the search of the download. */
  async function partnerRows(
    owner: UserRecord,
    source: 'newdashboard' | 'doneoftheownou' | 'shoppermeet',
    country: string | undefined,
    searchText: string | undefined,
  ): Promise<PartnerEntry[]> {
    const snapshot = await catalog.snapshot();
    const lockedDomain = merchantLockOf(owner.vendorId)?.domain;
    const matches = textMatcher(searchText);
    return snapshot.partners[source].filter(
      (entry) =>
        (lockedDomain === undefined || entry.record.domain === lockedDomain) &&
        (country === undefined || entry.country === country) &&
        matches(entry.search),
    );
  }

  return {
    async generate(caller, source, body) {
      const owner = await linkOwner(caller, body.campaign_id);
      // Kelkoo pays per click only: its links are CPC whatever the flag says.
      const type = source === 'kelkoo' ? 'CPC' : deepLinkTypeOf(body.isPublisherAI);
      const product = productOf(owner, source);
      assertAllowed(owner, product, source === 'kelkoo' ? undefined : type);
      const country = 'country' in body ? body.country : undefined;
      const merchant = resolveMerchant(merchantIndexOf(await catalog.snapshot()), source, body.merchantUrl, country);
      if (!merchant) throw AppError.notFound(DEEP_LINK_MESSAGES.merchantNotFound);
      assertMerchantLock(owner, merchant.domain);
      if (product === 'samsAndKohls' && !isSamsAndKohlsDomain(merchant.domain)) {
        throw AppError.forbidden(DEEP_LINK_MESSAGES.samsAndKohlsOnly);
      }
      const link = buildDirectLink({
        trackingBaseUrl,
        source,
        type,
        vendorId: owner.vendorId,
        merchantUrl: merchant.landingUrl,
        campaignId: body.new_campaign_id,
        placementId: body.placement_id,
        clickId: body.click_id,
        country: merchant.country,
        now: now(),
      });
      return {
        link,
        merchantName: merchant.merchantName,
        merchantLogo: `${publicApiUrl}/assets/logos/${merchant.logoSlug}.svg`,
        type,
      };
    },

    async newdashboardLinks(caller, query) {
      const owner = await linkOwner(caller, query.campaign_id);
      const type = deepLinkTypeOf(query.isPublisherAI);
      assertAllowed(owner, 'deeplink2', type);
      const rows = await partnerRows(owner, 'newdashboard', query.country, undefined);
      const at = now();
      // One link per merchant that pays the requested way (CPA: a CPA rate; CPC: a CPC).
      return rows
        .filter((entry) => (type === 'CPA' ? (entry.record.aveCpaRate ?? 0) > 0 : (entry.record.aveCpc ?? 0) > 0))
        .map((entry) => ({
          entry,
          link: buildDirectLink({
            trackingBaseUrl,
            source: 'newdashboard',
            type,
            vendorId: owner.vendorId,
            merchantUrl: merchantHomeUrl(entry.record.domain),
            campaignId: query.new_campaign_id,
            placementId: query.placementId,
            clickId: query.clickId,
            country: entry.country,
            now: at,
          }),
        }));
    },

    async partnerLinks(caller, list, query) {
      const owner = await linkOwner(caller, query.campaign_id);
      assertAllowed(owner, list);
      const rows = await partnerRows(owner, PARTNER_LIST_SOURCE[list], query.country, query.searchText);
      const at = now();
      const linkOf = (entry: PartnerEntry): string => {
        const { record } = entry;
        switch (list) {
          case 'deeplink3':
            return buildDeeplink3Link({
              template: record.redirectLink ?? '',
              vendorId: owner.vendorId,
              placementId: query.placementId,
              clickId: query.clickId,
              merchantUrl: merchantHomeUrl(record.domain),
              now: at,
            });
          case 'deeplink4':
            return buildDeeplink4Link({
              template: record.redirectLink ?? '',
              vendorId: owner.vendorId,
              placementId: query.placementId,
              clickId: query.clickId,
              merchantDomain: record.domain,
              countryCode: entry.country,
              merchantId: record.merchantId ?? '',
              now: at,
            });
          case 'deeplink3New':
          case 'deeplink4New':
            return buildTrackingLink(record.trackingLink ?? '', query.placementId, query.clickId);
        }
      };
      return rows.map((entry) => ({ entry, link: linkOf(entry) }));
    },
  };
}
