import { provisionDatabase } from '@publisher/db';
import { loadConfig } from '../config/env';
import { connectDatabase, disconnectDatabase } from '../shared/db';
import { seedDatabase } from './seed';

/** `npm run seed`: seeds the same database `npm start` uses (stop the stack first for an embedded one). */
const config = loadConfig();
const database = await provisionDatabase({
  dataDir: config.dataDir,
  env: { MONGODB_URI: config.mongodbUri, DB_PROVIDER: config.dbProvider, PUBLISHER_CACHE_DIR: config.cacheDir },
});
console.log(`[db] ${database.description}`);
try {
  await connectDatabase(database.uri, config.dbName);
  console.log(`[seed] ${await seedDatabase({ bcryptRounds: config.bcryptRounds, reportDays: config.seedReportDays })}`);
} finally {
  await disconnectDatabase();
  await database.stop();
}
