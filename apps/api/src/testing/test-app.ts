import mongoose from 'mongoose';
import { afterAll, beforeAll, inject } from 'vitest';
import { databaseNameFor } from '@publisher/db';
import { createApp, type App } from '../app';
import { createAppState, type AppState } from '../app-state';
import { loadConfig, type AppConfig } from '../config/env';
import { createMockApp, type MockApp, type MockAppDeps } from '../control/mock-app';
import { connectDatabase } from '../shared/db';

/** Test configuration: the development defaults with fast hashing, no request log and no click flood filter. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough', BCRYPT_ROUNDS: '4' }),
    loginRateLimit: 1000,
    // Kept seeds in memory only: each test file starts from nothing (kept-seed-files.test.ts sets a folder).
    keptSeedsDir: undefined,
    // Test files follow one link many times and count every follow; the flood filter has its own tests.
    clickFilter: {
      duplicateWindowMs: 0,
      perAddressLimit: 1_000_000,
      perAddressWindowMs: 60_000,
      searchTextLimit: 1_000_000,
    },
    ...overrides,
  };
}

/** A test's app: the production one, or (MOCK_CONTROLS, the test configuration's default) the mock one. */
export type TestApp = App & Partial<Pick<MockApp, 'control' | 'sessions' | 'controls' | 'journal'>>;

/**
 * Builds the app the configuration asks for, as main.ts does: the production pipeline (app.ts), or the same with
 * the mock layer around it (control/mock-app.ts). Tests outside control/ build their apps here, never from control/.
 */
export function createAppFor(deps: MockAppDeps): TestApp {
  return deps.config.mockControls ? createMockApp(deps) : createApp(deps);
}

export interface TestContext {
  app: TestApp;
  config: AppConfig;
}

/**
 * Connects this test file to its own fresh database on the shared server and builds the app.
 * Call at the top of a test file; use the returned object inside tests.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}, deps: Pick<MockAppDeps, 'heap'> = {}): TestContext {
  const context = {} as TestContext;
  let state: AppState | undefined;
  beforeAll(async () => {
    // As the mock mode connects: resets go back to kept copies (control/data-states.ts).
    await connectDatabase(inject('mongoUri'), databaseNameFor('api'), undefined, { monitorCommands: true });
    // createIndexes, not init: a model's init runs once per process, and the files of a worker share it.
    await Promise.all(Object.values(mongoose.models).map((model) => model.createIndexes()));
    context.config = testConfig(overrides);
    state = createAppState();
    context.app = createAppFor({
      config: context.config,
      database: { kind: inject('databaseKind') },
      log: () => undefined,
      state,
      ...deps,
    });
  });
  afterAll(async () => {
    // The calls and clicks of the file's last requests are still buffered: write them while the database is there.
    // Closed, not only flushed: a flush that outlived its 2 s would retry later into the next file's database (the
    // files of a worker share their modules), as a closed recorder never does.
    await Promise.all([state?.activity.close(2_000), state?.clicks.close(), state?.feedClicks.close()]);
    // A mock app's sessions go too (their apps' recorders written, their databases dropped): left open, a session's
    // buffered calls were retried into a disconnected client during the next file.
    await context.app.sessions?.close();
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  });
  return context;
}
