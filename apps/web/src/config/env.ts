/**
 * The only file that reads `import.meta.env`. Values are read once at start-up; Vite inlines them at build time.
 */
const DEFAULT_API_URL = 'http://localhost:3333';
const DEFAULT_AI_BRAND_HOSTS = 'ai.localhost';

function readString(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : fallback;
}

function parseHostList(value: string): string[] {
  return value
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host.length > 0);
}

const rawEnv: Record<string, unknown> = import.meta.env;

export const env = {
  /** Base URL of the API, without a trailing slash. */
  apiUrl: readString(rawEnv['VITE_API_URL'], DEFAULT_API_URL).replace(/\/+$/, ''),
  /** Hosts that serve the AI-branded variant (part 2 §1); sub-domains of them count too. */
  aiBrandHosts: parseHostList(readString(rawEnv['VITE_AI_BRAND_HOSTS'], DEFAULT_AI_BRAND_HOSTS)),
  /** Hosts of the second brand (part 1 §1): every call adds `isSecondBrand=true` there. None by default. */
  secondBrandHosts: parseHostList(readString(rawEnv['VITE_SECOND_BRAND_HOSTS'], '')),
} as const;
