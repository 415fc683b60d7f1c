import { describe, expect, it } from 'vitest';
import { couponsQuerySchema } from '../coupons/coupons.schema';
import {
  countryMerchantsQuerySchema,
  merchantLockOf,
  partnerMerchantsQuerySchema,
  productsQuerySchema,
} from './catalog.schema';
import { COUNTRY_CODES, countryQuerySchema } from './countries';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }): string[] =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('productsQuerySchema', () => {
  it('applies the defaults of the Products screen', () => {
    expect(productsQuerySchema.parse({})).toEqual({ pageNo: 1, pageSize: 20, sortBy: 'priceLtoH' });
  });

  it('treats empty form fields as absent and parses the rest', () => {
    expect(
      productsQuerySchema.parse({
        q: ' shirt ',
        mid: '',
        minPrice: '10',
        maxPrice: '',
        categoryIds: '10100,10200,10100',
        showOfferedProducts: 'true',
        sortBy: 'priceHtoL',
        vendorId: '5036',
      }),
    ).toEqual({
      q: 'shirt',
      pageNo: 1,
      pageSize: 20,
      minPrice: 10,
      categoryIds: ['10100', '10200'],
      showOfferedProducts: true,
      sortBy: 'priceHtoL',
      vendorId: 5036,
    });
  });

  it.each([
    [{ sortBy: 'newest' }, 'sortBy must be one of priceLtoH, priceHtoL'],
    [{ pageNo: '-1' }, 'pageNo must be at least 1'],
    [{ minPrice: '5', maxPrice: '4' }, 'minPrice cannot be greater than maxPrice'],
    [{ pageNo: '251', pageSize: '40' }, 'pageNo × pageSize cannot exceed 10000: narrow the search instead'],
    [{ placementId: 'x'.repeat(51) }, 'placementId accepts letters, digits, hyphen and braces, at most 50'],
  ])('refuses %o', (query, message) => {
    expect(messages(productsQuerySchema.safeParse(query))).toContain(message);
  });

  it('accepts the placement and click id characters of part 2 §5', () => {
    expect(productsQuerySchema.safeParse({ placementId: '{pl}-Home-1', clickId: 'c_1-{x}' }).success).toBe(true);
    expect(productsQuerySchema.safeParse({ placementId: 'a_b' }).success).toBe(false);
  });
});

describe('merchant list queries', () => {
  it('default the country-keyed list to 100 rows, CPCLtoH, CPC and CPA merchants', () => {
    expect(countryMerchantsQuerySchema.parse({})).toEqual({
      pageNo: 1,
      pageSize: 100,
      showCPCMerchants: true,
      showCPAMerchants: true,
      sortByValue: 'CPCLtoH',
    });
  });

  it('default the partner lists to 10 rows, every country', () => {
    expect(partnerMerchantsQuerySchema.parse({ country: '' })).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('accept the 51 country codes in any case, and all', () => {
    expect(COUNTRY_CODES).toHaveLength(51);
    expect(countryQuerySchema.parse('GB')).toBe('gb');
    expect(countryQuerySchema.parse('all')).toBeUndefined();
    expect(countryQuerySchema.safeParse('uk').success).toBe(false);
  });
});

describe('couponsQuerySchema', () => {
  it('defaults to the coupon screens page size of 100', () => {
    expect(couponsQuerySchema.parse({})).toEqual({ pageNo: 1, pageSize: 100 });
  });

  it('checks calendar days for real', () => {
    expect(messages(couponsQuerySchema.safeParse({ startDate: '2026-02-29' }))).toEqual([
      'startDate must be a real calendar date',
    ]);
    expect(couponsQuerySchema.safeParse({ startDate: '2028-02-29', endDate: '2028-03-01' }).success).toBe(true);
    expect(messages(couponsQuerySchema.safeParse({ startDate: '2026-03-02', endDate: '2026-03-01' }))).toEqual([
      'Start Date cannot be after End Date',
    ]);
  });
});

describe('merchantLockOf', () => {
  it('locks vendor 5036 to Nautica and nobody else', () => {
    expect(merchantLockOf(5036)).toEqual({ merchantName: 'Nautica', domain: 'nautica.com' });
    expect(merchantLockOf(5001)).toBeUndefined();
  });
});
