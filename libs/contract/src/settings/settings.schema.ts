import { z } from 'zod';
import { ACCOUNT_MESSAGES, secondaryEmailField } from '../auth/auth.schema';
import { apiKeyBodyField, isoDateTimeSchema, objectIdSchema } from '../common/fields';
import { unanchored, withOpenApiHint } from '../common/openapi-hints';

/*
 * Admin settings of part 2 §2 "Custom Domains", "Unique Title Filters", "Short URL Domains" (entities of §3),
 * the white-label host check of §1/§7 and the vendor's own Settings screen (/Settings, content "not shown":
 * designed here). The spec shows only paths and entity fields; bodies and answers are designed and each
 * route's summary says so.
 */

/** Exact texts the settings calls answer with (the add forms show `statusMessages[0]`). */
export const SETTINGS_MESSAGES = {
  /** Part 2 §5 / §8: an empty add form. */
  nameRequired: 'Please enter valid name',
  invalidHostName: 'Please enter valid name: a host name such as shop.example.com (letters, digits, hyphens, dots).',
  vendorIdRequired: 'Please enter valid vendor id',
  unknownVendor: 'No vendor has this vendor id.',
  domainAdded: 'Custom domain added successfully.',
  domainDeleted: 'Custom domain deleted successfully.',
  domainTaken: 'This custom domain already exists.',
  domainNotFound: 'Custom domain not found.',
  filterAdded: 'Title filter added successfully.',
  filterDeleted: 'Title filter deleted successfully.',
  filterTaken: 'This title filter already exists.',
  filterNotFound: 'Title filter not found.',
  filterTooLong: 'Filter text can be at most 100 characters',
  shortUrlDomainAdded: 'Short URL domain added successfully.',
  shortUrlDomainDeleted: 'Short URL domain deleted successfully.',
  shortUrlDomainTaken: 'This short URL domain already exists.',
  shortUrlDomainNotFound: 'Short URL domain not found.',
  settingsUpdated: 'Settings updated.',
  secondaryEmailInvalid: ACCOUNT_MESSAGES.emailInvalid,
} as const;

/** Longest host name (RFC 1035: 253 characters; each dot-separated label 1 to 63). */
export const HOST_NAME_MAX = 253;
export const TITLE_FILTER_MAX = 100;

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Whether a lower-cased string is a host name: dot-separated labels of letters, digits and inner hyphens, at
 * least two labels (`shop.example.com`, `whitelabel.localhost`), no port, no scheme, no path.
 */
export function isHostName(value: string): boolean {
  if (value.length === 0 || value.length > HOST_NAME_MAX) return false;
  const labels = value.split('.');
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label));
}

/**
 * What a typed domain becomes before it is checked and stored: trimmed, lower-cased, a pasted `http(s)://`
 * prefix and a trailing `/` or `.` removed. `https://Shop.Example.com/` -> `shop.example.com`.
 */
export function normalizeHostName(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[/.]+$/, '');
}

/**
 * The OpenAPI pattern of a domain as typed: what normalizeHostName takes off around labels isHostName accepts, with
 * `port` after the labels when the field takes one.
 */
function typedHostPattern(port = ''): string {
  const label = unanchored(HOST_LABEL).replaceAll('a-z0-9', 'A-Za-z0-9');
  return String.raw`^\s*(?:[Hh][Tt][Tt][Pp][Ss]?://)?${label}(?:\.${label})+${port}[/.]*\s*$`;
}

/** A domain in an add or check body: required, normalised, then held to `isValid`; `port` is its OpenAPI pattern's. */
function typedHostField(isValid: (name: string) => boolean, port?: string) {
  return withOpenApiHint(
    z
      .string({ required_error: SETTINGS_MESSAGES.nameRequired, invalid_type_error: SETTINGS_MESSAGES.nameRequired })
      .transform(normalizeHostName)
      .superRefine((name, context) => {
        if (name === '') context.addIssue({ code: z.ZodIssueCode.custom, message: SETTINGS_MESSAGES.nameRequired });
        else if (!isValid(name)) {
          context.addIssue({ code: z.ZodIssueCode.custom, message: SETTINGS_MESSAGES.invalidHostName });
        }
      }),
    { type: 'string', maxLength: HOST_NAME_MAX, pattern: typedHostPattern(port) },
  );
}

/** A custom domain: a host name. */
export const hostNameField = typedHostField(isHostName);

/**
 * A short-URL domain: a host name as above, optionally with a port (`go.localhost:3333` in development), since
 * the short links are built on it as written.
 */
export function isShortUrlHost(value: string): boolean {
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(value);
  const host = match?.[1] ?? '';
  const port = match?.[2] === undefined ? undefined : Number(match[2]);
  return isHostName(host) && (port === undefined || (port >= 1 && port <= 65_535));
}

export const shortUrlHostField = typedHostField(
  isShortUrlHost,
  // A port from 1 to 65535.
  String.raw`(?::(?:[1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d{2}|655[0-2]\d|6553[0-5]))?`,
);

/** A vendor id typed in a form: a positive whole number, as a number or a string of digits. */
export const vendorIdField = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value),
  z
    .number({
      required_error: SETTINGS_MESSAGES.vendorIdRequired,
      invalid_type_error: SETTINGS_MESSAGES.vendorIdRequired,
    })
    .int(SETTINGS_MESSAGES.vendorIdRequired)
    .positive(SETTINGS_MESSAGES.vendorIdRequired),
);

/** A delete body: the `_id` of the row to delete. */
export const deleteByIdBodySchema = z.object({ _id: objectIdSchema, apiKey: apiKeyBodyField });
export type DeleteByIdBody = z.infer<typeof deleteByIdBodySchema>;

/** Answer of every delete: the success notice. */
export const settingsNoticeResponseSchema = z.object({ statusMessages: z.array(z.string()) });
export type SettingsNoticeResponse = z.infer<typeof settingsNoticeResponseSchema>;

// ---------- custom domains ----------

/** Part 2 §3 "Custom domain": a white-label host of one vendor. `campaign_id` equals `vendorId` (part 2 §2). */
export const customDomainSchema = z.object({
  _id: objectIdSchema,
  /** The host, stored lower-cased. */
  name: z.string(),
  vendorId: z.number().int().positive(),
  campaign_id: z.number().int().positive(),
  createdAt: isoDateTimeSchema,
});
export type CustomDomain = z.infer<typeof customDomainSchema>;

export const addDomainBodySchema = z.object({ name: hostNameField, vendorId: vendorIdField, apiKey: apiKeyBodyField });
export type AddDomainBody = z.input<typeof addDomainBodySchema>;

/** A `check*IsExit` body: the host name to look up. */
export const checkNameBodySchema = z.object({ name: hostNameField, apiKey: apiKeyBodyField });
export type CheckNameBody = z.input<typeof checkNameBodySchema>;

export const customDomainResponseSchema = z.object({ data: customDomainSchema, statusMessages: z.array(z.string()) });
export const customDomainListResponseSchema = z.object({ data: z.array(customDomainSchema) });
/** `success` is true when the name is taken; `data` is the row that holds it. */
export const checkCustomDomainResponseSchema = z.object({ success: z.boolean(), data: customDomainSchema.nullable() });
export type CheckCustomDomainResponse = z.infer<typeof checkCustomDomainResponseSchema>;

// ---------- title filters ----------

/**
 * Part 2 §3 "Filter text". `filter` is the text as typed (trimmed; shown in the list), `name` the same text
 * lower-cased with runs of spaces collapsed: what matching and the duplicate check use. `campaign_id` null:
 * the filter applies to every vendor's product lists; a vendor id: to that vendor's lists only.
 *
 * The rule: a product is hidden from the product list (`GET /home/getProductslist`, its page and its
 * totalRecords) when its lower-cased title contains a filter's `name` as a plain substring (no patterns, no word
 * boundaries: `xl` hides "Shirt XL" and "XLarge Mug"). Other lists (merchants, coupons) are not filtered.
 */
export const titleFilterSchema = z.object({
  _id: objectIdSchema,
  filter: z.string(),
  name: z.string(),
  campaign_id: z.number().int().positive().nullable(),
  createdAt: isoDateTimeSchema,
});
export type TitleFilter = z.infer<typeof titleFilterSchema>;

/** Lower-cased, trimmed, runs of white space as one space: how filters and titles are compared. */
export function normalizeTitleText(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, ' ');
}

export const addTitleFilterBodySchema = z.object({
  filter: withOpenApiHint(
    z
      .string({ required_error: SETTINGS_MESSAGES.nameRequired, invalid_type_error: SETTINGS_MESSAGES.nameRequired })
      .transform((value) => value.trim().replace(/\s+/g, ' '))
      .pipe(z.string().min(1, SETTINGS_MESSAGES.nameRequired).max(TITLE_FILTER_MAX, SETTINGS_MESSAGES.filterTooLong)),
    // Not blank; runs of spaces count as one, so a longer text with many spaces is accepted too.
    { type: 'string', maxLength: TITLE_FILTER_MAX, pattern: String.raw`\S` },
  ),
  /** Optional: limit the filter to one vendor's lists (empty or absent: every vendor). */
  campaign_id: z.preprocess((value) => (value === '' || value === null ? undefined : value), vendorIdField.optional()),
  apiKey: apiKeyBodyField,
});
export type AddTitleFilterBody = z.input<typeof addTitleFilterBodySchema>;

export const titleFilterResponseSchema = z.object({ data: titleFilterSchema, statusMessages: z.array(z.string()) });
export const titleFilterListResponseSchema = z.object({ data: z.array(titleFilterSchema) });

// ---------- short URL domains ----------

/**
 * Part 2 §3 "Short URL": a host (optionally with a port) the shortener issues one vendor's short links on (`POST /shortURL/create`
 * accepts `domain` only from the vendor's list, or the API's tracking host when the list is empty).
 * `campaign_id` equals `vendorId`. The list screen shows rows as "vendorId - name".
 */
export const shortUrlDomainSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  vendorId: z.number().int().positive(),
  campaign_id: z.number().int().positive(),
  createdAt: isoDateTimeSchema,
});
export type ShortUrlDomain = z.infer<typeof shortUrlDomainSchema>;

export const addShortUrlDomainBodySchema = z.object({
  name: shortUrlHostField,
  vendorId: vendorIdField,
  apiKey: apiKeyBodyField,
});
export type AddShortUrlDomainBody = z.input<typeof addShortUrlDomainBodySchema>;

export const shortUrlDomainResponseSchema = z.object({
  data: shortUrlDomainSchema,
  statusMessages: z.array(z.string()),
});
export const shortUrlDomainListResponseSchema = z.object({ data: z.array(shortUrlDomainSchema) });
export const checkShortUrlNameBodySchema = z.object({ name: shortUrlHostField, apiKey: apiKeyBodyField });

export const checkShortUrlDomainResponseSchema = z.object({
  success: z.boolean(),
  data: shortUrlDomainSchema.nullable(),
});
export type CheckShortUrlDomainResponse = z.infer<typeof checkShortUrlDomainResponseSchema>;

// ---------- white-label host verification (public) ----------

/** `host` as the browser has it (`location.host`: a port is ignored), e.g. `whitelabel.localhost:4200`. */
export const verifyDomainQuerySchema = z.object({
  host: withOpenApiHint(
    z
      .string({ required_error: 'host is required' })
      .trim()
      .toLowerCase()
      .max(HOST_NAME_MAX + 6, 'host is too long')
      .transform((value) => value.replace(/:\d{1,5}$/, '').replace(/\.$/, ''))
      .refine((value) => value.length > 0, 'host is required'),
    // Not blank once spaces, a port and a final dot are taken off.
    { type: 'string', maxLength: HOST_NAME_MAX + 6, pattern: '^(?!\\s*\\.?(?::\\d{1,5})?\\s*$)' },
  ),
});
export type VerifyDomainQuery = z.input<typeof verifyDomainQuerySchema>;

/**
 * `success` true: the app may load on this host. `whiteLabelName` and `vendorId` are present when the host is
 * a vendor's custom domain (the header shows `whiteLabelName`, the vendor's full name); absent on the app's own
 * hosts (`localhost`, `127.0.0.1`, the configured app and brand hosts). `success` false: show the blocking page.
 */
export const verifyDomainResponseSchema = z.object({
  success: z.boolean(),
  whiteLabelName: z.string().optional(),
  vendorId: z.number().int().positive().optional(),
});
export type VerifyDomainResponse = z.infer<typeof verifyDomainResponseSchema>;

// ---------- the vendor's own settings (/Settings) ----------

export const vendorSettingsSchema = z.object({
  vendorId: z.number().int().positive(),
  apiKey: z.string(),
  /** The short-URL switch: Shorten is offered and `POST /shortURL/create` allowed only when on. */
  isShortUrlEnabled: z.boolean(),
  secondaryEmail: z.string(),
  secondaryEmail2: z.string(),
  secondaryEmail3: z.string(),
  secondaryEmail4: z.string(),
  /** Hosts this vendor's short links may be issued on, the default first (never empty). */
  shortUrlDomains: z.array(z.string()),
  /** This vendor's white-label custom domains (read-only here; the admin manages them). */
  customDomains: z.array(z.string()),
});
export type VendorSettings = z.infer<typeof vendorSettingsSchema>;

export const vendorSettingsResponseSchema = z.object({ data: vendorSettingsSchema });
export const updateVendorSettingsResponseSchema = z.object({
  data: vendorSettingsSchema,
  statusMessages: z.array(z.string()),
});

/** Only the fields sent change. The apiKey is rotated by `POST /auth/regenerateApiKey`, never here. */
export const updateVendorSettingsBodySchema = z
  .object({
    isShortUrlEnabled: z.boolean({ invalid_type_error: 'isShortUrlEnabled must be true or false' }),
    secondaryEmail: secondaryEmailField,
    secondaryEmail2: secondaryEmailField,
    secondaryEmail3: secondaryEmailField,
    secondaryEmail4: secondaryEmailField,
    apiKey: apiKeyBodyField,
  })
  .partial()
  .strict();
export type UpdateVendorSettingsBody = z.input<typeof updateVendorSettingsBodySchema>;
