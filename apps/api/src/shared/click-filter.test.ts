import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { createClickFilter, MAX_TRACKED } from './click-filter';

/** A clock the test moves by hand. */
function fakeClock(start = 1_000_000) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

const limits = { duplicateWindowMs: 10_000, perAddressLimit: 5, perAddressWindowMs: 60_000, searchTextLimit: 2 };

describe('createClickFilter', () => {
  it('counts a link once per address within the duplicate window, then again after it', () => {
    const clock = fakeClock();
    const filter = createClickFilter(limits, clock.now);
    expect(filter.admit('10.0.0.1', 'link-a')).toBe('record');
    expect(filter.admit('10.0.0.1', 'link-a')).toBe('duplicate');
    // Another address, another link: not duplicates.
    expect(filter.admit('10.0.0.2', 'link-a')).toBe('record');
    expect(filter.admit('10.0.0.1', 'link-b')).toBe('record');
    clock.advance(10_000);
    expect(filter.admit('10.0.0.1', 'link-a')).toBe('duplicate');
    clock.advance(1);
    expect(filter.admit('10.0.0.1', 'link-a')).toBe('record');
    expect(filter.stats()).toEqual({ duplicates: 2, overAddressLimit: 0, searchTextsOverLimit: 0 });
  });

  it('records at most perAddressLimit clicks of one address per window; other addresses keep theirs', () => {
    const clock = fakeClock();
    const filter = createClickFilter(limits, clock.now);
    const verdicts = Array.from({ length: 8 }, (_, i) => filter.admit('10.0.0.1', `link-${i}`));
    expect(verdicts).toEqual(['record', 'record', 'record', 'record', 'record', 'overLimit', 'overLimit', 'overLimit']);
    expect(filter.admit('10.0.0.2', 'link-0')).toBe('record');
    clock.advance(59_999);
    expect(filter.admit('10.0.0.1', 'link-new')).toBe('overLimit');
    clock.advance(1);
    expect(filter.admit('10.0.0.1', 'link-new')).toBe('record');
    expect(filter.stats()).toEqual({ duplicates: 0, overAddressLimit: 4, searchTextsOverLimit: 0 });
  });

  it('bounds the search texts of one address separately; clicks without one go on', () => {
    const filter = createClickFilter(limits, fakeClock().now);
    const search = (q: string) => filter.admit('10.0.0.1', `yahoo ${q}`, { hasSearchText: true });
    expect([search('a'), search('b'), search('c')]).toEqual(['record', 'record', 'overLimit']);
    expect(filter.admit('10.0.0.1', 'priceline 4')).toBe('record');
    expect(filter.stats()).toEqual({ duplicates: 0, overAddressLimit: 0, searchTextsOverLimit: 1 });
  });

  it('filters no duplicates with a window of 0', () => {
    const filter = createClickFilter({ ...limits, duplicateWindowMs: 0 }, fakeClock().now);
    expect([filter.admit('a', 'l'), filter.admit('a', 'l')]).toEqual(['record', 'record']);
  });

  it('two filters share nothing', () => {
    const clock = fakeClock();
    const first = createClickFilter(limits, clock.now);
    const second = createClickFilter(limits, clock.now);
    expect(first.admit('10.0.0.1', 'link')).toBe('record');
    expect(second.admit('10.0.0.1', 'link')).toBe('record');
    expect(second.stats().duplicates).toBe(0);
  });

  it('keeps its memory bounded: the least recently seen links are forgotten past MAX_TRACKED', () => {
    const filter = createClickFilter({ ...limits, perAddressLimit: Number.MAX_SAFE_INTEGER }, fakeClock().now);
    filter.admit('a', 'first');
    for (let i = 0; i < MAX_TRACKED; i += 1) filter.admit('a', `link-${i}`);
    expect(filter.admit('a', 'first')).toBe('record');
  });

  it('defaults: 10 s duplicate window, 120 clicks and 20 search texts per address per minute', () => {
    expect(loadConfig({}).clickFilter).toEqual({
      duplicateWindowMs: 10_000,
      perAddressLimit: 120,
      perAddressWindowMs: 60_000,
      searchTextLimit: 20,
    });
    expect(
      loadConfig({
        CLICK_DUPLICATE_WINDOW_SECONDS: '0',
        CLICK_RATE_LIMIT: '10',
        CLICK_RATE_WINDOW_SECONDS: '5',
        SEARCH_TEXT_RATE_LIMIT: '3',
      }).clickFilter,
    ).toEqual({ duplicateWindowMs: 0, perAddressLimit: 10, perAddressWindowMs: 5_000, searchTextLimit: 3 });
  });
});
