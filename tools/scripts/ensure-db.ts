/** `npm run db:ensure`: builds and caches FerretDB ahead of time (CI runs it before the tests). */
import { cacheRootFrom, ensureFerretDbBinary } from '@publisher/db';

const binary = await ensureFerretDbBinary(cacheRootFrom(process.env), (line) => console.log(`[db] ${line}`));
console.log(
  binary.buildMs > 0
    ? `[db] FerretDB built in ${(binary.buildMs / 1000).toFixed(1)} s: ${binary.path}`
    : `[db] FerretDB cached: ${binary.path}`,
);
