/**
 * Part 1 §1 and §7: "When served from a particular second-brand host, a query flag is added to every call."
 * The web adds `isSecondBrand=true` to every call when its host is one of its configured second-brand hosts.
 * Every route of the API accepts the flag (query schemas ignore parameters they do not name; the flag never
 * changes access, validation or the answer), so it can be added blindly.
 */
export const SECOND_BRAND_QUERY_FLAG = 'isSecondBrand';
export const SECOND_BRAND_QUERY_VALUE = 'true';
