import type { Menu, User } from '@publisher/contract';
import type { UserRecord } from './user.model';

/** Splits a full name for the greeting: first word, then the rest. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

function presentMenu(menu: UserRecord['menu']): Menu {
  const flags = (key: 'deeplink1' | 'deeplink2' | 'deeplink3' | 'deeplink4' | 'deeplink5') => ({
    cpc: menu[key].cpc,
    cpa: menu[key].cpa,
  });
  return {
    merchants: menu.merchants,
    products: menu.products,
    deeplink1: flags('deeplink1'),
    deeplink2: flags('deeplink2'),
    deeplink3: flags('deeplink3'),
    deeplink4: flags('deeplink4'),
    deeplink5: flags('deeplink5'),
  };
}

/** Maps a stored user to the wire shape, field by field: the password hash and internals never leave. */
export function presentUser(record: UserRecord): User {
  // Accounts stored before the short-URL switch existed have no such field: off.
  const stored: { isShortUrlEnabled?: boolean } = record;
  return {
    _id: record._id.toHexString(),
    fullName: record.fullName,
    email: record.email,
    secondaryEmail: record.secondaryEmail,
    secondaryEmail2: record.secondaryEmail2,
    secondaryEmail3: record.secondaryEmail3,
    secondaryEmail4: record.secondaryEmail4,
    address1: record.address1,
    address2: record.address2,
    country: record.country,
    state: record.state,
    city: record.city,
    zip: record.zip,
    phoneNumber: record.phoneNumber,
    vendorId: record.vendorId,
    apiKey: record.apiKey,
    influenceCode: record.influenceCode,
    menu: presentMenu(record.menu),
    isPublisherAI: record.isPublisherAI,
    isShortUrlEnabled: stored.isShortUrlEnabled ?? false,
    role: record.role,
    data: splitFullName(record.fullName),
    createdAt: record.createdAt.toISOString(),
  };
}
