import { describe, expect, it } from 'vitest';
import { contract, contractRoutes } from '@publisher/contract';
import { changesNothing, Ledger, READING_POSTS, routeOfCall, WRITING_GETS } from './effects';

const routes = contractRoutes(contract);
const byKey = new Map(routes.map((entry) => [entry.key, entry]));

describe('what each route does to the server', () => {
  it('lists only routes of the contract, with the method the list says', () => {
    for (const key of READING_POSTS) expect(byKey.get(key)?.method, key).toBe('POST');
    for (const key of WRITING_GETS) expect(byKey.get(key)?.method, key).toBe('GET');
  });

  it('counts GETs as reads except ingestion runs and tracking links, and POSTs as writes except the listed reads', () => {
    const reads = routes.filter(changesNothing).map((entry) => entry.key);
    expect(reads).toContain('reports.getEarningsReport');
    expect(reads).toContain('settings.getSettings');
    expect(reads).not.toContain('reports.saveDailyReportsConnexity');
    expect(reads).not.toContain('deepLinks.followShortUrl');
    expect(reads).not.toContain('content.createEvent');
    expect(reads).not.toContain('settings.updateSettings');
    // Every PUT writes.
    expect(routes.filter((entry) => entry.method === 'PUT').some(changesNothing)).toBe(false);
  });

  it('finds the route of a call by method and path', () => {
    expect(routeOfCall('GET', '/auth/abc123')?.key).toBe('auth.getUser');
    expect(routeOfCall('PUT', '/prodcast/upload/x.mp3?sig=1')?.key).toBe('content.uploadPodcastFile');
    expect(routeOfCall('DELETE', '/auth/abc123')).toBeUndefined();
  });
});

describe('Ledger', () => {
  const entry = (key: string) => {
    const found = byKey.get(key);
    if (!found) throw new Error(key);
    return found;
  };

  it('keeps what a run created and not what it deleted again, and ignores reads', () => {
    const ledger = new Ledger();
    const added = JSON.stringify({ data: { _id: 'd1' } });
    ledger.note(entry('settings.addDomainName'), '/dashboard/addDomainName', { name: 'a.example.com' }, added);
    ledger.note(entry('content.createEvent'), '/event/create', { title: 'T' }, JSON.stringify({ data: { _id: 'e1' } }));
    ledger.note(entry('reports.getEarningsReport'), '/home/getEarningsReport', {}, '{}');
    ledger.note(entry('settings.deleteDomain'), '/dashboard/deleteDomain', { _id: 'd1' }, '{}');
    expect(ledger.leftBehind()).toEqual(['event "T" e1 (no delete route)']);
    expect(ledger.deleted()).toBe(1);
  });
});
