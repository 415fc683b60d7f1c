import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { controlStateSchema, healthResponseSchema } from '@publisher/contract';
import { useTestApp } from '../testing/test-app';

// A deployed mock: production settings with MOCK_CONTROLS=true (docker-compose's mock variant).
const ctx = useTestApp({ nodeEnv: 'production', mockControls: true });

describe('MOCK_CONTROLS=true under NODE_ENV=production', () => {
  it('mounts /__control and reports the controls on /health', async () => {
    const state = await request(ctx.app).get('/__control').expect(200);
    expect(controlStateSchema.parse(state.body).profile).toBe('demo');
    const health = await request(ctx.app).get('/health').expect(200);
    expect(healthResponseSchema.parse(health.body).controls).toEqual(state.body);
  });

  it('honours Prefer and exposes Preference-Applied to the browser', async () => {
    const answer = await request(ctx.app)
      .get('/health')
      .set('Origin', ctx.config.webOrigins[0] ?? '')
      .set('Prefer', 'code=503')
      .expect(503);
    expect(answer.headers['preference-applied']).toBe('code=503');
    expect(String(answer.headers['access-control-expose-headers'])).toContain('Preference-Applied');
    // The wait a 503 names must be readable by the web app across origins.
    expect(answer.headers['retry-after']).toBe('1');
    expect(String(answer.headers['access-control-expose-headers'])).toContain('Retry-After');
  });
});
