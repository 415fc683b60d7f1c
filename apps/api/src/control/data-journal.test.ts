import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createDataJournal, DATA_JOURNAL_FORMAT } from './data-journal';
import { keyedIds, type SeenWrites } from './data-states';

const KEY = 'small:2026-06-15:14:rounds 4:buckets 8:code 0123456789abcdef';
const folder = (): string => mkdtempSync(join(tmpdir(), 'data-journal-'));

/** What a write tracker hands over: these documents by collection (`all`: anywhere). */
function seen(written: Record<string, unknown[] | 'all'>, restructured: string[] = []): SeenWrites {
  return {
    written: new Map(Object.entries(written).map(([name, ids]) => [name, ids === 'all' ? 'all' : keyedIds(ids)])),
    restructured: new Set(restructured),
    everything: false,
  };
}

describe('the data journal', () => {
  it('says across a restart which collections were written since the data equalled the seed', () => {
    const dir = folder();
    const before = createDataJournal(dir, 'portal');
    before.equalsSeed(KEY, ['users'], false);
    before.note('users');
    before.note('coupons');
    before.note('coupons');
    // One line a collection, each noted once.
    expect(readFileSync(before.file, 'utf8').split('\n').slice(1)).toEqual(['users', 'coupons', '']);

    const after = createDataJournal(dir, 'portal');
    // A process that stopped without its line (killed): each collection may differ anywhere.
    expect(after.since(KEY)).toEqual({ written: new Set(['users', 'coupons']), everything: false, ids: new Map() });
    // Another seed's key (another date, other settings or code): nothing known.
    expect(after.since(KEY.replace('2026-06-15', '2026-06-16'))).toBeUndefined();
    // Another database's journal is another file.
    expect(createDataJournal(dir, 'other').since(KEY)).toBeUndefined();
  });

  it('a clean stop records the documents written; a collection noted after it, or by a killed process, is whole', () => {
    const dir = folder();
    const user = new mongoose.Types.ObjectId();
    const first = createDataJournal(dir, 'portal');
    first.equalsSeed(KEY, [], false);
    first.note('users');
    first.note('coupons');
    first.note('indexes_changed');
    first.stopped(seen({ users: [user, 'text-id', 7], coupons: 'all', indexes_changed: [1] }, ['indexes_changed']));
    // A late writer after the stop's line (the connection still open): that collection is rewritten whole.
    first.note('feeds');

    const second = createDataJournal(dir, 'portal');
    const entry = second.since(KEY);
    expect(entry?.written).toEqual(new Set(['users', 'coupons', 'indexes_changed', 'feeds']));
    // The ids keep their BSON types (an ObjectId stays one): the restore finds the seed's documents by them.
    expect(entry?.ids).toEqual(new Map([['users', [user, 'text-id', 7]]]));
    expect(entry?.ids.get('users')?.[0]).toBeInstanceOf(mongoose.Types.ObjectId);

    // The next process writes users again and is killed: users may now differ anywhere; its coupons too.
    second.note('users');
    const third = createDataJournal(dir, 'portal');
    expect(third.since(KEY)?.ids).toEqual(new Map());
    // Had it stopped cleanly, both processes' documents would count.
    const other = folder();
    const a = createDataJournal(other, 'portal');
    a.equalsSeed(KEY, [], false);
    a.note('users');
    a.stopped(seen({ users: ['first'] }));
    const b = createDataJournal(other, 'portal');
    b.note('users');
    b.note('clicks');
    b.stopped(seen({ users: ['second'], clicks: ['c1'] }));
    expect(createDataJournal(other, 'portal').since(KEY)?.ids).toEqual(
      new Map([
        ['users', ['first', 'second']],
        ['clicks', ['c1']],
      ]),
    );
  });

  it("a stop's line cut short by a crash covers nothing", () => {
    const dir = folder();
    const journal = createDataJournal(dir, 'portal');
    journal.equalsSeed(KEY, [], false);
    journal.note('users');
    appendFileSync(journal.file, '{"stopped":{"written":[["users",[');
    const entry = createDataJournal(dir, 'portal').since(KEY);
    expect(entry?.written).toEqual(new Set(['users']));
    expect(entry?.ids).toEqual(new Map());
  });

  it('a dropped database stands for every collection', () => {
    const dir = folder();
    const journal = createDataJournal(dir, 'portal');
    journal.equalsSeed(KEY, [], false);
    journal.note('*');
    expect(createDataJournal(dir, 'portal').since(KEY)).toEqual({
      written: new Set(),
      everything: true,
      ids: new Map(),
    });
  });

  it('forgets before a reset rewrites the data: no file, and notes are not written until the data equals a seed', () => {
    const dir = folder();
    const journal = createDataJournal(dir, 'portal');
    journal.equalsSeed(KEY, [], false);
    journal.forget();
    journal.note('users');
    expect(createDataJournal(dir, 'portal').since(KEY)).toBeUndefined();
    expect(() => readFileSync(journal.file)).toThrow(/ENOENT/);
  });

  it('a name cut short by a crash is harmless, a file of another format is ignored with a log line', () => {
    const dir = folder();
    const journal = createDataJournal(dir, 'portal');
    journal.equalsSeed(KEY, [], false);
    appendFileSync(journal.file, 'coup');
    expect(createDataJournal(dir, 'portal').since(KEY)?.written).toEqual(new Set(['coup']));

    writeFileSync(journal.file, `${JSON.stringify({ format: DATA_JOURNAL_FORMAT + 1, key: KEY })}\nusers\n`);
    const lines: string[] = [];
    expect(createDataJournal(dir, 'portal', (line) => lines.push(line)).since(KEY)).toBeUndefined();
    expect(lines).toEqual([expect.stringMatching(/data journal .*portal\.journal ignored/)]);
    writeFileSync(journal.file, 'not json');
    expect(createDataJournal(dir, 'portal').since(KEY)).toBeUndefined();
  });

  it('a folder it cannot write: logged, nothing claimed', () => {
    const root = folder();
    writeFileSync(join(root, 'file'), '');
    const lines: string[] = [];
    const journal = createDataJournal(join(root, 'file', 'kept-seeds'), 'portal', (line) => lines.push(line));
    journal.equalsSeed(KEY, [], false);
    expect(journal.since(KEY)).toBeUndefined();
    expect(lines.join('\n')).toMatch(/data journal .* not written/);
  });
});
