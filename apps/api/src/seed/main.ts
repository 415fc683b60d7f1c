import { loadConfig } from '../config/env';
import { disconnectDatabase, openDatabase } from '../shared/db';
import { seedProfilePlan } from './seed-profiles';
import { seedDatabase } from './seed';
import { profileToSeed } from './seed-marker';
import { configureReportStorage } from '../reports/report-layout';

/** `npm run seed`: seeds the same database `npm start` uses (stop the stack first for an embedded one). */
const config = loadConfig();
const database = await openDatabase(config);
configureReportStorage({ buckets: config.reportBuckets, serverBranches: config.dbServerBranches, log: console.log });
try {
  // As `npm start` does: data seeded before keeps its profile (SEED_PROFILE chooses for an empty database).
  const { profile } = await profileToSeed(config.seedProfile);
  console.log(
    `[seed] ${await seedDatabase({
      bcryptRounds: config.bcryptRounds,
      ...seedProfilePlan(profile, config.seedReportDays),
      demoAccounts: config.seedDemoAccounts,
      profile,
    })}`,
  );
} finally {
  await disconnectDatabase();
  await database.stop();
}
