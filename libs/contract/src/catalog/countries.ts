import { z } from 'zod';
import { withOpenApiHint } from '../common/openapi-hints';

/**
 * The 51 lower-case country codes of the merchant lists (part 2 §9). The spec names 50 of them; `sa` (Saudi
 * Arabia) is the designed 51st. Every merchant row carries one of these as `country` or `geo`.
 */
export const COUNTRY_NAMES = {
  ar: 'Argentina',
  au: 'Australia',
  at: 'Austria',
  be: 'Belgium',
  br: 'Brazil',
  ca: 'Canada',
  cl: 'Chile',
  cn: 'China',
  co: 'Colombia',
  cz: 'Czech Republic',
  dk: 'Denmark',
  fi: 'Finland',
  fr: 'France',
  de: 'Germany',
  gr: 'Greece',
  hk: 'Hong Kong',
  hu: 'Hungary',
  in: 'India',
  id: 'Indonesia',
  ie: 'Ireland',
  il: 'Israel',
  it: 'Italy',
  jp: 'Japan',
  lu: 'Luxembourg',
  my: 'Malaysia',
  mx: 'Mexico',
  nl: 'Netherlands',
  nz: 'New Zealand',
  no: 'Norway',
  pk: 'Pakistan',
  pe: 'Peru',
  ph: 'Philippines',
  pl: 'Poland',
  pt: 'Portugal',
  ro: 'Romania',
  ru: 'Russia',
  sa: 'Saudi Arabia',
  sg: 'Singapore',
  za: 'South Africa',
  kr: 'South Korea',
  es: 'Spain',
  se: 'Sweden',
  ch: 'Switzerland',
  tw: 'Taiwan',
  th: 'Thailand',
  tr: 'Turkey',
  ua: 'Ukraine',
  ae: 'United Arab Emirates',
  gb: 'United Kingdom',
  us: 'United States',
  vn: 'Vietnam',
} as const;

export type CountryCode = keyof typeof COUNTRY_NAMES;

export const COUNTRY_CODES = Object.keys(COUNTRY_NAMES) as [CountryCode, ...CountryCode[]];

/** The country the screens preselect (part 2 §9 "Defaults: country us"). */
export const DEFAULT_COUNTRY: CountryCode = 'us';

/** A country code on the wire: always lower case. */
export const countryCodeSchema = z.enum(COUNTRY_CODES);

/**
 * The `country` query parameter: one of the 51 codes in any case. Absent, empty or `all` means every country
 * (the screens send `us` by default; the API does not guess).
 */
export const countryQuerySchema = withOpenApiHint(
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => value === '' || value === 'all' || value in COUNTRY_NAMES, {
      message: 'country must be a two-letter country code of the merchant lists, or all',
    })
    .transform((value) => (value === '' || value === 'all' ? undefined : (value as CountryCode))),
  // The document lists the lower-case codes the screens send; the API also takes them in capitals.
  { type: 'string', enum: [...COUNTRY_CODES, 'all', ''] },
).optional();
