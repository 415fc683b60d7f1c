import { loadConfig } from '../config/env';
import { disconnectDatabase, openDatabase } from '../shared/db';
import { seedProfilePlan } from '../control/seed-profiles';
import { seedDatabase } from './seed';
import { configureReportStorage } from '../reports/report-layout';

/** `npm run seed`: seeds the same database `npm start` uses (stop the stack first for an embedded one). */
const config = loadConfig();
const database = await openDatabase(config);
configureReportStorage({ buckets: config.reportBuckets, serverBranches: config.dbServerBranches, log: console.log });
try {
  console.log(
    `[seed] ${await seedDatabase({
      bcryptRounds: config.bcryptRounds,
      ...seedProfilePlan(config.seedProfile, config.seedReportDays),
      demoAccounts: config.seedDemoAccounts,
    })}`,
  );
} finally {
  await disconnectDatabase();
  await database.stop();
}
