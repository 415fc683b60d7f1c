import { isHostOrSubdomainOf } from '@publisher/contract';

/** The hosts the web app may load on without being a vendor's custom domain (config `hosts`). */
export interface AppHosts {
  app: readonly string[];
  aiBrand: readonly string[];
  secondBrand: readonly string[];
}

/**
 * True for the app's own hosts: exactly one of the app hosts (localhost, 127.0.0.1, the WEB_ORIGIN hosts and
 * APP_HOSTS; their sub-domains are not: `shop.localhost` is a white-label host to verify), or a brand host or
 * any sub-domain of one (the web treats sub-domains of a brand host as that brand).
 */
export function isAppHost(host: string, hosts: AppHosts): boolean {
  if (host === '[::1]' || host === '::1') return true;
  if (hosts.app.includes(host)) return true;
  return isHostOrSubdomainOf(host, [...hosts.aiBrand, ...hosts.secondBrand]);
}
