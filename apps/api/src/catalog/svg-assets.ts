import { createHash } from 'node:crypto';

/**
 * Generated images, so that the catalog looks complete offline: a logo per merchant slug and a picture per
 * product id. Colours and letters come from a hash of the name, so an image never changes.
 */

function hashBytes(text: string): Buffer {
  return createHash('sha1').update(text).digest();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** "sams-club" -> "SC", "nautica" -> "NA". */
export function initialsOf(slug: string): string {
  const words = slug.split('-').filter(Boolean);
  const first = words[0] ?? 'x';
  const second = words[1];
  const letters = second ? `${first.charAt(0)}${second.charAt(0)}` : first.slice(0, 2);
  return letters.toUpperCase();
}

/** "sams-club" -> "Sams Club". */
function displayName(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
    .slice(0, 22);
}

export function logoSvg(slug: string, size: 'small' | 'large'): string {
  const bytes = hashBytes(`logo:${slug}`);
  const hue = ((bytes[0] ?? 0) * 256 + (bytes[1] ?? 0)) % 360;
  const background = `hsl(${hue}, 62%, 42%)`;
  const accent = `hsl(${(hue + 40) % 360}, 70%, 88%)`;
  const initials = escapeXml(initialsOf(slug));
  if (size === 'small') {
    return [
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">',
      `<title>${escapeXml(displayName(slug))}</title>`,
      `<rect width="64" height="64" rx="12" fill="${background}"/>`,
      `<text x="32" y="41" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" text-anchor="middle" fill="${accent}">${initials}</text>`,
      '</svg>',
    ].join('');
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" viewBox="0 0 200 80" role="img">',
    `<title>${escapeXml(displayName(slug))}</title>`,
    '<rect width="200" height="80" rx="10" fill="#ffffff"/>',
    `<rect x="8" y="12" width="56" height="56" rx="10" fill="${background}"/>`,
    `<text x="36" y="48" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="${accent}">${initials}</text>`,
    `<text x="74" y="46" font-family="Helvetica, Arial, sans-serif" font-size="14" font-weight="600" fill="#1f2937">${escapeXml(displayName(slug))}</text>`,
    '</svg>',
  ].join('');
}

export function productImageSvg(id: string): string {
  const bytes = hashBytes(`product:${id}`);
  const hue = ((bytes[0] ?? 0) * 256 + (bytes[1] ?? 0)) % 360;
  const shape = (bytes[2] ?? 0) % 3;
  const light = `hsl(${hue}, 55%, 92%)`;
  const strong = `hsl(${hue}, 55%, 45%)`;
  const figure = [
    `<circle cx="150" cy="140" r="70" fill="${strong}"/>`,
    `<rect x="85" y="75" width="130" height="130" rx="16" fill="${strong}"/>`,
    `<polygon points="150,65 225,205 75,205" fill="${strong}"/>`,
  ][shape];
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" role="img">',
    `<title>Product ${escapeXml(id)}</title>`,
    `<rect width="300" height="300" fill="${light}"/>`,
    figure ?? '',
    `<text x="150" y="262" font-family="Helvetica, Arial, sans-serif" font-size="16" text-anchor="middle" fill="${strong}">#${escapeXml(id.slice(-6))}</text>`,
    '</svg>',
  ].join('');
}
