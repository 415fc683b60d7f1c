import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOCK_CONTROL_TOKEN_HEADER, MOCK_SESSION_HEADER, mockSessionListSchema } from '@publisher/contract';
import { useTestApp } from '../testing/test-app';

const TOKEN = 'a-control-token-for-tests-only';
const ctx = useTestApp({ mockControlToken: TOKEN, mockSessions: { limit: 4, ttlMs: 600_000, spares: 0 } });

beforeAll(async () => {
  // Sessions start from the default session's profile: the small one keeps this file fast.
  await request(ctx.app)
    .post('/__control/reset')
    .set(MOCK_CONTROL_TOKEN_HEADER, TOKEN)
    .send({ profile: 'small' })
    .expect(200);
}, 120_000);

const closed =
  "This API's mock controls are closed: send the control token (MOCK_CONTROL_TOKEN) in X-Mock-Control-Token to " +
  'call /__control or to start a new X-Mock-Session session.';
const wrong = "X-Mock-Control-Token is not this API's control token (MOCK_CONTROL_TOKEN).";

describe('MOCK_CONTROL_TOKEN closes the control API and the making of sessions', () => {
  it('401 without the token, 403 with another one, on every /__control call; the token opens them', async () => {
    for (const call of [
      request(ctx.app).get('/__control'),
      request(ctx.app).get('/__control/sessions'),
      request(ctx.app).post('/__control/reset').send({}),
      request(ctx.app).delete('/__control/sessions/anyone'),
      request(ctx.app).get('/__control/no-such-route'),
    ]) {
      const response = await call;
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusMessages: [closed], errors: [closed] });
    }
    const forbidden = await request(ctx.app).get('/__control').set(MOCK_CONTROL_TOKEN_HEADER, 'not-the-token');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ statusMessages: [wrong], errors: [wrong] });
    await request(ctx.app).get('/__control').set(MOCK_CONTROL_TOKEN_HEADER, TOKEN).expect(200);
    // The rest of the API does not need it.
    await request(ctx.app).get('/health').expect(200);
  });

  it('a new session needs the token; one made answers its ordinary calls without it, its controls with it only', async () => {
    const refused = await request(ctx.app).get('/health').set(MOCK_SESSION_HEADER, 'worker-1');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ statusMessages: [closed], errors: [closed] });
    const wrongToken = await request(ctx.app)
      .get('/health')
      .set(MOCK_SESSION_HEADER, 'worker-1')
      .set(MOCK_CONTROL_TOKEN_HEADER, 'not-the-token');
    expect(wrongToken.status).toBe(403);
    const listed = () =>
      request(ctx.app)
        .get('/__control/sessions')
        .set(MOCK_CONTROL_TOKEN_HEADER, TOKEN)
        .expect(200)
        .then((response) => mockSessionListSchema.parse(response.body).sessions.map((session) => session.id));
    expect(await listed()).toEqual([]);

    await request(ctx.app)
      .get('/health')
      .set(MOCK_SESSION_HEADER, 'worker-1')
      .set(MOCK_CONTROL_TOKEN_HEADER, TOKEN)
      .expect(200);
    expect(await listed()).toEqual(['worker-1']);
    // Made: its ordinary calls pass without the token, its control calls do not.
    await request(ctx.app).get('/health').set(MOCK_SESSION_HEADER, 'worker-1').expect(200);
    expect((await request(ctx.app).get('/__control').set(MOCK_SESSION_HEADER, 'worker-1')).status).toBe(401);
    await request(ctx.app)
      .get('/__control')
      .set(MOCK_SESSION_HEADER, 'worker-1')
      .set(MOCK_CONTROL_TOKEN_HEADER, TOKEN)
      .expect(200);
  });

  it('the journal keeps the token out', async () => {
    await request(ctx.app).get('/health').set(MOCK_SESSION_HEADER, 'worker-1').expect(200);
    await request(ctx.app)
      .get('/auth/nobody')
      .set(MOCK_SESSION_HEADER, 'worker-1')
      .set(MOCK_CONTROL_TOKEN_HEADER, TOKEN);
    const journal = await request(ctx.app)
      .get('/__control/requests')
      .set(MOCK_SESSION_HEADER, 'worker-1')
      .set(MOCK_CONTROL_TOKEN_HEADER, TOKEN)
      .expect(200);
    expect(JSON.stringify(journal.body)).not.toContain(TOKEN);
  });
});
