/**
 * Benchmark helper (not part of the app): prints how many tracked clicks today's collection holds for a
 * placement id, so `npm run bench` can check that every redirect it sent was recorded.
 * Usage: MONGODB_URI=... MONGODB_DB_NAME=... tsx src/bench/count-clicks.ts <placementId>
 */
import { loadConfig } from '../config/env';
import { clickModel } from '../deep-links/click.model';
import { todayUtc } from '@publisher/contract';
import { connectDatabase, disconnectDatabase } from '../shared/db';

const [placementId] = process.argv.slice(2);
if (!placementId) throw new Error('usage: count-clicks.ts <placementId>');
const config = loadConfig();
if (!config.mongodbUri) throw new Error('MONGODB_URI is required');
await connectDatabase(config.mongodbUri, config.dbName);
const count = await clickModel(todayUtc()).countDocuments({ placementId }).maxTimeMS(120_000);
console.log(JSON.stringify({ count }));
await disconnectDatabase();
