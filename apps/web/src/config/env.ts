/**
 * The only file that reads `import.meta.env`. Values are read once at start-up; Vite inlines them at build time.
 */
import { brandHostsFrom, DEFAULT_AI_BRAND_HOSTS, DEFAULT_SECOND_BRAND_HOSTS } from '@publisher/contract';

const DEFAULT_API_URL = 'http://localhost:3333';

function readString(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : fallback;
}

/** A variable as Vite exposes it: a string when set (even to nothing), else undefined. */
function readOptional(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

const rawEnv: Record<string, unknown> = import.meta.env;

export const env = {
  /** Base URL of the API, without a trailing slash. */
  apiUrl: readString(rawEnv['VITE_API_URL'], DEFAULT_API_URL).replace(/\/+$/, ''),
  /**
   * Hosts that serve the AI-branded variant (part 2 §1); sub-domains of them count too. AI_BRAND_HOSTS, the API's
   * own variable (vite.config.ts exposes it), else the older VITE_AI_BRAND_HOSTS, else the contract's default.
   */
  aiBrandHosts: brandHostsFrom(
    readOptional(rawEnv['AI_BRAND_HOSTS']) ?? readOptional(rawEnv['VITE_AI_BRAND_HOSTS']),
    DEFAULT_AI_BRAND_HOSTS,
  ),
  /**
   * Hosts of the second brand (part 1 §1): every call adds `isSecondBrand=true` there. SECOND_BRAND_HOSTS, the
   * API's own variable, else VITE_SECOND_BRAND_HOSTS, else the contract's default (what the API defaults to).
   */
  secondBrandHosts: brandHostsFrom(
    readOptional(rawEnv['SECOND_BRAND_HOSTS']) ?? readOptional(rawEnv['VITE_SECOND_BRAND_HOSTS']),
    DEFAULT_SECOND_BRAND_HOSTS,
  ),
} as const;
