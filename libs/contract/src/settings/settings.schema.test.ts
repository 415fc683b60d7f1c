import { describe, expect, it } from 'vitest';
import {
  SETTINGS_MESSAGES,
  addDomainBodySchema,
  addTitleFilterBodySchema,
  isHostName,
  normalizeHostName,
  updateVendorSettingsBodySchema,
  verifyDomainQuerySchema,
} from './settings.schema';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('host names', () => {
  it.each([
    ['shop.example.com', true],
    ['whitelabel.localhost', true],
    ['a-b.c9.io', true],
    ['localhost', false],
    ['-bad.example.com', false],
    ['bad-.example.com', false],
    ['sp ace.example.com', false],
    ['example..com', false],
    ['shop.example.com:8080', false],
    ['shop.example.com/path', false],
    [`${'a'.repeat(64)}.com`, false],
  ])('%s -> %s', (value, expected) => {
    expect(isHostName(value)).toBe(expected);
  });

  it('normalises what people paste: case, scheme, trailing slash and dot, spaces', () => {
    expect(normalizeHostName('  HTTPS://Shop.Example.COM/ ')).toBe('shop.example.com');
    expect(normalizeHostName('links.example.com.')).toBe('links.example.com');
  });
});

describe('addDomainBodySchema', () => {
  it('stores the name lower-cased and takes the vendor id as typed in a form', () => {
    expect(addDomainBodySchema.parse({ name: 'WhiteLabel.Localhost', vendorId: '5001' })).toEqual({
      name: 'whitelabel.localhost',
      vendorId: 5001,
    });
  });

  it.each([
    [{ name: '', vendorId: 5001 }, SETTINGS_MESSAGES.nameRequired],
    [{ name: '   ', vendorId: 5001 }, SETTINGS_MESSAGES.nameRequired],
    [{ vendorId: 5001 }, SETTINGS_MESSAGES.nameRequired],
    [{ name: 'not a host', vendorId: 5001 }, SETTINGS_MESSAGES.invalidHostName],
    [{ name: 'shop.example.com' }, SETTINGS_MESSAGES.vendorIdRequired],
    [{ name: 'shop.example.com', vendorId: '' }, SETTINGS_MESSAGES.vendorIdRequired],
    [{ name: 'shop.example.com', vendorId: 0 }, SETTINGS_MESSAGES.vendorIdRequired],
  ])('refuses %j with its message', (body, message) => {
    expect(firstMessage(addDomainBodySchema.safeParse(body))).toBe(message);
  });
});

describe('addTitleFilterBodySchema', () => {
  it('trims and collapses spaces, keeps the case as typed; campaign_id is optional', () => {
    expect(addTitleFilterBodySchema.parse({ filter: '  Size   XL ', campaign_id: '' })).toEqual({ filter: 'Size XL' });
    expect(addTitleFilterBodySchema.parse({ filter: 'xl', campaign_id: 5001 })).toEqual({
      filter: 'xl',
      campaign_id: 5001,
    });
  });

  it('refuses an empty filter with the spec text', () => {
    expect(firstMessage(addTitleFilterBodySchema.safeParse({ filter: ' ' }))).toBe(SETTINGS_MESSAGES.nameRequired);
  });
});

describe('updateVendorSettingsBodySchema', () => {
  it('takes empty or valid secondary emails, lower-cased', () => {
    expect(updateVendorSettingsBodySchema.parse({ secondaryEmail: ' Ops@Example.com ', secondaryEmail2: '' })).toEqual({
      secondaryEmail: 'ops@example.com',
      secondaryEmail2: '',
    });
    expect(firstMessage(updateVendorSettingsBodySchema.safeParse({ secondaryEmail3: 'nope' }))).toBe(
      SETTINGS_MESSAGES.secondaryEmailInvalid,
    );
  });

  it('refuses fields it does not own (the apiKey is rotated elsewhere)', () => {
    expect(updateVendorSettingsBodySchema.safeParse({ vendorId: 1 }).success).toBe(false);
  });
});

describe('verifyDomainQuerySchema', () => {
  it('drops the port and case of location.host', () => {
    expect(verifyDomainQuerySchema.parse({ host: 'WhiteLabel.localhost:4200' })).toEqual({
      host: 'whitelabel.localhost',
    });
  });
});
