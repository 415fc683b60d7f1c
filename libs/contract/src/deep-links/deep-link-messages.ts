/**
 * Exact texts the deep-link calls answer with. Kept free of zod so the web's menu engine, which loads before the
 * contract's schemas, can share the access rules that use them.
 */
export const DEEP_LINK_MESSAGES = {
  merchantRequired: 'Please select a merchant.',
  merchantNotFound: 'Merchant not found.',
  otherVendorCampaign: 'You can only generate links for your own campaign id.',
  typeNotAllowed: (type: string) => `${type} deep links are not enabled for your account.`,
  deeplinkNotAllowed: 'This deep link product is not enabled for your account.',
  merchantLocked: (merchantName: string) => `Your account can only generate links for ${merchantName}.`,
  samsAndKohlsOnly: "Your account can only use the Sam's & Kohl's deep links.",
  shortUrlDisabled: 'Short URLs are not enabled for your account.',
  shortUrlDomainNotAllowed: 'domain must be one of your short URL domains.',
  shortUrlExpiryPast: 'expires_at must be in the future.',
  shortUrlNotFound: 'Short URL not found.',
  shortUrlExpired: 'This short URL has expired.',
} as const;
