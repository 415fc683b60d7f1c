import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSessionDatabaseFile, QUARANTINE_DIR, quarantineUnreadable, unreadableReason } from './quarantine';

/** One SQLite page as a database file starts: the header, then `content` somewhere in the page. */
function page(content = ''): Buffer {
  const buffer = Buffer.alloc(4096);
  buffer.write('SQLite format 3\0', 0, 'latin1');
  buffer.write(content, 200, 'latin1');
  return buffer;
}

const TABLE = 'CREATE TABLE "_ferretdb_collections" (name TEXT NOT NULL UNIQUE)';

describe('database files FerretDB cannot open', () => {
  const dir = (): string => mkdtempSync(join(tmpdir(), 'quarantine-'));

  it('finds the 4 KiB file a crash leaves (header, no metadata table), and an empty or foreign file', () => {
    const folder = dir();
    writeFileSync(join(folder, 'cut.sqlite'), page());
    writeFileSync(join(folder, 'empty.sqlite'), '');
    writeFileSync(join(folder, 'garbage.sqlite'), 'not a database at all');
    expect(unreadableReason(join(folder, 'cut.sqlite'))).toMatch(/_ferretdb_collections is missing/);
    expect(unreadableReason(join(folder, 'empty.sqlite'))).toMatch(/empty/);
    expect(unreadableReason(join(folder, 'garbage.sqlite'))).toMatch(/not an SQLite database/);
  });

  it('leaves a complete file alone, and one whose table is still in its write-ahead log (killed before a checkpoint)', () => {
    const folder = dir();
    writeFileSync(join(folder, 'whole.sqlite'), page(TABLE));
    writeFileSync(join(folder, 'logged.sqlite'), page());
    writeFileSync(join(folder, 'logged.sqlite-wal'), Buffer.concat([Buffer.alloc(32), page(TABLE)]));
    expect(unreadableReason(join(folder, 'whole.sqlite'))).toBeUndefined();
    expect(unreadableReason(join(folder, 'logged.sqlite'))).toBeUndefined();
    // The stricter look of a FerretDB that still would not start does not take the log's word.
    expect(unreadableReason(join(folder, 'logged.sqlite'), { trustLog: false })).toMatch(/missing/);
  });

  it('moves a bad file with its log to quarantine/<name>.<timestamp>, names it in a log line and says what to do', () => {
    const folder = dir();
    writeFileSync(join(folder, 'portal.sqlite'), page(TABLE));
    writeFileSync(join(folder, 'portal__s_w1.sqlite'), page());
    writeFileSync(join(folder, 'portal__s_w1.sqlite-wal'), '');
    const lines: string[] = [];

    const incidents = quarantineUnreadable(folder, (line) => lines.push(line));

    expect(readdirSync(folder).sort()).toEqual(['portal.sqlite', QUARANTINE_DIR]);
    const moved = readdirSync(join(folder, QUARANTINE_DIR)).sort();
    expect(moved).toHaveLength(2);
    expect(moved[0]).toMatch(/^portal__s_w1\.sqlite\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(moved[1]).toBe(`${moved[0]}-wal`);
    expect(incidents).toEqual([
      {
        kind: 'database-file-quarantined',
        reason: expect.stringContaining(`Session database portal__s_w1 could not be opened`) as string,
        whatToDo: expect.stringMatching(/^Nothing: the session starts again/) as string,
        at: expect.any(String) as string,
      },
    ]);
    expect(incidents[0]?.reason).toContain(join(folder, QUARANTINE_DIR, moved[0] ?? ''));
    expect(lines).toEqual([`${incidents[0]?.reason} ${incidents[0]?.whatToDo}`]);
  });

  it('moves a bad main database too, saying where its data went and how to start over', () => {
    const folder = dir();
    writeFileSync(join(folder, 'portal.sqlite'), page());
    const [incident] = quarantineUnreadable(folder, () => undefined);
    expect(existsSync(join(folder, 'portal.sqlite'))).toBe(false);
    expect(incident?.reason).toMatch(/^Database portal could not be opened .*the API started on an empty one\.$/);
    expect(incident?.whatToDo).toMatch(/copy it back over portal\.sqlite .*npm start -- --fresh/);
  });

  it('at the `sessions` level moves every session and spare database, and no other', () => {
    const folder = dir();
    for (const name of ['portal', 'portal__s_a-1', 'portal__spare_3', 'portal__sx']) {
      writeFileSync(join(folder, `${name}.sqlite`), page(TABLE));
    }
    expect(quarantineUnreadable(folder, () => undefined)).toEqual([]);
    const moved = quarantineUnreadable(folder, () => undefined, 'sessions');
    expect(moved).toHaveLength(2);
    expect(readdirSync(folder).sort()).toEqual(['portal.sqlite', 'portal__sx.sqlite', QUARANTINE_DIR]);
    expect(isSessionDatabaseFile('portal__s_a-1.sqlite')).toBe(true);
    expect(isSessionDatabaseFile('portal.sqlite')).toBe(false);
  });
});
