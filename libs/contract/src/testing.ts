/**
 * `@publisher/contract/testing`: builders of the contract's values for tests (a valid value, any field
 * overridden), shared by every consumer's tests so each does not keep its own copy of a user. Test code only:
 * nothing here is part of the wire contract.
 */
import type { Menu, User } from './auth/auth.schema';

const on = { cpc: true, cpa: true };
const off = { cpc: false, cpa: false };

/** The menu a self-registered vendor gets from the API: deep links API 1, merchants and products. */
export function buildMenuFlags(overrides: Partial<Menu> = {}): Menu {
  return {
    merchants: true,
    products: true,
    deeplink1: on,
    deeplink2: off,
    deeplink3: off,
    deeplink4: off,
    deeplink5: off,
    ...overrides,
  };
}

type UserOverrides = Partial<Omit<User, 'menu'>> & { menu?: Partial<Menu> };

/** A valid contract user (it passes `userSchema`), with any field overridden. */
export function buildUser(overrides: UserOverrides = {}): User {
  const { menu, ...fields } = overrides;
  return {
    _id: '65f0a1b2c3d4e5f6a7b8c9d0',
    fullName: 'Maya Patel',
    email: 'maya@publisher.test',
    secondaryEmail: '',
    secondaryEmail2: '',
    secondaryEmail3: '',
    secondaryEmail4: '',
    address1: '1 Main Street',
    address2: '',
    country: 'United States',
    state: 'TX',
    city: 'Austin',
    zip: '73301',
    phoneNumber: '5125550101',
    vendorId: 6001,
    apiKey: 'test-api-key-6001',
    influenceCode: '',
    isPublisherAI: false,
    isShortUrlEnabled: false,
    role: 'vendor',
    data: { firstName: 'Maya', lastName: 'Patel' },
    createdAt: '2026-01-05T10:00:00.000Z',
    ...fields,
    menu: buildMenuFlags(menu),
  };
}
