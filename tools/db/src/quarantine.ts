import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Something that went wrong with the embedded database in the background: the API lists these in GET /health and
 * GET /__control (apps/api/src/system/background-failures.ts).
 */
export interface DatabaseIncident {
  kind: 'database-file-quarantined' | 'database-restarted' | 'database-start-failed';
  reason: string;
  whatToDo: string;
  /** When it happened (ISO). */
  at: string;
}

/** Where unreadable database files are moved, inside FerretDB's data folder. */
export const QUARANTINE_DIR = 'quarantine';

/** FerretDB's own table in every database it made (its collections' names and settings). */
const METADATA_TABLE = '_ferretdb_collections';
const SQLITE_HEADER = 'SQLite format 3\0';
/** How much of a database file (and of its write-ahead log) the check reads: the schema of a new one is in it. */
const SCAN_BYTES = 64 * 1024;
const WAL_SCAN_BYTES = 1024 * 1024;

function readHead(path: string, bytes: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const read = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * Why FerretDB (SQLite backend) cannot open this database file, or undefined when it looks fine. FerretDB opens
 * every `*.sqlite` of its folder at start and exits when one fails, so one bad file keeps the whole server down.
 *
 * A tiny reader, not SQLite: the file must start with SQLite's header, and FerretDB's metadata table must be in
 * it or in its write-ahead log (`-wal`, where a database killed before a checkpoint keeps its last writes). A file
 * left by a FerretDB that died while creating or dropping the database is one 4 KiB page (WAL mode set) with no
 * table. A database larger than the part read is trusted: its schema may sit further in, and it was complete
 * once; if FerretDB still refuses it, the caller's fallback applies. `trustLog: false` (that fallback) does not
 * take the log's word: a log of a database dropped and made again under the same name may not belong to the file.
 */
export function unreadableReason(path: string, { trustLog = true }: { trustLog?: boolean } = {}): string | undefined {
  const size = statSync(path).size;
  const wal = `${path}-wal`;
  const walHead = trustLog && existsSync(wal) ? readHead(wal, WAL_SCAN_BYTES) : Buffer.alloc(0);
  if (size === 0) {
    // An empty file whose log holds a complete database is a database killed before its first checkpoint.
    return walHead.includes(METADATA_TABLE) ? undefined : 'the file is empty (cut off while being created)';
  }
  const head = readHead(path, SCAN_BYTES);
  if (head.subarray(0, SQLITE_HEADER.length).toString('latin1') !== SQLITE_HEADER) {
    return 'the file is not an SQLite database (its header is wrong)';
  }
  if (head.includes(METADATA_TABLE) || walHead.includes(METADATA_TABLE) || size > SCAN_BYTES) return undefined;
  return `FerretDB's table ${METADATA_TABLE} is missing (the database was cut off while being created or dropped)`;
}

/** Whether a database file is a mock session's, a spare's or the sessions' base (`<db>__s_<id>`, `<db>__spare_<n>`, `<db>__base_<hex>`): disposable. */
export function isSessionDatabaseFile(file: string): boolean {
  return /__(?:s_[A-Za-z0-9_-]{1,32}|spare_[0-9]+|base_[0-9a-f]{12})\.sqlite$/.test(file);
}

function stamp(at: Date): string {
  return at
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/, 'Z');
}

/**
 * Moves `<name>.sqlite` (with its `-wal` and `-shm`) to `<dataDir>/quarantine/<name>.sqlite.<timestamp>`; answers
 * where it went.
 */
export function quarantineFile(dataDir: string, file: string, at: Date = new Date()): string {
  const folder = join(dataDir, QUARANTINE_DIR);
  mkdirSync(folder, { recursive: true });
  const target = join(folder, `${file}.${stamp(at)}`);
  renameSync(join(dataDir, file), target);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(join(dataDir, file + suffix))) renameSync(join(dataDir, file + suffix), target + suffix);
  }
  return target;
}

/** The incident of a file moved aside: a session's is harmless, another database's held data. */
function quarantined(file: string, target: string, reason: string, at: Date): DatabaseIncident {
  const name = file.replace(/\.sqlite$/, '');
  return isSessionDatabaseFile(file)
    ? {
        kind: 'database-file-quarantined',
        reason: `Session database ${name} could not be opened (${reason}); moved to ${target}.`,
        whatToDo:
          'Nothing: the session starts again from its seed on its next call. Delete the file when you no longer need it.',
        at: at.toISOString(),
      }
    : {
        kind: 'database-file-quarantined',
        reason: `Database ${name} could not be opened (${reason}); moved to ${target}, and the API started on an empty one.`,
        whatToDo:
          `Its data is in ${target}: copy it back over ${file} with the stack stopped to try again, or delete it. ` +
          'The API seeds an empty database on start (`npm start -- --fresh` starts over from nothing).',
        at: at.toISOString(),
      };
}

/**
 * How hard a check looks: `check` moves the files {@link unreadableReason} rejects; `sessions` also every session
 * database file (disposable: a new process drops them anyway), `strict` also the files whose metadata table is
 * only in their log. The next level is for a FerretDB that still would not start.
 */
export type QuarantineLevel = 'check' | 'sessions' | 'strict';

/**
 * Moves aside every database file of `dataDir` FerretDB could not open at this `level`, each with a log line
 * naming it. Answers the incidents.
 */
export function quarantineUnreadable(
  dataDir: string,
  log: (line: string) => void,
  level: QuarantineLevel = 'check',
): DatabaseIncident[] {
  if (!existsSync(dataDir)) return [];
  const incidents: DatabaseIncident[] = [];
  for (const file of readdirSync(dataDir).filter((name) => name.endsWith('.sqlite'))) {
    let reason: string | undefined;
    try {
      reason = unreadableReason(join(dataDir, file), { trustLog: level !== 'strict' });
    } catch (error) {
      reason = `it cannot be read: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (reason === undefined && level !== 'check' && isSessionDatabaseFile(file)) {
      reason = 'FerretDB would not start with it, and session databases are disposable';
    }
    if (reason === undefined) continue;
    const at = new Date();
    const target = quarantineFile(dataDir, file, at);
    const incident = quarantined(file, target, reason, at);
    log(`${incident.reason} ${incident.whatToDo}`);
    incidents.push(incident);
  }
  return incidents;
}
