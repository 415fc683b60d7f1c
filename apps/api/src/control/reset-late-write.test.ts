import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlStateSchema, type ControlState } from '@publisher/contract';
import { MerchantModel } from '../catalog/merchant.model';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { useTestApp } from '../testing/test-app';

const ctx = useTestApp();

async function reset(body: object = {}): Promise<ControlState> {
  const response = await request(ctx.app).post('/__control/reset').send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return controlStateSchema.parse(response.body);
}

beforeAll(async () => {
  await reset({ profile: 'small' });
}, 120_000);

describe('a reset sees every write, even one that lands while it restores', () => {
  it('a write made during the restore (a call that outlived its 503) is put back by the next reset', async () => {
    const merchant = await MerchantModel.findOne().lean();
    if (!merchant) throw new Error('the seed has no merchant');
    const merchants = () =>
      mongoose.connection.collection<{ _id: string; lateWrite?: boolean }>(MerchantModel.collection.collectionName);

    // Something for the next reset to restore: the demo vendor's name (the users collection).
    const signedIn = await request(ctx.app)
      .post('/auth/signin')
      .send({ email: 'vendor@publisher.test', password: DEMO_PASSWORD })
      .expect(200);
    await request(ctx.app)
      .put('/auth/update')
      .set('Authorization', (signedIn.body as { token: string }).token)
      .send({ fullName: 'Renamed' })
      .expect(200);

    // As the restore starts putting the users back, a late write lands on a merchant (a collection the restore
    // does not touch), as a handler still running after its 503 would write.
    const client = mongoose.connection.getClient();
    let late: Promise<unknown> | undefined;
    const onCommand = (event: mongoose.mongo.CommandStartedEvent): void => {
      const isRestoreOfUsers =
        event.databaseName === mongoose.connection.name &&
        ['delete', 'insert'].includes(event.commandName) &&
        event.command[event.commandName] === 'users';
      if (late || !isRestoreOfUsers) return;
      late = merchants().updateOne({ _id: merchant._id }, { $set: { lateWrite: true } });
    };
    client.on('commandStarted', onCommand);
    try {
      expect((await reset()).lastReset).toMatchObject({ method: 'copy' });
    } finally {
      client.off('commandStarted', onCommand);
    }
    expect(late).toBeDefined();
    await late;
    expect(await merchants().findOne({ _id: merchant._id })).toMatchObject({ lateWrite: true });

    // The next reset knows that the merchant was written, and puts it back as the seed has it.
    const next = await reset();
    expect(next.lastReset).toMatchObject({ method: 'copy' });
    const restored = await merchants().findOne({ _id: merchant._id });
    expect(restored).not.toHaveProperty('lateWrite');
  });
});
