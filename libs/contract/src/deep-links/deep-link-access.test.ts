import { describe, expect, it } from 'vitest';
import type { Menu } from '../auth/auth.schema';
import {
  SAMS_AND_KOHLS_MERCHANTS,
  deepLinkRefusal,
  isSamsAndKohlsDomain,
  type DeepLinkProduct,
  type DeepLinkUser,
} from './deep-link-access';
import { DEEP_LINK_MESSAGES } from './deep-links.schema';
import type { DeepLinkType } from './links/tracking-programs';

const off = { cpc: false, cpa: false };
const both = { cpc: true, cpa: true };
const menu = (overrides: Partial<Menu> = {}): Menu => ({
  merchants: true,
  products: true,
  deeplink1: both,
  deeplink2: off,
  deeplink3: off,
  deeplink4: off,
  deeplink5: off,
  ...overrides,
});
const user = (vendorId: number, overrides: Partial<Menu> = {}, isPublisherAI = false): DeepLinkUser => ({
  vendorId,
  menu: menu(overrides),
  isPublisherAI,
});
const denied = DEEP_LINK_MESSAGES.deeplinkNotAllowed;

describe('deepLinkRefusal (part 2 §6)', () => {
  it.each<[string, DeepLinkUser, DeepLinkProduct, DeepLinkType | undefined, string | undefined]>([
    ['deeplink1 CPC allowed', user(6001), 'deeplink1', 'CPC', undefined],
    ['deeplink1 off', user(6001, { deeplink1: off }), 'deeplink1', 'CPC', denied],
    [
      'CPA refused when cpa is off',
      user(6001, { deeplink2: { cpc: true, cpa: false } }),
      'deeplink2',
      'CPA',
      DEEP_LINK_MESSAGES.typeNotAllowed('CPA'),
    ],
    [
      'CPC refused when cpc is off',
      user(6001, { deeplink2: { cpc: false, cpa: true } }),
      'deeplink2',
      'CPC',
      DEEP_LINK_MESSAGES.typeNotAllowed('CPC'),
    ],
    ['deeplink2 off', user(6001), 'deeplink2', 'CPC', denied],
    ['deeplink5 for a vendor with it on', user(5001, { deeplink5: both }), 'deeplink5', undefined, undefined],
    ['deeplink5 never for 5029', user(5029, { deeplink5: both }), 'deeplink5', undefined, denied],
    ['deeplink5 off', user(5001), 'deeplink5', undefined, denied],
    ['5058 only Sams & Kohls', user(5058), 'deeplink1', 'CPC', DEEP_LINK_MESSAGES.samsAndKohlsOnly],
    [
      '5058 gets the Sams & Kohls page, whatever its flags',
      user(5058, { deeplink1: off }),
      'samsAndKohls',
      'CPA',
      undefined,
    ],
    ['Sams & Kohls is for 5058 only', user(6001), 'samsAndKohls', 'CPC', denied],
    ['not for the admin either', user(5029), 'samsAndKohls', undefined, denied],
    ['not in the AI-branded menu', user(5058, {}, true), 'samsAndKohls', undefined, denied],
    ['AI users keep deeplink1', user(5080, {}, true), 'deeplink1', 'CPC', undefined],
    ['AI users lose deeplink2', user(5080, { deeplink2: both }, true), 'deeplink2', 'CPC', denied],
    ['3 New for 5056 whatever its flags', user(5056), 'deeplink3New', undefined, undefined],
    ['4 New for 5040', user(5040), 'deeplink4New', undefined, undefined],
    ['3 New not for others', user(6001, { deeplink3: both }), 'deeplink3New', undefined, denied],
    ['deeplink4 with flags', user(6001, { deeplink4: { cpc: false, cpa: true } }), 'deeplink4', undefined, undefined],
  ])('%s', (_name, who, product, type, expected) => {
    expect(deepLinkRefusal(who, product, type)).toBe(expected);
  });
});

describe('SAMS_AND_KOHLS_MERCHANTS', () => {
  it('are the two merchants of the page, recognised by domain', () => {
    expect(SAMS_AND_KOHLS_MERCHANTS.map((merchant) => merchant.domain)).toEqual(['samsclub.com', 'kohls.com']);
    expect(isSamsAndKohlsDomain('kohls.com')).toBe(true);
    expect(isSamsAndKohlsDomain('nautica.com')).toBe(false);
  });
});
