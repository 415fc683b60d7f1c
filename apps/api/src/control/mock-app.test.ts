import request from 'supertest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { controlStateSchema, healthResponseSchema } from '@publisher/contract';
import { createApp, type App } from '../app';
import { testConfig, useTestApp } from '../testing/test-app';
import { createMockApp } from './mock-app';

// The test configuration turns the mock mode on (MOCK_CONTROLS defaults to true outside production).
const ctx = useTestApp();

const apps: App[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe('the mock layer is a layer', () => {
  it('createApp builds the production pipeline whatever MOCK_CONTROLS says: no control API, no Prefer', async () => {
    const config = testConfig();
    expect(config.mockControls).toBe(true);
    const app = createApp({ config, database: { kind: inject('databaseKind') }, log: () => undefined });
    apps.push(app);
    await request(app).get('/__control').expect(404);
    await request(app).get('/__control/requests').expect(404);
    const health = await request(app).get('/health').set('Prefer', 'code=503').expect(200);
    expect(healthResponseSchema.parse(health.body).controls).toBeUndefined();
    expect(health.headers['preference-applied']).toBeUndefined();
    const fromWeb = await request(app).get('/health').set('Origin', 'http://localhost:4200').expect(200);
    expect(fromWeb.headers['access-control-expose-headers']).toBe('Content-Disposition,Retry-After');
  });

  it('createMockApp wraps the same pipeline with the control API, the scenarios and its header', async () => {
    const app = createMockApp({ config: ctx.config, database: { kind: inject('databaseKind') }, log: () => undefined });
    apps.push(app);
    const state = controlStateSchema.parse((await request(app).get('/__control').expect(200)).body);
    expect(state.profile).toBe(app.controls.profile);
    const health = await request(app).get('/health').set('Prefer', 'code=503').expect(503);
    expect(health.headers['preference-applied']).toContain('code=503');
    const fromWeb = await request(app).get('/health').set('Origin', 'http://localhost:4200').expect(200);
    expect(fromWeb.headers['access-control-expose-headers']).toBe(
      'Content-Disposition,Retry-After,Preference-Applied,X-Mock-Stub',
    );
  });
});
