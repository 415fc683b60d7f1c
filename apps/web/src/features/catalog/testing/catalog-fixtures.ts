import {
  COUPON_TRACKING_PLACEHOLDER,
  type Cashback,
  type CategoryNode,
  type Coupon,
  type Merchant,
  type Product,
} from '@publisher/contract';
import { vi } from 'vitest';
import type { RecordedRequest } from '../../../testing/api-server';

const API = 'http://localhost:3333';

export function buildMerchant(mid: string, name: string): Merchant {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    mid,
    merchantInfo: {
      name,
      url: `https://shop.publisher-portal.test/m/${mid}`,
      merchantUrl: `https://www.${slug}.com`,
      logoUrl: `${API}/assets/logos/${slug}.svg`,
      logoUrlSmall: `${API}/assets/logos/${slug}.svg?size=small`,
    },
  };
}

/** A product whose url already holds the sub id, as the API sends it. */
export function buildProduct(id: string, overrides: Partial<Product['_source']> = {}): Product {
  return {
    _id: id,
    _source: {
      title: `Classic Shirt ${id}`,
      manufacturer: 'Harbor Mills',
      images: { image: [{ value: `${API}/assets/products/${id}.svg` }] },
      originalPrice: { value: 59.99 },
      price: { value: 39.5 },
      merchantId: '100001',
      merchantName: 'Nautica',
      categoryId: '10101',
      url: {
        value: `https://go.publisher-portal.test/click?pid=${id}&mid=100001&subid=6001_noid_noid&url=https%3A%2F%2Fwww.nautica.com%2Fp%2F${id}`,
      },
      ...overrides,
    },
  };
}

export function buildCoupon(id: string, overrides: Partial<Coupon> = {}): Coupon {
  return {
    _id: id,
    couponCode: `SAVE${id}`,
    domainName: 'nautica.com',
    storeName: 'Nautica',
    startDateGMT: '2026-03-01T00:00:00.000Z',
    endDateGMT: '2026-04-30T23:59:59.000Z',
    couponTitle: `20% off sailing jackets ${id}`,
    jumpUrl: `https://go.publisher-portal.test/coupon?cid=${id}&subid=${COUPON_TRACKING_PLACEHOLDER}`,
    type: 'Code',
    categoryId: '10100',
    price: 80,
    ...overrides,
  };
}

export function buildCashback(id: string, overrides: Partial<Cashback> = {}): Cashback {
  return {
    _id: id,
    advertiserName: `Harbor Outfitters ${id}`,
    domain: 'harboroutfitters.com',
    categories: ['Apparel', 'Sports & Outdoors'],
    commission: 'Up to 8%',
    commissionDetail: [
      { commissionType: 'PERCENTAGE', commission: 8, offerName: 'New customers', offerType: 'CPS' },
      { commissionType: 'FLAT', commission: 5, offerName: 'Newsletter sign-up', offerType: 'CPL' },
    ],
    commissionUrl: 'https://harboroutfitters.com/affiliates',
    country: 'gb',
    deeplinkUrl: `https://go.publisher-portal.test/cashback?aid=${id}&subid=${COUPON_TRACKING_PLACEHOLDER}`,
    ...overrides,
  };
}

const leaf = (id: string, name: string): CategoryNode => ({ id, name, children: { category: [] } });

export function buildCategoryTree(): CategoryNode[] {
  return [
    {
      id: '10000',
      name: 'Apparel',
      children: {
        category: [
          {
            id: '10100',
            name: 'Shirts',
            children: { category: [leaf('10101', 'Casual Shirts'), leaf('10102', 'Formal Shirts')] },
          },
          leaf('10200', 'Dresses'),
        ],
      },
    },
    { id: '20000', name: 'Electronics', children: { category: [leaf('20100', 'Laptops')] } },
  ];
}

/** The query parameters of the calls to `pathname`, oldest first. */
export function queriesTo(requests: readonly RecordedRequest[], pathname: string): Record<string, string>[] {
  return requests
    .filter((request) => request.url.pathname === pathname)
    .map((request) => Object.fromEntries(request.url.searchParams));
}

/** Replaces the browser clipboard (jsdom has none) with a recorder; returns the writeText mock. */
export function stubClipboard() {
  const writeText = vi.fn((text: string) => Promise.resolve(text).then(() => undefined));
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  return writeText;
}
