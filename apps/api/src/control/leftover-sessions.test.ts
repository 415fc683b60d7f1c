import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { dropLeftoverSessionDatabases, isSessionDatabaseOf } from './sessions';

useTestApp();

async function databaseNames(): Promise<string[]> {
  const listed = await mongoose.connection.getClient().db().admin().listDatabases({ nameOnly: true });
  return listed.databases.map(({ name }) => name);
}

async function create(name: string): Promise<void> {
  // Through the client: no mongoose connection left behind in otherDbs (test files share this process).
  await mongoose.connection.getClient().db(name).collection('users').insertOne({ name });
}

describe('session databases left by a process that died', () => {
  it('names only what the sessions of this database make', () => {
    expect(isSessionDatabaseOf('portal', 'portal__s_qa-a')).toBe(true);
    expect(isSessionDatabaseOf('portal', 'portal__spare_14')).toBe(true);
    for (const other of ['portal', 'portal__other', 'portal2__s_qa', 'other__s_qa', 'portal__spare_x', 'portal__s_']) {
      expect(isSessionDatabaseOf('portal', other), other).toBe(false);
    }
    // A dot in the name is a dot, not any character.
    expect(isSessionDatabaseOf('a.b', 'axb__s_qa')).toBe(false);
  });

  it('drops the sessions and spares of this database at start, logs them, and leaves every other database', async () => {
    const own = mongoose.connection.name;
    const leftovers = [`${own}__s_qa-a`, `${own}__s_qa-b`, `${own}__spare_13`, `${own}__spare_14`];
    // The sessions' base (control/session-base.ts) is no leftover: listed for the start to judge once its seed is read.
    const base = `${own}__base_0123456789ab`;
    const others = [`${own}__kept`, `${own}x__s_qa-a`, `other_${own.slice(0, 20)}__spare_1`, base];
    for (const name of [...leftovers, ...others]) await create(name);
    const lines: string[] = [];
    try {
      const { dropped, marked, bases } = await dropLeftoverSessionDatabases(mongoose.connection, (line) =>
        lines.push(line),
      );
      expect(marked).toEqual([]);
      expect(bases).toEqual([base]);
      expect([...dropped].sort()).toEqual([...leftovers].sort());
      const after = await databaseNames();
      for (const name of leftovers) expect(after, name).not.toContain(name);
      for (const name of [own, ...others]) expect(after, name).toContain(name);
      expect(lines).toEqual([expect.stringContaining(`dropped 4 session database(s) left by an earlier process`)]);
      // Nothing left: nothing dropped, nothing logged.
      expect(await dropLeftoverSessionDatabases(mongoose.connection, (line) => lines.push(line))).toEqual({
        dropped: [],
        marked: [],
        bases: [base],
      });
      expect(lines).toHaveLength(1);
    } finally {
      for (const name of others) await mongoose.connection.getClient().db(name).dropDatabase();
    }
  });
});
