/** The app's own development hosts: they never need a verification call (part 2 §2: plain localhost loads). */
const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname.toLowerCase());
}

/**
 * Where 'GO TO HOME PAGE' leads from a blocked host: the parent domain (`unknown.portal.example.com` ->
 * `portal.example.com`, `unknown.localhost:4200` -> `localhost:4200`), since the blocked host's own `/` is blocked
 * too; `/` when there is no parent worth going to (`unknown.com`).
 */
export function homeUrlFor(location: Pick<Location, 'protocol' | 'hostname' | 'port'>): string {
  const labels = location.hostname.toLowerCase().split('.');
  const parent = labels.slice(1);
  const isUsefulParent = parent.length >= 2 || (parent.length === 1 && parent[0] === 'localhost');
  if (!isUsefulParent) return '/';
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${parent.join('.')}${port}/`;
}
