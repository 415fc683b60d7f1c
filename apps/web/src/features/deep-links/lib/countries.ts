import { COUNTRY_CODES, COUNTRY_NAMES, type CountryCode } from '@publisher/contract';
import type { SelectOption } from '../../../components/ui/select';

/** The 51 countries of the merchant lists, by name, for the country selects. */
export const COUNTRY_OPTIONS: readonly SelectOption[] = [...COUNTRY_CODES]
  .sort((a, b) => COUNTRY_NAMES[a].localeCompare(COUNTRY_NAMES[b]))
  .map((code) => ({ value: code, label: COUNTRY_NAMES[code] }));

/** The country select with an "All Countries" choice first (the API reads `all` as every country). */
export const COUNTRY_OPTIONS_WITH_ALL: readonly SelectOption[] = [
  { value: 'all', label: 'All Countries' },
  ...COUNTRY_OPTIONS,
];

export function isCountryCode(value: string): value is CountryCode {
  return value in COUNTRY_NAMES;
}

/** A country code as the tables show it: upper case (part 2 §2 API 4 New: "Country (upper-cased geo)"). */
export function countryLabel(code: string): string {
  return code.toUpperCase();
}
