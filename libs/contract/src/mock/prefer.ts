import { MAX_SCENARIO_DELAY_MS } from '../control/control.schema';

/** What a `Prefer` request header asks of the scenario controls (RFC 7240 syntax), e.g. `code=404, delay=100-300`. */
export interface Preference {
  code?: number;
  delay?: { minMs: number; maxMs: number };
  /** The example asked for by name (`empty` is the one every list route has); others are ignored where unknown. */
  example?: string;
}

export type PreferParse = { ok: true; preference: Preference } | { ok: false; message: string };

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

function parseDelay(value: string): Preference['delay'] | null {
  const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(value);
  if (!match) return null;
  const minMs = Number(match[1]);
  const maxMs = match[2] === undefined ? minMs : Number(match[2]);
  if (minMs > maxMs || maxMs > MAX_SCENARIO_DELAY_MS) return null;
  return { minMs, maxMs };
}

/**
 * Parses the header as RFC 7240 says a server reads it: preferences it does not know (`respond-async`,
 * `handling=strict`, `return=minimal`, `wait=5`) and parameters after `;` are ignored, and of a preference given
 * more than once only the first counts (§2). Absent or blank asks for nothing. A malformed `code` or `delay` is
 * still a 400: those are ours, and a scenario that silently did nothing would make a test pass for the wrong
 * reason.
 */
export function parsePrefer(header: string | string[] | undefined): PreferParse {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const preference: Preference = {};
  const seen = new Set<string>();
  for (const item of text.split(',')) {
    const [token = ''] = item.split(';');
    const trimmed = token.trim();
    if (trimmed === '') continue;
    const separator = trimmed.indexOf('=');
    const name = (separator < 0 ? trimmed : trimmed.slice(0, separator)).trim().toLowerCase();
    const value = separator < 0 ? '' : unquote(trimmed.slice(separator + 1).trim());
    if (seen.has(name)) continue;
    seen.add(name);
    if (name === 'code') {
      if (!/^[1-5]\d\d$/.test(value))
        return { ok: false, message: `Prefer: code must be an HTTP status (got "${value}").` };
      preference.code = Number(value);
    } else if (name === 'delay') {
      const delay = parseDelay(value);
      if (!delay) {
        return {
          ok: false,
          message: `Prefer: delay must be <ms> or <min>-<max>, min <= max <= ${String(MAX_SCENARIO_DELAY_MS)} (got "${value}").`,
        };
      }
      preference.delay = delay;
    } else if (name === 'example' && value !== '') {
      preference.example = value.toLowerCase();
    }
  }
  return { ok: true, preference };
}
