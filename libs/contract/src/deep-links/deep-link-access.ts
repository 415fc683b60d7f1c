import type { DeeplinkKey, User } from '../auth/auth.schema';
import { DEEP_LINK_MESSAGES } from './deep-links.schema';
import type { DeepLinkType } from './links/tracking-programs';

/**
 * Who may use which deep-link product (part 2 §6), as one pure function the API enforces and the screens can
 * share. The web's menu engine shows the same rules as menu entries.
 */

/** Vendor ids the rules single out (part 2 §6, §9). */
export const DEEP_LINK_VENDOR_IDS = {
  admin: 5029,
  nautica: 5036,
  samsAndKohls: 5058,
  /** Also get Deep Links API 3 (New) and 4 (New), whatever their deeplink3/4 flags say. */
  newVariants: [5029, 5040, 5056, 5057],
} as const;

/** A generator or download: one of the five menu products, or a New variant. */
export type DeepLinkProduct = DeeplinkKey | 'deeplink3New' | 'deeplink4New';

export type DeepLinkUser = Pick<User, 'vendorId' | 'menu' | 'isPublisherAI'>;

/**
 * Why the user may not use the product (as the type, when given), or undefined when they may:
 * - vendor 5058 uses only the Sams & Kohls page, which generates nothing;
 * - AI-branded users keep only Deep Links API (1);
 * - deeplink1 to 4 need cpc or cpa on, and the flag of the requested type;
 * - the New variants belong to the vendors of `DEEP_LINK_VENDOR_IDS.newVariants`;
 * - deeplink5 needs cpc or cpa on and is never for vendor 5029; it pays per click only, so the type is not
 *   checked.
 */
export function deepLinkRefusal(user: DeepLinkUser, product: DeepLinkProduct, type?: DeepLinkType): string | undefined {
  if (user.vendorId === DEEP_LINK_VENDOR_IDS.samsAndKohls) return DEEP_LINK_MESSAGES.samsAndKohlsOnly;
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
