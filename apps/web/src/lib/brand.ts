import { isHostOrSubdomainOf as isHostOf } from '@publisher/contract';
import { env } from '../config/env';

/** True when the page is served from an AI-brand host or one of its sub-domains (part 2 §1). */
export function isAIBrandHost(hostname: string, brandHosts: readonly string[] = env.aiBrandHosts): boolean {
  return isHostOf(hostname, brandHosts);
}

/** True when the page is served from a second-brand host or one of its sub-domains (part 1 §1). */
export function isSecondBrandHost(hostname: string, brandHosts: readonly string[] = env.secondBrandHosts): boolean {
  return isHostOf(hostname, brandHosts);
}

/** The second-brand check for the current page. */
export function isCurrentHostSecondBrand(): boolean {
  return typeof window !== 'undefined' && isSecondBrandHost(window.location.hostname);
}

/** The AI-brand check for the current page. */
export function isCurrentHostAIBrand(): boolean {
  return typeof window !== 'undefined' && isAIBrandHost(window.location.hostname);
}
