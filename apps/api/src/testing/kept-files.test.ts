import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { captureState, restoreState } from '../control/data-states';
import { digests } from '../control/testing/kept-state';
import { readKeptState, writeKeptState } from './kept-files';
import { useTestApp } from './test-app';

useTestApp();
/** Documents with string ids, as the seeded collections have. */
type Stored = { _id: string } & Record<string, unknown>;
const directories: string[] = [];

afterAll(async () => {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

async function scratchDirectory(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'kept-files-test-'));
  directories.push(directory);
  return directory;
}

describe('a kept copy on disk', () => {
  it('reads back byte for byte what was written, and restores the database it was taken from', async () => {
    const db = mongoose.connection.db;
    if (!db) throw new Error('not connected');
    // Documents of different sizes and types, and an empty collection with an index of its own.
    await db.collection<Stored>('kept_a').insertMany(
      Array.from({ length: 1_200 }, (_, index) => ({
        _id: `a${String(index).padStart(4, '0')}`,
        text: 'x'.repeat(index % 97),
        at: new Date(Date.UTC(2026, 0, 1 + (index % 28))),
        nested: { n: index, list: [index, String(index)] },
      })),
    );
    await db.collection('kept_empty').createIndexes([{ key: { name: 1 }, name: 'name_1', unique: true }]);
    const taken = await captureState();
    const directory = await scratchDirectory();

    await writeKeptState(directory, taken);
    const read = await readKeptState(directory);

    expect(read.documents).toBe(taken.documents);
    expect(read.bytes).toBe(taken.bytes);
    expect(digests(read)).toEqual(digests(taken));
    expect(read.collections.get('kept_a')?.documents).toEqual(taken.collections.get('kept_a')?.documents);
    expect(read.collections.get('kept_empty')?.indexes).toEqual([{ name: 'name_1', key: { name: 1 }, unique: true }]);

    await db.collection<Stored>('kept_a').deleteMany({ nested: { $exists: true } });
    await db.collection<Stored>('kept_a').insertOne({ _id: 'stray' });
    await restoreState(read);
    expect(digests(await captureState())).toEqual(digests(taken));
  });

  it('refuses a copy whose documents do not add up to what its manifest says', async () => {
    await mongoose.connection.db
      ?.collection<Stored>('kept_b')
      .insertMany([{ _id: 'b1' }, { _id: 'b2' }, { _id: 'b3' }]);
    const taken = await captureState();
    const kept = taken.collections.get('kept_b');
    if (!kept) throw new Error('kept_b was not captured');
    const directory = await scratchDirectory();
    await writeKeptState(directory, { ...taken, collections: new Map([['kept_b', kept]]) });
    // One document short on disk: the manifest still counts three.
    await writeFile(path.join(directory, 'kept_b.bson'), Buffer.concat(kept.documents.slice(1)));

    await expect(readKeptState(directory)).rejects.toThrow(
      'kept copy of kept_b: 2 documents where the manifest says 3',
    );
  });
});
