import { COUPON_TRACKING_PLACEHOLDER } from '@publisher/contract';
import { describe, expect, it } from 'vitest';
import { appendCampaignId, buildCouponLink, buildProductUrl, couponSubId } from './tracking-links';

const JUMP_URL = `https://go.publisher-portal.test/coupon?cid=c-17&subid=${COUPON_TRACKING_PLACEHOLDER}`;

describe('couponSubId', () => {
  it('joins the vendor id and the placement id with an underscore', () => {
    expect(couponSubId(5029, 'homepage-1')).toBe('5029_homepage-1');
  });

  it("uses 'noid' when there is no placement id", () => {
    expect(couponSubId(5029)).toBe('5029_noid');
    expect(couponSubId(5029, '')).toBe('5029_noid');
    expect(couponSubId(5029, '   ')).toBe('5029_noid');
    expect(couponSubId(5029, null)).toBe('5029_noid');
  });
});

describe('buildCouponLink', () => {
  it('replaces the tracking placeholder with vendorId_placementId and appends the campaign id', () => {
    expect(buildCouponLink(JUMP_URL, 5029, 'sidebar')).toBe(
      'https://go.publisher-portal.test/coupon?cid=c-17&subid=5029_sidebar&af_campaign_id=5029',
    );
  });

  it('uses vendorId_noid without a placement id', () => {
    expect(buildCouponLink(JUMP_URL, 5001, '')).toBe(
      'https://go.publisher-portal.test/coupon?cid=c-17&subid=5001_noid&af_campaign_id=5001',
    );
  });

  it('replaces every placeholder and leaves no placeholder behind', () => {
    const template = `https://t.test/c?a=${COUPON_TRACKING_PLACEHOLDER}&b=${COUPON_TRACKING_PLACEHOLDER}`;
    const link = buildCouponLink(template, 7, 'p');
    expect(link).toBe('https://t.test/c?a=7_p&b=7_p&af_campaign_id=7');
    expect(link).not.toContain(COUPON_TRACKING_PLACEHOLDER);
  });

  it('keeps ad-server macros in braces literal', () => {
    expect(buildCouponLink(JUMP_URL, 5001, '{placement}')).toBe(
      'https://go.publisher-portal.test/coupon?cid=c-17&subid=5001_{placement}&af_campaign_id=5001',
    );
  });

  it('starts a query string when the template has none', () => {
    expect(buildCouponLink(`https://t.test/r/${COUPON_TRACKING_PLACEHOLDER}`, 5001, 'x')).toBe(
      'https://t.test/r/5001_x?af_campaign_id=5001',
    );
  });
});

describe('appendCampaignId', () => {
  it('adds the parameter after an existing query string', () => {
    expect(appendCampaignId('https://m.test/p?pid=1&mid=2', 5001)).toBe(
      'https://m.test/p?pid=1&mid=2&af_campaign_id=5001',
    );
  });

  it('starts a query string when there is none', () => {
    expect(appendCampaignId('https://m.test/p', 5001)).toBe('https://m.test/p?af_campaign_id=5001');
  });

  it('does not double a trailing ? or &', () => {
    expect(appendCampaignId('https://m.test/p?', 5001)).toBe('https://m.test/p?af_campaign_id=5001');
    expect(appendCampaignId('https://m.test/p?a=1&', 5001)).toBe('https://m.test/p?a=1&af_campaign_id=5001');
  });

  it('goes before a fragment', () => {
    expect(appendCampaignId('https://m.test/p?a=1#reviews', 5001)).toBe(
      'https://m.test/p?a=1&af_campaign_id=5001#reviews',
    );
  });

  it('replaces an af_campaign_id already present instead of adding a second one', () => {
    expect(appendCampaignId('https://m.test/p?af_campaign_id=1&a=2', 5001)).toBe(
      'https://m.test/p?af_campaign_id=5001&a=2',
    );
  });
});

describe('buildProductUrl', () => {
  it('keeps the encoded landing url and the sub id and appends the campaign id', () => {
    const url =
      'https://go.publisher-portal.test/click?pid=p1&mid=100001&subid=5001_homepage_noid&url=https%3A%2F%2Fwww.nautica.com%2Fp%3Fa%3D1%26b%3D2';
    expect(buildProductUrl(url, 5001)).toBe(`${url}&af_campaign_id=5001`);
  });
});
