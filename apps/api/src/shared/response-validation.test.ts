import { initContract } from '@ts-rest/core';
import { createExpressEndpoints, initServer } from '@ts-rest/express';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from './error-handler';
import { withResponseValidation } from './response-validation';

const c = initContract();
const miniContract = c.router({
  account: {
    method: 'GET',
    path: '/account/:mode',
    pathParams: z.object({ mode: z.enum(['exact', 'extra', 'wrong']) }),
    responses: { 200: z.object({ email: z.string().email(), vendorId: z.number().int() }) },
  },
  nested: { ping: { method: 'GET', path: '/ping', responses: { 200: z.object({ ok: z.literal(true) }) } } },
});

function appAnswering(): { app: express.Express; logged: string[] } {
  const s = initServer();
  const logged: string[] = [];
  const app = express();
  createExpressEndpoints(
    miniContract,
    withResponseValidation(
      miniContract,
      s.router(miniContract, {
        account: async ({ params }) => {
          const user = { email: 'vendor@publisher.test', vendorId: 5001 };
          if (params.mode === 'extra') return { status: 200, body: { ...user, passwordHash: '$2b$10$secret' } };
          if (params.mode === 'wrong') return { status: 200, body: { ...user, vendorId: '5001' as unknown as number } };
          return { status: 200, body: user };
        },
        nested: { ping: async () => ({ status: 200, body: { ok: true as const } }) },
      }),
    ),
    app,
    { responseValidation: false },
  );
  app.use(errorHandler((line) => logged.push(line)));
  return { app, logged };
}

describe('withResponseValidation', () => {
  it('sends a body that matches its route as it is', async () => {
    const { app } = appAnswering();
    const res = await request(app).get('/account/exact').expect(200);
    expect(res.body).toEqual({ email: 'vendor@publisher.test', vendorId: 5001 });
    await request(app).get('/ping').expect(200, { ok: true });
  });

  it('never sends a key the route does not declare', async () => {
    const { app } = appAnswering();
    const res = await request(app).get('/account/extra').expect(200);
    expect(res.body).toEqual({ email: 'vendor@publisher.test', vendorId: 5001 });
  });

  it('turns an answer off its contract into a logged 500 envelope', async () => {
    const { app, logged } = appAnswering();
    const res = await request(app).get('/account/wrong').expect(500);
    expect(res.body.statusMessages).toEqual([expect.any(String)]);
    expect(JSON.stringify(res.body)).not.toContain('5001');
    expect(logged.join('\n')).toMatch(/ResponseValidationError|vendorId/);
  });
});
