import { createHash } from 'node:crypto';
import type { Menu, UserRole } from '@publisher/contract';

/** Every demo account signs in with this password (listed in the README). */
export const DEMO_PASSWORD = 'Publisher#2026';

export interface DemoAccount {
  vendorId: number;
  email: string;
  fullName: string;
  role: UserRole;
  isPublisherAI: boolean;
  /** The short-URL switch: Shorten is offered on the deep-link screens. */
  isShortUrlEnabled: boolean;
  menu: Menu;
  city: string;
  state: string;
  country: string;
  zip: string;
  phoneNumber: string;
  /** Why this account exists: which rule of the spec it exercises. */
  purpose: string;
}

const off = { cpc: false, cpa: false };
const both = { cpc: true, cpa: true };

const menu = (overrides: Partial<Menu>): Menu => ({
  merchants: true,
  products: true,
  deeplink1: both,
  deeplink2: off,
  deeplink3: off,
  deeplink4: off,
  deeplink5: off,
  ...overrides,
});

/** Deterministic API key per vendor, so scripts and docs can rely on it across reseeds. */
export function demoApiKey(vendorId: number): string {
  return createHash('sha256').update(`publisher-demo-api-key:${vendorId}`).digest('hex').slice(0, 48);
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    vendorId: 5001,
    email: 'vendor@publisher.test',
    fullName: 'Maya Patel',
    role: 'vendor',
    isPublisherAI: false,
    isShortUrlEnabled: true,
    menu: menu({ deeplink2: { cpc: true, cpa: false }, deeplink5: both }),
    city: 'Austin',
    state: 'TX',
    country: 'United States',
    zip: '73301',
    phoneNumber: '5125550101',
    purpose: 'regular vendor: deep links 1, 2 (CPC) and 5, merchants and products',
  },
  {
    vendorId: 5029,
    email: 'admin@publisher.test',
    fullName: 'Avery Quinn Admin',
    role: 'admin',
    isPublisherAI: false,
    isShortUrlEnabled: true,
    menu: menu({ deeplink2: both, deeplink3: both, deeplink4: both, deeplink5: both }),
    city: 'New York',
    state: 'NY',
    country: 'United States',
    zip: '10001',
    phoneNumber: '2125550129',
    purpose: 'admin (5029): every admin page; never sees deep links 5',
  },
  {
    vendorId: 5036,
    email: 'nautica@publisher.test',
    fullName: 'Noah Fischer',
    role: 'vendor',
    isPublisherAI: false,
    isShortUrlEnabled: false,
    menu: menu({}),
    city: 'Boston',
    state: 'MA',
    country: 'United States',
    zip: '02108',
    phoneNumber: '6175550136',
    purpose: 'locked to the single merchant Nautica (5036)',
  },
  {
    vendorId: 5040,
    email: 'dl-new-5040@publisher.test',
    fullName: 'Lena Ortiz',
    role: 'vendor',
    isPublisherAI: false,
    isShortUrlEnabled: true,
    menu: menu({ deeplink3: both, deeplink4: both }),
    city: 'Denver',
    state: 'CO',
    country: 'United States',
    zip: '80202',
    phoneNumber: '3035550140',
    purpose: 'gets Deep Links API 3 (New) and 4 (New) (5040)',
  },
  {
    vendorId: 5056,
    email: 'dl-new-5056@publisher.test',
    fullName: 'Omar Haddad',
    role: 'vendor',
    isPublisherAI: false,
    isShortUrlEnabled: false,
    menu: menu({ deeplink3: { cpc: true, cpa: false } }),
    city: 'Chicago',
    state: 'IL',
    country: 'United States',
    zip: '60601',
    phoneNumber: '3125550156',
    purpose: 'gets Deep Links API 3 (New) and 4 (New) (5056)',
  },
  {
    vendorId: 5057,
    email: 'dl-new-5057@publisher.test',
    fullName: 'Grace Kim',
    role: 'vendor',
    isPublisherAI: false,
    isShortUrlEnabled: false,
    menu: menu({ deeplink4: { cpc: false, cpa: true } }),
    city: 'Seattle',
    state: 'WA',
    country: 'United States',
    zip: '98101',
    phoneNumber: '2065550157',
    purpose: 'gets Deep Links API 3 (New) and 4 (New) (5057)',
  },
  {
    vendorId: 5058,
    email: 'samskohls@publisher.test',
    fullName: 'Samuel Brooks',
    role: 'vendor',
    isPublisherAI: false,
    isShortUrlEnabled: false,
    menu: menu({}),
    city: 'Bentonville',
    state: 'AR',
    country: 'United States',
    zip: '72712',
    phoneNumber: '4795550158',
    purpose: "sees only the Sam's & Kohl's deep links and conversion reports (5058)",
  },
  {
    vendorId: 5070,
    email: 'reports-only@publisher.test',
    fullName: 'Priya Raman',
    role: 'vendor',
    isPublisherAI: false,
    isShortUrlEnabled: false,
    menu: menu({ deeplink1: off, merchants: false, products: false, deeplink2: { cpc: true, cpa: true } }),
    city: 'San Jose',
    state: 'CA',
    country: 'United States',
    zip: '95113',
    phoneNumber: '4085550170',
    purpose: 'deeplink1 off: sign-in lands on /conversionReports2',
  },
  {
    vendorId: 5080,
    email: 'ai@publisher.test',
    fullName: 'Iris Novak',
    role: 'vendor',
    isPublisherAI: true,
    isShortUrlEnabled: false,
    menu: menu({}),
    city: 'Portland',
    state: 'OR',
    country: 'United States',
    zip: '97201',
    phoneNumber: '5035550180',
    purpose: 'AI-brand vendor: the reduced menu',
  },
];
