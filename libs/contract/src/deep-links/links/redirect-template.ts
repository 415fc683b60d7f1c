import { linkSubId, timestampId } from './sub-id';

/**
 * Deep links 3 and 4: the merchant row's `redirect_link` is a template on the partner network's host whose
 * placeholders are bare upper-case words (CLICK_ID, SUB_ID, LINK; deep link 4 also MARCHANT_DOMAIN (sic),
 * COUNTRY_CODE, IP, USER_AGENT, MERCHANTS_ID). The partner tracks those clicks and reports them in its saved
 * reports. Every value is URL-encoded; only whole placeholder words are replaced.
 */

/** Replaces whole placeholder words of a template with encoded values; placeholders not given stay as they are. */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string>>): string {
  const names = Object.keys(values).sort((a, b) => b.length - a.length);
  if (names.length === 0) return template;
  const pattern = new RegExp(`\\b(${names.join('|')})\\b`, 'g');
  return template.replace(pattern, (name) => encodeURIComponent(values[name] ?? name));
}

export interface RedirectLinkInput {
  template: string;
  vendorId: number;
  placementId?: string | null;
  /** Blank: the current timestamp (part 2 §2 "When no click id is given, the sample uses the current timestamp"). */
  clickId?: string | null;
  now: number;
}

function clickIdOrTimestamp(clickId: string | null | undefined, now: number): string {
  const trimmed = clickId?.trim() ?? '';
  return trimmed === '' ? timestampId(now) : trimmed;
}

/** Deep link 3: CLICK_ID, SUB_ID (part 2 §9) and LINK (the merchant page). */
export function buildDeeplink3Link(input: RedirectLinkInput & { merchantUrl: string }): string {
  const clickId = clickIdOrTimestamp(input.clickId, input.now);
  return fillPlaceholders(input.template, {
    CLICK_ID: clickId,
    SUB_ID: linkSubId(input.vendorId, input.placementId, clickId),
    LINK: input.merchantUrl,
  });
}

/**
 * Deep link 4: the deep link 3 values plus the merchant's domain, country and id. IP and USER_AGENT belong to
 * the visitor: a server that forwards a click fills them in; a copied or downloaded link leaves them empty.
 */
export function buildDeeplink4Link(
  input: RedirectLinkInput & {
    merchantDomain: string;
    countryCode: string;
    merchantId: string;
    ip?: string | null;
    userAgent?: string | null;
  },
): string {
  const clickId = clickIdOrTimestamp(input.clickId, input.now);
  return fillPlaceholders(input.template, {
    CLICK_ID: clickId,
    SUB_ID: linkSubId(input.vendorId, input.placementId, clickId),
    MARCHANT_DOMAIN: input.merchantDomain,
    COUNTRY_CODE: input.countryCode,
    IP: input.ip ?? '',
    USER_AGENT: input.userAgent ?? '',
    MERCHANTS_ID: input.merchantId,
  });
}
