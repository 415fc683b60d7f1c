#!/usr/bin/env node
/**
 * `npx publisher-stand-in`: the bin of the packed stand-in (`npm run stand-in:pack`). It reads the command line,
 * sets the API's environment and runs the bundled API (lib/api.js, apps/api/src/main.ts) in this process, so a
 * signal to it is the API's own: SIGINT or SIGTERM stops the API and the database it provisioned.
 */
import { parseCommand, standInVariables, USAGE } from './options';

/** Put in by the bundle (vite.config.ts `define`): the package's version. */
declare const STAND_IN_VERSION: string;

const command = parseCommand(process.argv.slice(2), process.cwd());
switch (command.kind) {
  case 'help':
    process.stdout.write(USAGE);
    process.exit(0);
    break;
  case 'version':
    console.log(STAND_IN_VERSION);
    process.exit(0);
    break;
  case 'error':
    process.stderr.write(`${command.message}\n\n${USAGE}`);
    process.exit(2);
    break;
  case 'start': {
    Object.assign(process.env, standInVariables(command, process.env));
    console.log(
      `[stand-in] publisher-stand-in ${STAND_IN_VERSION}: profile ${command.profile}, data in ${command.dataDir}`,
    );
    watchParent();
    await import(new URL('./api.js', import.meta.url).href);
    break;
  }
}

/**
 * `npx publisher-stand-in` stopped by a script with `kill -TERM <npx's pid>`: npm exits on SIGTERM without passing
 * it on (as with `npm start`, tools/scripts/workspace.ts), and this process would be left serving. When the
 * process that started this one goes, the stand-in stops as on SIGTERM. The check keeps nothing alive.
 */
function watchParent(): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, 1_000);
  timer.unref();
}
