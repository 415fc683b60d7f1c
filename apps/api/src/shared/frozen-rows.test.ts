import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exactCheck } from './exact-check';
import { deepFreeze, isDeeplyFrozen, JsonText, keptFrozen, listJson } from './frozen-rows';

describe('frozen rows', () => {
  it('knows a deeply frozen value from a shallowly frozen one', () => {
    const shallow = Object.freeze({ id: 'a', nested: { price: 1 } });
    expect(isDeeplyFrozen(shallow)).toBe(false);
    const deep = deepFreeze({ id: 'a', nested: { price: 1 }, list: [{ x: 1 }] });
    expect(isDeeplyFrozen(deep)).toBe(true);
    expect(Object.isFrozen(deep.list[0])).toBe(true);
    expect(() => {
      deep.nested.price = 2;
    }).toThrow(TypeError);
  });

  it("serialises a list of frozen rows to exactly JSON.stringify's text, keys and skipped values included", () => {
    const rows = [
      deepFreeze({ _id: 'a', price: 1.5, tags: ['x'] }),
      deepFreeze({ _id: 'b"\u2028', price: 0, tags: [] }),
    ];
    const body = { data: rows, totalCount: 2, skipped: undefined, at: new Date(Date.UTC(2026, 2, 1)) };
    const text = listJson(body);
    expect(text).toBeInstanceOf(JsonText);
    expect(text?.toString()).toBe(JSON.stringify(body));
    // Asked again, the same text (each row's is kept).
    expect(listJson(body)?.toString()).toBe(JSON.stringify(body));
  });

  it('finds lists of frozen rows inside nested plain objects, and serialises the rest as JSON.stringify does', () => {
    const rows = [deepFreeze({ date: '2026-03-01', clicks: 3 }), deepFreeze({ date: '2026-03-02', clicks: 0 })];
    const body = {
      reports: { totals: { clicks: 3, at: new Date(Date.UTC(2026, 2, 1)), skip: undefined }, earnings: rows },
      note: 'x',
      fn: () => 1,
    };
    expect(listJson(body)?.toString()).toBe(JSON.stringify(body));
    // A Date or a class instance is not looked into (its JSON is its own).
    expect(listJson({ at: new Date(0), data: [{ _id: 'a' }] })).toBeUndefined();
  });

  it('keeps a presented row per key object, frozen, and presents afresh when there is no key', () => {
    let presented = 0;
    const present = keptFrozen(
      (source: { id: string; stable: boolean }) => (source.stable ? source : undefined),
      (source) => {
        presented += 1;
        return { id: source.id, n: presented };
      },
    );
    const stable = { id: 'a', stable: true };
    const first = present(stable);
    expect(present(stable)).toBe(first);
    expect(isDeeplyFrozen(first)).toBe(true);
    expect(present({ id: 'a', stable: true })).not.toBe(first);
    const loose = { id: 'b', stable: false };
    expect(present(loose)).toEqual({ id: 'b', n: 3 });
    expect(present(loose)).toEqual({ id: 'b', n: 4 });
    expect(Object.isFrozen(present(loose))).toBe(false);
  });

  it('leaves bodies without a list of frozen rows to JSON.stringify', () => {
    expect(listJson({ data: [{ _id: 'a' }], totalCount: 1 })).toBeUndefined();
    expect(listJson({ data: [], totalCount: 0 })).toBeUndefined();
    expect(listJson([deepFreeze({ _id: 'a' })])).toBeUndefined();
    expect(listJson({ data: [deepFreeze({ _id: 'a' }), { _id: 'b' }] })).toBeUndefined();
  });

  it('the exact check remembers a frozen row that passed, and still checks every row that is not frozen', () => {
    const list = z.array(z.object({ _id: z.string(), price: z.number().nonnegative() }));
    const check = exactCheck(list);
    const frozen = deepFreeze({ _id: 'a', price: 1 });
    expect(check([frozen])).toBe(true);
    expect(check([frozen])).toBe(true);
    const loose = { _id: 'b', price: 1 };
    expect(check([frozen, loose])).toBe(true);
    loose.price = -1;
    expect(check([frozen, loose])).toBe(false);
    // A frozen row that fails is never remembered as passing.
    const bad = deepFreeze({ _id: 'c', price: -5 });
    expect(check([bad])).toBe(false);
    expect(check([bad])).toBe(false);
  });
});
