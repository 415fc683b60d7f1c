import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { reportStorageReady } from './report-layout';
import { rollupId, rollupModel } from './report-partition.model';
import { REPORT_REVISION_ID, ReportRevisionModel } from './report-revision.model';
import { createReportCache } from './rollup-cache';
import { putStoredDay } from './testing/report-fixtures';

useTestApp();
beforeAll(() => reportStorageReady());

/** The cache under test, as one app holds it. */
const cache = createReportCache();

const totals = (clicks: number) => ({ cpc: { rows: 1, clicks, salesCount: 0, sales: 0, earnings: 1 }, orders: 0 });

/** One stored report row (the fields do not matter to the cache). */
const row = {
  merchantName: 'Nautica',
  domain: 'nautica.example',
  category: 'Apparel',
  country: 'us',
  device: 'desktop' as const,
  placementId: 'p1',
  clickId: 'c1',
  subId: '9003_p1_c1',
  isCPC: true,
  salesCount: 0,
  sales: 0,
  earnings: 1,
  earningsEur: 0.9,
};

describe('rollup cache', () => {
  it('serves from memory until this process forgets the entry', async () => {
    await rollupModel('kelkoo', 9001).create({ _id: rollupId(9001, '2025-03'), days: { '2025-03-01': totals(5) } });
    expect((await cache.monthRollup('kelkoo', 9001, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(5);
    await rollupModel('kelkoo', 9001).updateOne(
      { _id: rollupId(9001, '2025-03') },
      { $set: { 'days.2025-03-01': totals(6) } },
    );
    expect((await cache.monthRollup('kelkoo', 9001, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(5);
    cache.forget('kelkoo', 9001);
    expect((await cache.monthRollup('kelkoo', 9001, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(6);
  });

  it('drops everything when another process bumped the revision', async () => {
    await cache.bumpRevision();
    await rollupModel('kelkoo', 9002).create({ _id: rollupId(9002, '2025-03'), days: { '2025-03-01': totals(1) } });
    expect((await cache.monthRollup('kelkoo', 9002, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(1);
    // Another process writes and bumps the counter; this one has not forgotten anything.
    await rollupModel('kelkoo', 9002).updateOne(
      { _id: rollupId(9002, '2025-03') },
      { $set: { 'days.2025-03-01': totals(2) } },
    );
    await ReportRevisionModel.updateOne({ _id: REPORT_REVISION_ID }, { $inc: { revision: 1 } });
    expect((await cache.monthRollup('kelkoo', 9002, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(1);
    await cache.recheckNow();
    expect((await cache.monthRollup('kelkoo', 9002, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(2);
  });

  it("notices another process's bump that lands between this process's last check and its own bump", async () => {
    await cache.recheckNow();
    await rollupModel('kelkoo', 9005).create({ _id: rollupId(9005, '2025-03'), days: { '2025-03-01': totals(1) } });
    expect((await cache.monthRollup('kelkoo', 9005, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(1);
    // The other process rewrites the month and bumps; then this process saves something else and bumps too.
    await rollupModel('kelkoo', 9005).updateOne(
      { _id: rollupId(9005, '2025-03') },
      { $set: { 'days.2025-03-01': totals(7) } },
    );
    await ReportRevisionModel.updateOne({ _id: REPORT_REVISION_ID }, { $inc: { revision: 1 } });
    cache.forget('kelkoo', 9999);
    await cache.bumpRevision();
    // Its bump skipped a revision it never saw, so nothing cached before it is trusted.
    expect((await cache.monthRollup('kelkoo', 9005, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(7);
  });

  it('keeps what it cached when its own bump is the only change since its last check', async () => {
    await cache.recheckNow();
    await rollupModel('kelkoo', 9006).create({ _id: rollupId(9006, '2025-03'), days: { '2025-03-01': totals(1) } });
    expect((await cache.monthRollup('kelkoo', 9006, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(1);
    await rollupModel('kelkoo', 9006).updateOne(
      { _id: rollupId(9006, '2025-03') },
      { $set: { 'days.2025-03-01': totals(2) } },
    );
    await cache.bumpRevision();
    // Still the copy: only this process wrote, and it forgets exactly what it rewrites (forgetRollups).
    expect((await cache.monthRollup('kelkoo', 9006, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(1);
  });

  it('serves saved days from memory until this process forgets them', async () => {
    await putStoredDay('kelkoo', 9003, '2025-03-02', [{ ...row, clicks: 3 }]);
    expect((await cache.day('kelkoo', 9003, '2025-03-02'))?.rows[0]?.clicks).toBe(3);
    expect(await cache.day('kelkoo', 9003, '2025-03-09')).toBeNull();
    await putStoredDay('kelkoo', 9003, '2025-03-02', [{ ...row, clicks: 4 }]);
    expect((await cache.day('kelkoo', 9003, '2025-03-02'))?.rows[0]?.clicks).toBe(3);
    cache.forget('kelkoo', 9003);
    expect((await cache.day('kelkoo', 9003, '2025-03-02'))?.rows[0]?.clicks).toBe(4);
  });

  it('bounds the rows it holds, dropping the oldest days first', async () => {
    const small = createReportCache({ maxDayRows: 25 });
    const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ ...row, clicks: index }));
    for (const date of ['2025-04-01', '2025-04-02', '2025-04-03']) {
      await putStoredDay('kelkoo', 9004, date, rows(10));
    }
    for (const date of ['2025-04-01', '2025-04-02', '2025-04-03']) await small.day('kelkoo', 9004, date);
    expect(small.daySize().rows).toBeLessThanOrEqual(25);
    // The oldest day went: reading it again is a fresh read of what is stored now.
    await putStoredDay('kelkoo', 9004, '2025-04-01', rows(1));
    expect((await small.day('kelkoo', 9004, '2025-04-01'))?.rows).toHaveLength(1);
    // The newest stayed cached: still the rows read before.
    await putStoredDay('kelkoo', 9004, '2025-04-03', rows(1));
    expect((await small.day('kelkoo', 9004, '2025-04-03'))?.rows).toHaveLength(10);
  });

  it("two apps' caches share nothing, and each sees the other's bump", async () => {
    const first = createReportCache();
    const second = createReportCache();
    await rollupModel('kelkoo', 9007).create({ _id: rollupId(9007, '2025-03'), days: { '2025-03-01': totals(1) } });
    expect((await first.monthRollup('kelkoo', 9007, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(1);
    await first.day('kelkoo', 9007, '2025-03-01');
    expect(second.daySize()).toEqual({ days: 0, rows: 0 });
    expect((await second.monthRollup('kelkoo', 9007, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(1);
    // The second app rewrites the month and bumps; then the first bumps for a write of its own elsewhere.
    await rollupModel('kelkoo', 9007).updateOne(
      { _id: rollupId(9007, '2025-03') },
      { $set: { 'days.2025-03-01': totals(4) } },
    );
    second.forget('kelkoo', 9007);
    await second.bumpRevision();
    first.forget('kelkoo', 9998);
    await first.bumpRevision();
    // The first skipped the second's revision, so it reads again; the second saw the first's bump only on a check.
    expect((await first.monthRollup('kelkoo', 9007, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(4);
    expect((await second.monthRollup('kelkoo', 9007, '2025-03'))?.days['2025-03-01']?.cpc?.clicks).toBe(4);
  });

  it('checks the revision again only after recheckMs', async () => {
    let clock = 10_000;
    const timed = createReportCache({ now: () => clock, recheckMs: 2_000 });
    const checks = vi.spyOn(ReportRevisionModel, 'findById');
    try {
      await timed.monthRollup('kelkoo', 9008, '2025-03');
      expect(checks).toHaveBeenCalledTimes(1);
      clock += 1_999;
      await timed.monthRollup('kelkoo', 9008, '2025-03');
      expect(checks).toHaveBeenCalledTimes(1);
      clock += 1;
      await timed.monthRollup('kelkoo', 9008, '2025-03');
      expect(checks).toHaveBeenCalledTimes(2);
    } finally {
      checks.mockRestore();
    }
  });
});
