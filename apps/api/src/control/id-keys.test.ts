import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { idKey, idKeyOfDocument } from './data-states';

const { BSON } = mongoose.mongo;
const raw = (document: object): Buffer => Buffer.from(BSON.serialize(document));

describe("a kept document's id key (a reset finds the seed's documents by the ids the write tracker saw)", () => {
  const objectId = new mongoose.Types.ObjectId();
  const cases: [string, unknown][] = [
    ['a string', 'earnings:5001:2026-06-15'],
    ['an empty string', ''],
    ['a string of several bytes a character', 'café ☕'],
    ['an ObjectId', objectId],
    ['an int32', 5001],
    ['a double', 2.5],
    ['an int64', BSON.Long.fromNumber(5_000_000_000)],
    ['an embedded document', { vendor: 5001, day: '2026-06-15' }],
  ];
  it.each(cases)('read from its bytes equals the key of the id as JavaScript holds it: %s', (_what, id) => {
    const document = raw({ _id: id, name: 'x', nested: { _id: 'not this one' } });
    const promoted: unknown = BSON.deserialize(document)['_id'];
    expect(idKeyOfDocument(document)).toBe(idKey(promoted));
  });

  it('an _id that does not come first is found too', () => {
    expect(idKeyOfDocument(raw({ name: 'x', _id: 'late' }))).toBe(idKey('late'));
    expect(idKeyOfDocument(raw({ _idx: 1, _id: objectId }))).toBe(idKey(objectId));
  });

  it('ids of other types or values never share a key', () => {
    const keys = [idKey('5'), idKey(5), idKey(5.5), idKey(objectId), idKey(new mongoose.Types.ObjectId()), idKey('')];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
