import { describe, expect, it } from 'vitest';
import { firstErrorMessage } from '../common/error.schema';
import {
  createShortUrlBodySchema,
  directLinkQuerySchema,
  generateDeepLinkAllBodySchema,
  generateDeepLinkBodySchema,
} from './deep-links.schema';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined =>
  result.error?.issues[0]?.message;

describe('deep-link input rules (part 2 §5)', () => {
  const valid = { merchantUrl: 'https://www.nautica.com' };

  it.each([
    [{ placement_id: '{pl}-1' }, undefined],
    [{ placement_id: 'pl_1' }, 'placement_id accepts letters, digits, hyphen and braces only'],
    [{ click_id: 'ck_{1}' }, undefined],
    [{ click_id: 'ck 1' }, 'click_id accepts letters, digits, hyphen, underscore and braces only'],
    [{ new_campaign_id: 'x'.repeat(51) }, 'new_campaign_id can be at most 50 characters'],
    [{ placement_id: null }, undefined],
    [{ merchantUrl: '' }, 'Please select a merchant.'],
    [{ merchantUrl: 'javascript:alert(1)' }, 'merchantUrl must be a URL or a domain'],
    [{ merchantUrl: 'nautica.com' }, undefined],
    [{ isPublisherAI: 'yes' }, 'isPublisherAI must be true or false'],
  ])('API 1 %j', (fields, message) => {
    expect(messageOf(generateDeepLinkBodySchema.safeParse({ ...valid, ...fields }))).toBe(message);
  });

  it.each([
    [{ placement_id: '{pl}' }, 'placement_id accepts letters, digits and hyphen only'],
    [{ click_id: 'ck_1-2' }, undefined],
    [{ click_id: 'ck{1}' }, 'click_id accepts letters, digits, hyphen and underscore only'],
  ])('API 2 %j', (fields, message) => {
    expect(messageOf(generateDeepLinkAllBodySchema.safeParse({ ...valid, ...fields }))).toBe(message);
  });

  it('reads a direct link back', () => {
    const parsed = directLinkQuerySchema.parse({
      source: '22267',
      publisher: '123',
      sub: '5001_noid',
      clickid: 'noid',
      url: 'https://www.nautica.com',
    });
    expect(parsed.country).toBeUndefined();
    expect(
      firstErrorMessage({ statusMessages: [messageOf(directLinkQuerySchema.safeParse({ source: '1' })) ?? ''] }),
    ).toMatch(/^source must be one of/);
  });

  it('shortener body: nullable expiry and domain', () => {
    expect(createShortUrlBodySchema.parse({ url: 'https://x.test/a', domain: null, expires_at: null })).toEqual({
      url: 'https://x.test/a',
      domain: null,
      expires_at: null,
    });
    expect(messageOf(createShortUrlBodySchema.safeParse({ url: 'ftp://x' }))).toBe('url must be an http or https URL');
  });
});
