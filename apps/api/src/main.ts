import { createApp } from './app';
import { loadConfig } from './config/env';
import { clickRecorder } from './deep-links/click-recorder';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';
import { seedDatabase } from './seed/seed';
import { disconnectDatabase, openDatabase } from './shared/db';

const config = loadConfig();
if (config.isDefaultJwtSecret) {
  console.warn('[api] WARNING: JWT_SECRET is not set; using the development default. Never do this in production.');
}

const database = await openDatabase(config);

if (config.seedOnStart) {
  const summary = await seedDatabase({ bcryptRounds: config.bcryptRounds, reportDays: config.seedReportDays });
  console.log(`[seed] ${summary}`);
  console.log(`[seed] demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) {
    console.log(`[seed]   ${account.email.padEnd(30)} vendor ${account.vendorId}  ${account.purpose}`);
  }
}

const server = createApp({ config, database }).listen(config.port, config.host, () => {
  console.log(`[api] listening on http://${config.host}:${config.port} (docs at /docs)`);
});

async function shutdown(signal: string): Promise<void> {
  console.log(`[api] ${signal}: shutting down`);
  server.close();
  // Clicks still buffered are written before the database goes away.
  await clickRecorder.close();
  await disconnectDatabase();
  await database.stop();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
