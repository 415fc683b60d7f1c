import { createApp } from './app';
import { createMockApp } from './control/mock-app';
import { countRequestsInFlight, createHttpServer } from './shared/http-server';
import { loadConfig } from './config/env';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';
import { seedProfilePlan } from './seed/seed-profiles';
import { seedDatabase } from './seed/seed';
import { profileToSeed } from './seed/seed-marker';
import { configureReportStorage, reportStorageReady } from './reports/report-layout';
import { finishInterruptedUploads } from './reports/upload-journal';
import { UPLOAD_SWEEP_INTERVAL_MS, sweepStagedUploads } from './reports/upload-staging';
import { disconnectDatabase, isUnseededDatabase, openDatabase } from './shared/db';
import { dropLeftoverSessionDatabases, type LeftoverSessions } from './control/sessions';
import { claimMockDatabase } from './control/mock-owner';
import { createWriteTracker } from './control/data-states';
import { createBackgroundFailures } from './system/background-failures';
import mongoose from 'mongoose';

const config = loadConfig();
if (config.isDefaultJwtSecret) {
  console.warn('[api] WARNING: JWT_SECRET is not set; using the development default. Never do this in production.');
}

const database = await openDatabase(config);
/** What fails in the background (GET /health, GET /__control): this process's list, and the database's incidents. */
const failures = createBackgroundFailures({ database: () => database.incidents() });
/**
 * The mock mode owns its database (a reset empties it): one mock-mode process per database, else this one stops.
 * Once it holds the claim, the session databases it finds are an earlier process's (one that died dropped none:
 * hundreds of MB for a few demo ones), and it drops them but for the spares marked as equal to a kept seed, which the
 * sessions take on after listening. Answers the release of the claim and what it found.
 */
async function ownMockDatabase(): Promise<{ release: () => Promise<void>; leftovers: LeftoverSessions }> {
  let release: () => Promise<void>;
  try {
    release = await claimMockDatabase(mongoose.connection, { log: console.log });
  } catch (error) {
    console.error(`[api] ${error instanceof Error ? error.message : String(error)}`);
    await disconnectDatabase().catch(() => undefined);
    await database.stop();
    process.exit(1);
  }
  const leftovers = await dropLeftoverSessionDatabases(mongoose.connection, console.log);
  return { release, leftovers };
}
const mockOwnership = config.mockControls ? await ownMockDatabase() : undefined;
const releaseMockClaim = mockOwnership?.release;
// A start that seeds an empty database in the mock mode keeps a copy of that seed for the first reset.
const seedsEmptyDatabase =
  config.mockControls && config.seedOnStart && config.seedDemoAccounts && (await isUnseededDatabase());
// What a restart writes itself before the mock layer's tracker listens (an upload a killed process left, finished
// below): the first reset rewrites it too (control/control.service.ts adoptStartWrites). Not on an empty database:
// what the start seeds there is the kept seed itself.
const startWrites = config.mockControls && !seedsEmptyDatabase ? createWriteTracker() : undefined;
// The report layout is settled (and data of the old per-vendor collections moved) before anything reads reports.
configureReportStorage({ buckets: config.reportBuckets, serverBranches: config.dbServerBranches, log: console.log });
await reportStorageReady();
// An upload cut short by a stop of an earlier process is finished from its journal (or dropped if it had not
// written anything) before anything reads reports (reports/upload-journal.ts).
await finishInterruptedUploads();
// Chunked uploads whose last chunk never came are discarded after a day (reports/upload-staging.ts): now and hourly.
await sweepStagedUploads();
const uploadSweep = setInterval(() => void sweepStagedUploads(), UPLOAD_SWEEP_INTERVAL_MS);
uploadSweep.unref();

// Data seeded before keeps its profile: SEED_PROFILE chooses what an empty database gets; a reset switches.
const { profile, recorded: seededAs } = await profileToSeed(config.seedProfile);
if (seededAs !== undefined && seededAs !== config.seedProfile) {
  console.log(
    `[seed] the data was seeded as ${seededAs} and stays so (SEED_PROFILE=${config.seedProfile} applies to an empty database; POST /__control/reset {"profile":"${config.seedProfile}"} switches)`,
  );
}

if (config.seedOnStart) {
  const summary = await seedDatabase({
    bcryptRounds: config.bcryptRounds,
    ...seedProfilePlan(profile, config.seedReportDays),
    demoAccounts: config.seedDemoAccounts,
    profile,
  });
  console.log(`[seed] ${summary}`);
  if (config.seedDemoAccounts) {
    console.log(`[seed] demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) {
      console.log(`[seed]   ${account.email.padEnd(30)} vendor ${account.vendorId}  ${account.purpose}`);
    }
  }
}

const writtenAtStart = startWrites?.take();
startWrites?.close();

// The production pipeline, or (MOCK_CONTROLS) the same with the mock layer around it.
const mockApp = config.mockControls ? createMockApp({ config, database, failures }) : undefined;
const app = mockApp ?? createApp({ config, database, failures });
// Before listening, not behind the reset gate after it: reading the copy takes seconds, and calls held that long
// on a loaded machine reached the gate's 503.
if (seedsEmptyDatabase) {
  await mockApp?.control.adoptFreshSeed(profile).catch((error: unknown) => {
    failures.report({
      kind: 'seed-copy-not-kept',
      reason: `No copy of the fresh ${profile} seed was kept: ${String(error)}`,
      whatToDo: `Nothing is lost: the first reset to ${profile} seeds from nothing (slower) and keeps its copy then.`,
    });
  });
  // The base mock sessions read until they write (control/session-base.ts), before the first answer too: a test
  // run's workers, which start as soon as the API answers, then wait for nothing (on data a restart finds, it is
  // there already: kept across restarts).
  await mockApp?.sessions?.fillBase();
} else {
  // A restart on existing data: the controls report the profile the data was seeded with.
  await mockApp?.control.adoptStoredProfile();
  if (writtenAtStart) mockApp?.control.adoptStartWrites(writtenAtStart);
}
const server = createHttpServer(app).listen(config.port, config.host, () => {
  console.log(`[api] listening on http://${config.host}:${config.port} (docs at /docs)`);
});
const requestsInFlight = countRequestsInFlight(server);
// A restart on existing data: the kept seed is read from disk (KEPT_SEEDS_DIR) in the background, for the first
// reset, which then rewrites only what differs from it instead of seeding from nothing.
// Then the spare session databases the last process left marked as equal to that seed are taken on: the first
// sessions after a restart take them instead of copying the seed (new sessions wait for it; unequal ones are dropped).
const seedRead = seedsEmptyDatabase ? Promise.resolve() : mockApp?.control.readKeptSeed();
void mockApp?.sessions
  ?.adoptKeptSpares(seedRead ?? Promise.resolve(), mockOwnership?.leftovers.marked, mockOwnership?.leftovers.bases)
  .catch(() => undefined);
// The read models load once that look has settled, after a reset asked meanwhile (control/mock-app.ts).
void mockApp?.warmReadModels();

/** Longest a shutdown waits for the database to let go before it stops the embedded server regardless. */
const SHUTDOWN_GRACE_MS = 5_000;

async function shutdown(signal: string): Promise<void> {
  console.log(`[api] ${signal}: shutting down`);
  clearInterval(uploadSweep);
  server.close();
  server.closeIdleConnections();
  const grace = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
  // The calls being answered finish first (within the grace period): a stop with none left is a clean one, and the
  // mock mode's data journal then records the documents written (control/data-journal.ts).
  const answeredAll = await requestsInFlight.answered(SHUTDOWN_GRACE_MS / 2);
  // Clicks and call logs still buffered are written before the database goes away (within the grace period).
  await Promise.race([
    (mockApp ? mockApp.close({ cleanStop: answeredAll }) : app.close())
      .catch(() => undefined)
      .then(() => releaseMockClaim?.())
      .catch(() => undefined)
      .then(() => disconnectDatabase())
      .catch(() => undefined),
    grace,
  ]);
  await database.stop();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
