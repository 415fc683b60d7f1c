/**
 * The host a Location header sends a client to, read the two ways clients read it: the WHATWG parser (browsers)
 * and RFC 3986 as curl and python-requests read it (userinfo is everything up to the last `@` of the authority,
 * and a backslash is an ordinary character). A safe redirect names one host both ways.
 */
export function hostsReadFrom(location: string): { browser: string; rfc3986: string } {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(location)?.[1] ?? '';
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  return {
    browser: new URL(location).hostname,
    rfc3986: hostAndPort.replace(/:\d*$/, '').toLowerCase(),
  };
}
