import type { ClickRecord } from './click.model';

/**
 * The device class of a click from its User-Agent, the way the report rows count devices: tablets first (an
 * iPad or an Android without "Mobile"), then phones, else desktop; no User-Agent at all is unknown.
 */
export function deviceOf(userAgent: string | undefined): ClickRecord['device'] {
  if (!userAgent) return 'unknown';
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent) || (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)))
    return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
