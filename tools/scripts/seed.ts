/** `npm run seed`: seeds the database `npm start` uses (stop `npm start` first when it runs an embedded one). */
import { join } from 'node:path';
import { DATA_DIR, ROOT, run } from './workspace';

const code = await run(join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/seed/main.ts'], {
  cwd: join(ROOT, 'apps', 'api'),
  env: { ...process.env, DATA_DIR: process.env['DATA_DIR'] ?? DATA_DIR },
});
process.exit(code);
