/** The loopback host names a development browser reaches the web app on (`*.localhost` resolves to loopback). */
function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost')
  );
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * Which browser origins may call the API (the `origin` option of cors). Production: exactly the WEB_ORIGIN list.
 * Development and test: that list plus any loopback origin at any port, so the white-label, AI-brand and
 * second-brand hosts (`*.localhost:4200`) and a second dev server (`localhost:5173`) work as `npm start` runs them;
 * nothing but the machine itself can be such an origin.
 */
export function allowedOrigins(
  nodeEnv: 'development' | 'test' | 'production',
  webOrigins: readonly string[],
): (origin: string | undefined, callback: (error: Error | null, allow?: boolean) => void) => void {
  const listed = new Set(webOrigins);
  const isDevelopment = nodeEnv !== 'production';
  return (origin, callback) => {
    callback(null, origin !== undefined && (listed.has(origin) || (isDevelopment && isLoopbackOrigin(origin))));
  };
}
