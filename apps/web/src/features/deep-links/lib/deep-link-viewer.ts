/** Cost per click or cost per action (part 2 §1). */
export type LinkType = 'CPC' | 'CPA';

/**
 * What a deep link screen needs from the session, handed in as plain props by app/routes.tsx so that this
 * feature never imports the auth feature.
 */
export interface DeepLinkViewer {
  vendorId: number;
  apiKey: string;
  /** Vendor 5036 sees only this merchant (part 2 §6); null for everyone else. */
  lockedMerchant: string | null;
  /** The types the screen's menu entry offers (CPC iff cpc is on, CPA iff cpa is on). */
  conversionTypes: readonly LinkType[];
  /** The user's short-URL flag: the Shorten button shows only when it is on (part 2 §1, §7). */
  isShortUrlEnabled: boolean;
}
