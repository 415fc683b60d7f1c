import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { controlStateSchema, MOCK_SESSION_HEADER, snapshotListSchema } from '@publisher/contract';
import { useTestApp } from '../testing/test-app';

const MIB = 2 ** 20;

describe('a reset that must seed from nothing, and a snapshot, need room in the heap', () => {
  /** The heap the app's room checks read: what each test sets. */
  let usedBytes = 0;
  const ctx = useTestApp({}, { heap: () => ({ usedBytes, limitBytes: 240 * MIB }) });

  afterAll(async () => {
    await ctx.app.close();
  });

  async function controls() {
    return controlStateSchema.parse((await request(ctx.app).get('/__control').expect(200)).body);
  }

  it('answers 503 saying why and touches nothing while the heap is short; seeds once there is room; goes back to the kept copy whatever the heap', async () => {
    // The file's database is empty and no copy of `small` is kept: a reset to it seeds from nothing.
    const before = await controls();
    usedBytes = 200 * MIB;
    const refused = await request(ctx.app).post('/__control/reset').send({ profile: 'small' });
    expect(refused.status).toBe(503);
    const why =
      "The API's memory has no room for a seed from nothing: 200 MiB of its 240 MiB heap in use, and one may need " +
      '96 MiB. End a session (DELETE /__control/sessions/:id), prepare fewer spares (POST /__control/sessions/prepare), ' +
      'delete a snapshot (DELETE /__control/snapshots/:name), or give the API a larger heap ' +
      '(NODE_OPTIONS=--max-old-space-size=384 npm start).';
    expect(refused.body).toEqual({ statusMessages: [why], errors: [why] });
    const untouched = await controls();
    expect(untouched.lastReset).toBeNull();
    expect(untouched.resetting).toBe(false);
    expect(untouched.profile).toBe(before.profile);

    usedBytes = 100 * MIB;
    await request(ctx.app).post('/__control/reset').send({ profile: 'small' }).expect(200);
    expect((await controls()).lastReset).toMatchObject({ target: 'small', method: 'seed' });

    // The copy of `small` is kept now: going back to it needs no room to seed.
    usedBytes = 230 * MIB;
    await request(ctx.app).post('/__control/reset').send({ profile: 'small' }).expect(200);
    expect((await controls()).lastReset).toMatchObject({ target: 'small', method: 'copy' });

    // On another date no copy is kept; restoreDefaults brings the clock back to today's, whose copy is.
    await request(ctx.app).put('/__control/clock').send({ now: '2030-01-15' }).expect(200);
    expect((await request(ctx.app).post('/__control/reset').send({ profile: 'small' })).status).toBe(503);
    await request(ctx.app).post('/__control/reset').send({ profile: 'small', restoreDefaults: true }).expect(200);
    expect(await controls()).toMatchObject({ fixedNow: null, lastReset: { target: 'small', method: 'copy' } });
  });

  it("asks the same in an isolated session's own controls", async () => {
    usedBytes = 100 * MIB;
    // The session is made from the kept copy of `small`; `demo` has none, so its reset would seed.
    await request(ctx.app).get('/__control').set(MOCK_SESSION_HEADER, 'heap-check').expect(200);
    usedBytes = 200 * MIB;
    const refused = await request(ctx.app)
      .post('/__control/reset')
      .set(MOCK_SESSION_HEADER, 'heap-check')
      .send({ profile: 'demo' });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      statusMessages: [expect.stringContaining('no room for a seed from nothing')],
    });
    const own = await request(ctx.app).get('/__control').set(MOCK_SESSION_HEADER, 'heap-check').expect(200);
    expect(controlStateSchema.parse(own.body)).toMatchObject({ profile: 'small', resetting: false });
  });

  it('refuses a snapshot (503, saying why) while the heap is short, keeps none, and takes it once there is room', async () => {
    usedBytes = 200 * MIB;
    const refused = await request(ctx.app).post('/__control/snapshots').send({ name: 'heap-short' });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      statusMessages: [
        expect.stringMatching(
          /^The API's memory has no room for another snapshot: 200 MiB of its 240 MiB heap in use, and one may need 48 MiB\. /,
        ),
      ],
    });
    expect((await request(ctx.app).get('/__control/snapshots').expect(200)).body).toEqual({ snapshots: [] });

    usedBytes = 150 * MIB;
    await request(ctx.app).post('/__control/snapshots').send({ name: 'heap-short' }).expect(201);
    const kept = snapshotListSchema.parse((await request(ctx.app).get('/__control/snapshots').expect(200)).body);
    expect(kept.snapshots.map((snapshot) => snapshot.name)).toEqual(['heap-short']);
  });
});
