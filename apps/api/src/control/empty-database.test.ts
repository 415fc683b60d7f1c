import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';

const ctx = useTestApp();

describe('a reset that seeds from nothing', () => {
  it('empties the database collection by collection and never drops the database itself (FerretDB can die doing that)', async () => {
    const database = mongoose.connection.name;
    await mongoose.connection.db?.collection('left_behind').insertOne({ stale: true });
    const commands: string[] = [];
    const client = mongoose.connection.getClient();
    const listen = (event: mongoose.mongo.CommandStartedEvent): void => {
      if (event.databaseName === database) commands.push(event.commandName);
    };
    client.on('commandStarted', listen);
    try {
      // The first reset of this app has no kept copy of `small`: it seeds from nothing.
      const response = await request(ctx.app).post('/__control/reset').send({ profile: 'small' });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    } finally {
      client.off('commandStarted', listen);
    }
    expect(commands).not.toContain('dropDatabase');
    expect(commands).toContain('drop');
    const collections = (await mongoose.connection.db?.listCollections({}, { nameOnly: true }).toArray()) ?? [];
    expect(collections.map(({ name }) => name)).not.toContain('left_behind');
    expect(await mongoose.connection.db?.collection('users').countDocuments()).toBeGreaterThan(0);
  }, 300_000);
});
