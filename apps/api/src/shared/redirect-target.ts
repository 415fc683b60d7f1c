/**
 * Where a redirect may send a visitor, as it will be sent: parsed and re-serialised by the WHATWG URL parser (the
 * browsers' reading), so the Location header names exactly the host that was checked. Sent as given,
 * `https://shop.com\@evil.example/` is shop.com to a browser but evil.example to curl or python-requests (RFC 3986
 * reads `shop.com\` as userinfo); re-serialised it is `https://shop.com/@evil.example/` for every client.
 *
 * Undefined unless the URL is http(s), carries no userinfo (no merchant page needs one; it only disguises the host)
 * and its host, keyed like the merchant index (lower case, without `www.`), is one `isAllowedHost` accepts.
 */
export function redirectTargetOf(url: string, isAllowedHost: (hostKey: string) => boolean): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.username !== '' || parsed.password !== '') return undefined;
  // The merchant index's host key (deep-links/merchant-index.ts hostKeyOf); the parser has already lower-cased the host.
  if (!isAllowedHost(parsed.hostname.replace(/^www\./, ''))) return undefined;
  return parsed.href;
}

/** The authority of a URL as written (between `//` and the path), per RFC 3986. */
const WRITTEN_AUTHORITY = /^https?:\/\/([^/?#]*)/i;

/**
 * Whether a URL means the same host to every parser: the authority as written is the host the WHATWG parser reads
 * (compared without case). Refuses a backslash, userinfo, a percent-encoded or IDN (non-ASCII) host: forms a
 * portal link never has, and what a disguised target is made of. Stored links (short links) must pass it.
 */
export function isPlainHttpUrl(url: string): boolean {
  const written = WRITTEN_AUTHORITY.exec(url)?.[1];
  if (written === undefined) return false;
  try {
    const parsed = new URL(url);
    return written.toLowerCase() === parsed.host && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}
