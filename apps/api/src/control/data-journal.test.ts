import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDataJournal, DATA_JOURNAL_FORMAT } from './data-journal';

const KEY = 'small:2026-06-15:14:rounds 4:buckets 8:code 0123456789abcdef';
const folder = (): string => mkdtempSync(join(tmpdir(), 'data-journal-'));

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
    expect(after.since(KEY)).toEqual({ written: new Set(['users', 'coupons']), everything: false });
    // Another seed's key (another date, other settings or code): nothing known.
    expect(after.since(KEY.replace('2026-06-15', '2026-06-16'))).toBeUndefined();
    // Another database's journal is another file.
    expect(createDataJournal(dir, 'other').since(KEY)).toBeUndefined();
  });

  it('a dropped database stands for every collection', () => {
    const dir = folder();
    const journal = createDataJournal(dir, 'portal');
    journal.equalsSeed(KEY, [], false);
    journal.note('*');
    expect(createDataJournal(dir, 'portal').since(KEY)).toEqual({ written: new Set(), everything: true });
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
