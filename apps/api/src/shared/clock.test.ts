import { describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '@publisher/contract';
import { createTokenService } from './auth/token';
import { createClock } from './clock';

describe('clock', () => {
  it('follows the real time until it is fixed, then stands still at the fixed instant', async () => {
    const { fixed: fixedNow, now, nowMs, setFixed: setFixedNow } = createClock();
    expect(fixedNow()).toBeNull();
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(1_000);
    const at = new Date('2030-02-03T04:05:06.000Z');
    setFixedNow(at);
    expect(fixedNow()?.toISOString()).toBe(at.toISOString());
    expect(nowMs()).toBe(at.getTime());
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(now().toISOString()).toBe('2030-02-03T04:05:06.000Z');
    setFixedNow(null);
    expect(fixedNow()).toBeNull();
    expect(now().getUTCFullYear()).toBe(new Date().getUTCFullYear());
  });

  it('refuses an invalid date', () => {
    const { fixed: fixedNow, setFixed: setFixedNow } = createClock();
    expect(() => setFixedNow(new Date('not a date'))).toThrow(RangeError);
    expect(fixedNow()).toBeNull();
  });

  it('moves "today" and the ranges built from it', () => {
    const clock = createClock();
    clock.setFixed(new Date('2024-02-29T23:59:59.000Z'));
    expect(todayUtc(clock.now())).toBe('2024-02-29');
    // The "last 7 days" preset of the reports: today and the six days before it.
    expect(addDays(todayUtc(clock.now()), -6)).toBe('2024-02-23');
    clock.setFixed(new Date('2031-12-31T00:00:00.000Z'));
    expect(todayUtc(clock.now())).toBe('2031-12-31');
    // Another clock follows the real time still.
    expect(todayUtc(createClock().now())).toBe(todayUtc());
  });

  it('signs and expires tokens on the fixed clock', () => {
    const { nowMs, setFixed: setFixedNow } = createClock();
    const tokens = createTokenService('clock-test-secret-long-enough', 3_600, nowMs);
    setFixedNow(new Date('2020-01-01T00:00:00.000Z'));
    // Issued in 2020 for an hour: long expired by the real clock, valid on the fixed one.
    const token = tokens.sign('user-1', 0);
    const claims = tokens.verify(token);
    expect(claims?.exp).toBe(Date.UTC(2020, 0, 1, 1) / 1000);
    setFixedNow(new Date('2020-01-01T00:59:59.000Z'));
    expect(tokens.verify(token)).not.toBeNull();
    setFixedNow(new Date('2020-01-01T01:00:01.000Z'));
    expect(tokens.verify(token)).toBeNull();
    // A fresh service (nothing remembered) checks the signature's exp against the fixed clock too.
    const fresh = createTokenService('clock-test-secret-long-enough', 3_600, nowMs);
    expect(fresh.verify(token)).toBeNull();
    setFixedNow(new Date('2020-01-01T00:30:00.000Z'));
    expect(fresh.verify(token)).not.toBeNull();
  });
});
