import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { CLOCK_FORMATS_MESSAGE, controlStateSchema } from '@publisher/contract';
import { useTestApp } from '../testing/test-app';

const ctx = useTestApp();

afterAll(async () => {
  await request(ctx.app).delete('/__control/clock').expect(200);
});

const setClock = (now: unknown) => request(ctx.app).put('/__control/clock').send({ now });

describe('PUT /__control/clock', () => {
  it('takes a date (midnight UTC, the zone of business dates) or a date-time with Z or an offset', async () => {
    expect(controlStateSchema.parse((await setClock('2026-03-01').expect(200)).body).fixedNow).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    expect((await setClock('2026-03-01T09:30:00+02:00').expect(200)).body.fixedNow).toBe('2026-03-01T07:30:00.000Z');
    expect((await setClock('2026-03-01T09:30:00Z').expect(200)).body.fixedNow).toBe('2026-03-01T09:30:00.000Z');
  });

  it('refuses anything else with a 400 that names both formats', async () => {
    for (const now of ['tomorrow', '2026-02-30', '2026-03-01T09:30:00', '01/03/2026', 20260301]) {
      const refused = await setClock(now).expect(400);
      const { errors } = refused.body as { errors: string[] };
      expect(errors.join(' '), String(now)).toContain(typeof now === 'string' ? CLOCK_FORMATS_MESSAGE : 'now');
    }
  });
});
