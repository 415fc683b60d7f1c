import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SEED_PROFILES, type SeedProfile } from '@publisher/contract';

/** The port the stand-in listens on when `--port` is not given (Prism's default, so a swap changes nothing). */
export const DEFAULT_PORT = 4010;

/**
 * The seed profile of a start without `--profile`: `small` (a few merchants, a week of reports) seeds in seconds;
 * `demo` (what `npm start` seeds: the full catalog and 180 days of reports) takes minutes on FerretDB.
 */
export const DEFAULT_PROFILE: SeedProfile = 'small';

/** Where the embedded database keeps its files when `--data-dir` is not given, under the working directory. */
export const DEFAULT_DATA_DIR = join('node_modules', '.cache', 'publisher-stand-in');

export const USAGE = `Usage: npx publisher-stand-in [--port <n>] [--profile <name>] [--data-dir <dir>]

The Publisher Portal API in its mock mode (as \`npm start\` runs it): every contract route, the scenario
controls (/__control), isolated sessions (X-Mock-Session), the request journal and the Prefer header.

  --port <n>          the port to listen on (default ${DEFAULT_PORT})
  --host <address>    the address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  --profile <name>    what an empty database is seeded with: ${SEED_PROFILES.join(', ')} (default ${DEFAULT_PROFILE});
                      data seeded before keeps its profile (POST /__control/reset {"profile": ...} switches)
  --data-dir <dir>    where the embedded database keeps its files between runs
                      (default ./${DEFAULT_DATA_DIR}, under the working directory)
  -h, --help          print this and exit
  -v, --version       print the version and exit

The database: MONGODB_URI when set (a database of your own; the mock mode empties it on reset), else
mongodb-memory-server when its MongoDB binary is cached or can be downloaded, else FerretDB (cached in
~/.cache/publisher-portal, built once with Go when missing). The API reads its other settings from the
environment (docs/DEPLOYMENT.md of the Publisher Portal). Ctrl+C or SIGTERM stops it and its database.

Once it listens: http://127.0.0.1:<port>/health, /docs (Swagger UI), /openapi.json, /__control.
`;

/** What a command line asks for. */
export type StandInCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'error'; message: string }
  | { kind: 'start'; port: number; host: string; profile: SeedProfile; dataDir: string };

const isSeedProfile = (value: string): value is SeedProfile => (SEED_PROFILES as readonly string[]).includes(value);

/** Reads the command line (without node and the script); `cwd` resolves a relative data folder. */
export function parseCommand(args: readonly string[], cwd: string): StandInCommand {
  let values;
  try {
    values = parseArgs({
      args: [...args],
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        profile: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }).values;
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const portText = values.port ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65_535) {
    return { kind: 'error', message: `--port must be a number from 1 to 65535 (got "${portText}")` };
  }
  const profile = values.profile ?? DEFAULT_PROFILE;
  if (!isSeedProfile(profile)) {
    return { kind: 'error', message: `--profile must be one of ${SEED_PROFILES.join(', ')} (got "${profile}")` };
  }
  const dataDirArgument = values['data-dir'] ?? DEFAULT_DATA_DIR;
  if (dataDirArgument.trim() === '') return { kind: 'error', message: '--data-dir must name a folder' };
  const dataDir = isAbsolute(dataDirArgument) ? dataDirArgument : resolve(cwd, dataDirArgument);
  return { kind: 'start', port, host: values.host ?? '127.0.0.1', profile, dataDir };
}

/**
 * The variables the API is started with, over the caller's own environment: the mock mode of `npm start`
 * (development, MOCK_CONTROLS on) and the command line's port, host, profile and data folder. A NODE_ENV the
 * caller set is kept (production then asks for its secrets, as the API image does); the flags win over the
 * variables they set.
 */
export function standInVariables(
  command: Extract<StandInCommand, { kind: 'start' }>,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return {
    NODE_ENV: env['NODE_ENV'] || 'development',
    MOCK_CONTROLS: 'true',
    API_PORT: String(command.port),
    API_HOST: command.host,
    SEED_PROFILE: command.profile,
    DATA_DIR: command.dataDir,
  };
}
