import type { DeeplinkKey, User } from '../auth/auth.schema';
import { DEEP_LINK_MESSAGES } from './deep-link-messages';
import type { DeepLinkType } from './links/tracking-programs';

/**
 * Who may use which deep-link product (part 2 §6), as one pure function: the API enforces it on every generator
 * and download, and the web's menu engine (side menu and route guards) offers exactly the products it allows.
 * Zod-free on purpose: the menu engine loads before the contract's schemas.
 */

/** Vendor ids the rules single out (part 2 §6, §9). */
export const DEEP_LINK_VENDOR_IDS = {
  admin: 5029,
  nautica: 5036,
  samsAndKohls: 5058,
  /** Also get Deep Links API 3 (New) and 4 (New), whatever their deeplink3/4 flags say. */
  newVariants: [5029, 5040, 5056, 5057],
} as const;

/** A generator or download: one of the five menu products, a New variant, or vendor 5058's Sams & Kohls page. */
export type DeepLinkProduct = DeeplinkKey | 'deeplink3New' | 'deeplink4New' | 'samsAndKohls';

/** Every product, in menu order: what a test walks to compare the menu with the rule. */
export const DEEP_LINK_PRODUCTS: readonly DeepLinkProduct[] = [
  'deeplink1',
  'deeplink2',
  'deeplink3',
  'deeplink3New',
  'deeplink4',
  'deeplink4New',
  'deeplink5',
  'samsAndKohls',
];

/**
 * The Sams & Kohls page's static sample (part 2 §2): two merchants of the connexity catalog. The page generates
 * through POST /home/generateDeepLink, which links vendor 5058 to these merchants and no other.
 */
export const SAMS_AND_KOHLS_MERCHANTS = [
  { id: 'samsclub', name: "Sam's Club", domain: 'samsclub.com', merchantUrl: 'https://www.samsclub.com' },
  { id: 'kohls', name: "Kohl's", domain: 'kohls.com', merchantUrl: 'https://www.kohls.com' },
] as const;

/** Whether a merchant domain is one of the Sams & Kohls sample's. */
export function isSamsAndKohlsDomain(domain: string): boolean {
  return SAMS_AND_KOHLS_MERCHANTS.some((merchant) => merchant.domain === domain);
}

export type DeepLinkUser = Pick<User, 'vendorId' | 'menu' | 'isPublisherAI'>;

/**
 * Why the user may not use the product (as the type, when given), or undefined when they may:
 * - vendor 5058 uses only the Sams & Kohls page (any type: the page has no type choice), and only they do; it is
 *   not in the AI-branded menu;
 * - AI-branded users keep only Deep Links API (1);
 * - deeplink1 to 4 need cpc or cpa on, and the flag of the requested type;
 * - the New variants belong to the vendors of `DEEP_LINK_VENDOR_IDS.newVariants`;
 * - deeplink5 needs cpc or cpa on and is never for vendor 5029; it pays per click only, so the type is not
 *   checked.
 */
export function deepLinkRefusal(user: DeepLinkUser, product: DeepLinkProduct, type?: DeepLinkType): string | undefined {
  const isSamsAndKohlsVendor = user.vendorId === DEEP_LINK_VENDOR_IDS.samsAndKohls;
  if (product === 'samsAndKohls') {
    return isSamsAndKohlsVendor && !user.isPublisherAI ? undefined : DEEP_LINK_MESSAGES.deeplinkNotAllowed;
  }
  if (isSamsAndKohlsVendor) return DEEP_LINK_MESSAGES.samsAndKohlsOnly;
  if (user.isPublisherAI && product !== 'deeplink1') return DEEP_LINK_MESSAGES.deeplinkNotAllowed;
  if (product === 'deeplink3New' || product === 'deeplink4New') {
    return (DEEP_LINK_VENDOR_IDS.newVariants as readonly number[]).includes(user.vendorId)
      ? undefined
      : DEEP_LINK_MESSAGES.deeplinkNotAllowed;
  }
  const flags = user.menu[product];
  if (!flags.cpc && !flags.cpa) return DEEP_LINK_MESSAGES.deeplinkNotAllowed;
  if (product === 'deeplink5') {
    return user.vendorId === DEEP_LINK_VENDOR_IDS.admin ? DEEP_LINK_MESSAGES.deeplinkNotAllowed : undefined;
  }
  if (type === 'CPC' && !flags.cpc) return DEEP_LINK_MESSAGES.typeNotAllowed(type);
  if (type === 'CPA' && !flags.cpa) return DEEP_LINK_MESSAGES.typeNotAllowed(type);
  return undefined;
}
