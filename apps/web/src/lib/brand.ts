import { env } from '../config/env';

/** True when the page is served from an AI-brand host or one of its sub-domains (part 2 §1). */
export function isAIBrandHost(hostname: string, brandHosts: readonly string[] = env.aiBrandHosts): boolean {
  const host = hostname.trim().toLowerCase();
  if (host.length === 0) return false;
  return brandHosts.some((brandHost) => host === brandHost || host.endsWith(`.${brandHost}`));
}

/** The AI-brand check for the current page. */
export function isCurrentHostAIBrand(): boolean {
  return typeof window !== 'undefined' && isAIBrandHost(window.location.hostname);
}
