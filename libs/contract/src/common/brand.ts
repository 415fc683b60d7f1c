/**
 * Part 1 §1 and §7: "When served from a particular second-brand host, a query flag is added to every call."
 * The web adds `isSecondBrand=true` to every call when its host is one of its configured second-brand hosts.
 * Every route of the API accepts the flag (query schemas ignore parameters they do not name; the flag never
 * changes access, validation or the answer), so it can be added blindly.
 */
export const SECOND_BRAND_QUERY_FLAG = 'isSecondBrand';
export const SECOND_BRAND_QUERY_VALUE = 'true';

/**
 * The brand hosts when nothing overrides them: the one source both the API (AI_BRAND_HOSTS, SECOND_BRAND_HOSTS)
 * and the web app read, so the web sends the second-brand flag on exactly the hosts the API treats as that brand.
 * Sub-domains of a brand host count as that brand.
 */
export const DEFAULT_AI_BRAND_HOSTS: readonly string[] = ['ai.localhost'];
export const DEFAULT_SECOND_BRAND_HOSTS: readonly string[] = ['brand2.localhost'];

/** A comma-separated host list: trimmed, lower-cased, without ports, empty items dropped. */
export function parseHostList(value: string): string[] {
  return value
    .split(',')
    .map((host) => host.trim().toLowerCase().replace(/:\d+$/, ''))
    .filter((host) => host.length > 0);
}

/**
 * A brand host list from its environment variable: unset means the defaults, set (even to nothing) means exactly
 * that list, so `SECOND_BRAND_HOSTS=` turns the brand off in the API and the web alike.
 */
export function brandHostsFrom(value: string | undefined, defaults: readonly string[]): string[] {
  return value === undefined ? [...defaults] : parseHostList(value);
}

/** True when `hostname` is one of `hosts` or a sub-domain of one. */
export function isHostOrSubdomainOf(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.trim().toLowerCase();
  if (host.length === 0) return false;
  return hosts.some((base) => host === base || host.endsWith(`.${base}`));
}
