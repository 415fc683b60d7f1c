import { describe, expect, it } from 'vitest';
import { buildDirectLink, merchantHomeUrl, type DirectLinkInput } from './direct-link';
import { buildDeeplink3Link, buildDeeplink4Link, fillPlaceholders } from './redirect-template';
import { encodeLinkId, idOrNoid, linkSubId, parseSubId, placementSubId, timestampId } from './sub-id';
import { buildTrackingLink } from './tracking-link';
import { TRACKING_PROGRAMS, deepLinkTypeOf, trackingProgramCode } from './tracking-programs';

/** A fixed clock: 2026-11-23T12:00:00.000Z. */
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const BASE = 'https://api.example.test';

describe('sub ids (part 2 §2, §9)', () => {
  it.each([
    [5001, 'pl-1', 'ck_1', '5001_pl-1_ck_1'],
    [5001, '', 'ck_1', '5001_noid_ck_1'],
    [5001, 'pl-1', '', '5001_pl-1_noid'],
    [5001, undefined, null, '5001_noid_noid'],
    [5001, '  pl-1 ', '   ', '5001_pl-1_noid'],
  ])('linkSubId(%s, %j, %j) = %s', (vendorId, placementId, clickId, expected) => {
    expect(linkSubId(vendorId, placementId, clickId)).toBe(expected);
  });

  it.each([
    [5001, 'pl-1', '5001_pl-1'],
    [5001, '', '5001_noid'],
    [5001, null, '5001_noid'],
  ])('placementSubId(%s, %j) = %s', (vendorId, placementId, expected) => {
    expect(placementSubId(vendorId, placementId)).toBe(expected);
  });

  it.each([
    ['5001_pl-1_ck_1_x', { vendorId: 5001, placementId: 'pl-1', clickId: 'ck_1_x' }],
    ['5001_pl-1', { vendorId: 5001, placementId: 'pl-1', clickId: undefined }],
    ['5001_', { vendorId: 5001, placementId: 'noid', clickId: undefined }],
    ['abc_pl', undefined],
    ['', undefined],
  ])('parseSubId(%j)', (subId, expected) => {
    expect(parseSubId(subId)).toEqual(expected);
  });

  it('keeps braces of ad-server macros and encodes the rest', () => {
    expect(encodeLinkId('{placement}')).toBe('{placement}');
    expect(encodeLinkId('a b&c')).toBe('a%20b%26c');
    expect(idOrNoid(' ')).toBe('noid');
    expect(timestampId(NOW + 0.7)).toBe(String(NOW));
  });
});

describe('tracking programs', () => {
  it.each([
    ['connexity', 'CPC', '22261'],
    ['connexity', 'CPA', '22263'],
    ['newdashboard', 'CPC', '22267'],
    ['newdashboard', 'CPA', '22269'],
    ['kelkoo', 'CPC', '22271'],
    ['kelkoo', 'CPA', '22271'],
  ] as const)('%s %s -> %s, and back', (source, type, code) => {
    expect(trackingProgramCode(source, type)).toBe(code);
    expect(TRACKING_PROGRAMS[code].source).toBe(source);
  });

  it('reads isPublisherAI as CPA', () => {
    expect(deepLinkTypeOf(true)).toBe('CPA');
    expect(deepLinkTypeOf(false)).toBe('CPC');
    expect(deepLinkTypeOf(undefined)).toBe('CPC');
  });
});

describe('buildDirectLink (deep links 1, 2 and 5)', () => {
  const base: DirectLinkInput = {
    trackingBaseUrl: `${BASE}/`,
    source: 'newdashboard',
    type: 'CPC',
    vendorId: 5001,
    merchantUrl: 'https://www.nautica.com/sale?a=1&b=2',
    now: NOW,
  };
  const url = encodeURIComponent('https://www.nautica.com/sale?a=1&b=2');

  it.each<[string, Partial<DirectLinkInput>, string]>([
    [
      'deep link 2, CPC, blank ids: timestamp publisher, vendorId_noid',
      {},
      `${BASE}/redirect?source=22267&publisher=${NOW}&sub=5001_noid&clickid=noid&url=${url}`,
    ],
    [
      'deep link 2, CPA with campaign, placement and click ids',
      { type: 'CPA', campaignId: 'cmp-1', placementId: 'pl-9', clickId: 'ck_7', country: 'US' },
      `${BASE}/redirect?source=22269&publisher=cmp-1&sub=5001_pl-9&clickid=ck_7&country=us&url=${url}`,
    ],
    [
      'deep link 1: the three-part sub id of part 2 §9',
      { source: 'connexity', placementId: '{pl}', campaignId: '  ' },
      `${BASE}/redirect?source=22261&publisher=${NOW}&sub=5001_{pl}_noid&clickid=noid&url=${url}`,
    ],
    [
      'deep link 5: kelkoo is always CPC',
      { source: 'kelkoo', type: 'CPA', clickId: 'c-1', country: 'fr' },
      `${BASE}/redirect?source=22271&publisher=${NOW}&sub=5001_noid_c-1&clickid=c-1&country=fr&url=${url}`,
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(buildDirectLink({ ...base, ...overrides })).toBe(expected);
  });

  it('is deterministic for an injected clock', () => {
    expect(buildDirectLink(base)).toBe(buildDirectLink({ ...base }));
    expect(buildDirectLink({ ...base, now: NOW + 1 })).toContain(`publisher=${NOW + 1}`);
  });

  it('builds the home page of a domain', () => {
    expect(merchantHomeUrl('nautica.com')).toBe('https://www.nautica.com');
    expect(merchantHomeUrl('www.nautica.com')).toBe('https://www.nautica.com');
  });
});

describe('redirect_link templates (deep links 3 and 4)', () => {
  const template3 = 'https://track.partner.test/click?offer_id=7&aff_click_id=CLICK_ID&aff_sub=SUB_ID&url=LINK';
  const template4 =
    'https://go.partner.test/r?merchant_id=MERCHANTS_ID&domain=MARCHANT_DOMAIN&country=COUNTRY_CODE&ip=IP&ua=USER_AGENT&click=CLICK_ID&sub=SUB_ID';

  it.each([
    [
      'with ids',
      { placementId: 'pl-1', clickId: 'ck_1' },
      `https://track.partner.test/click?offer_id=7&aff_click_id=ck_1&aff_sub=5001_pl-1_ck_1&url=${encodeURIComponent('https://www.shop.test/a?b=1')}`,
    ],
    [
      'no click id: the timestamp; no placement: noid',
      {},
      `https://track.partner.test/click?offer_id=7&aff_click_id=${NOW}&aff_sub=5001_noid_${NOW}&url=${encodeURIComponent('https://www.shop.test/a?b=1')}`,
    ],
  ])('deep link 3 %s', (_name, ids, expected) => {
    expect(
      buildDeeplink3Link({
        template: template3,
        vendorId: 5001,
        merchantUrl: 'https://www.shop.test/a?b=1',
        now: NOW,
        ...ids,
      }),
    ).toBe(expected);
  });

  it.each([
    [
      'copied link: visitor fields empty',
      {},
      `https://go.partner.test/r?merchant_id=77&domain=shop.test&country=de&ip=&ua=&click=${NOW}&sub=5001_pl-2_${NOW}`,
    ],
    [
      'forwarded click: visitor fields filled and encoded',
      { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11)', clickId: 'k' },
      'https://go.partner.test/r?merchant_id=77&domain=shop.test&country=de&ip=203.0.113.9&ua=Mozilla%2F5.0%20(X11)&click=k&sub=5001_pl-2_k',
    ],
  ])('deep link 4 %s', (_name, extra, expected) => {
    expect(
      buildDeeplink4Link({
        template: template4,
        vendorId: 5001,
        placementId: 'pl-2',
        merchantDomain: 'shop.test',
        countryCode: 'de',
        merchantId: '77',
        now: NOW,
        ...extra,
      }),
    ).toBe(expected);
  });

  it('replaces whole placeholder words only, and never inside inserted values', () => {
    expect(fillPlaceholders('a=LINK&b=LINKS&c=X_LINK', { LINK: 'SUB_ID' })).toBe('a=SUB_ID&b=LINKS&c=X_LINK');
    expect(fillPlaceholders('a=LINK&b=SUB_ID', { LINK: 'SUB_ID', SUB_ID: '1' })).toBe('a=SUB_ID&b=1');
    expect(fillPlaceholders('x', {})).toBe('x');
  });
});

describe('trackingLink of the New variants', () => {
  const template = 'https://p.trackier.test/click?campaign_id=5&pub_id={PLACEMENT_ID}&click_id={CLICK_ID}';
  it.each([
    ['pl-1', 'ck_1', 'https://p.trackier.test/click?campaign_id=5&pub_id=pl-1&click_id=ck_1'],
    ['', 'ck_1', 'https://p.trackier.test/click?campaign_id=5&pub_id=noid&click_id=ck_1'],
    ['pl-1', undefined, 'https://p.trackier.test/click?campaign_id=5&pub_id=pl-1&click_id=noid'],
    [null, null, 'https://p.trackier.test/click?campaign_id=5&pub_id=noid&click_id=noid'],
  ])('placement %j, click %j', (placementId, clickId, expected) => {
    expect(buildTrackingLink(template, placementId, clickId)).toBe(expected);
  });
});
