/** `npm run db:ensure`: builds and caches FerretDB ahead of time (CI runs it before the tests). */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ensureFerretDbBinary } from '@publisher/db';

const cacheRoot = process.env['PUBLISHER_CACHE_DIR'] ?? join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'publisher-portal');
const binary = await ensureFerretDbBinary(cacheRoot, (line) => console.log(`[db] ${line}`));
console.log(binary.buildMs > 0 ? `[db] FerretDB built in ${(binary.buildMs / 1000).toFixed(1)} s: ${binary.path}` : `[db] FerretDB cached: ${binary.path}`);
