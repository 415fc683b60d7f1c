import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * What the default database's data equals, on disk beside the kept seeds (docs/ARCHITECTURE.md "Kept seeds on
 * disk"): "the seed named K, but for these collections". A reset knows that in memory (control.service.ts `base`
 * and the write tracker); the journal keeps it across a restart, so that the first reset after one rewrites the
 * collections written since instead of reading every collection to find them (30 s for `demo` on a loaded machine).
 *
 * The file `<database>.journal`: a first line of JSON `{ "format": 1, "key": K }`, then one collection name a line,
 * each appended (synchronously) when the write tracker first sees a write of it, before the command leaves the
 * process: a process killed at any point has noted every collection it may have written. `*` stands for every
 * collection (the database was dropped). Before a reset starts rewriting the data the file is deleted; it is written
 * anew (to a temporary file, then renamed) once the data equals a seed again. A file that cannot be read, or names
 * another key, is never trusted: the first reset then reads the data as before.
 */

export const DATA_JOURNAL_FORMAT = 1;
const EVERYTHING = '*';

export interface DataJournalEntry {
  /** The collections written since the data last equalled the seed. */
  written: ReadonlySet<string>;
  /** True when the database was dropped since (every collection may differ). */
  everything: boolean;
}

export interface DataJournal {
  /** The file (tests, log lines). */
  readonly file: string;
  /**
   * The data equals the seed named `key` (its kept file's key, code digest included), but for `written` (the writes
   * the tracker saw while the reset ran). Replaces the file.
   */
  equalsSeed(key: string, written: Iterable<string>, everything: boolean): void;
  /** What the data equals is not known any more (a reset is about to rewrite it): the file is deleted. */
  forget(): void;
  /** A write of `collection` is about to be sent (`*`: the database is dropped). Never throws. */
  note(collection: string): void;
  /** What the file said at the start (or since): the collections written since the data equalled `key`. */
  since(key: string): DataJournalEntry | undefined;
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function ignoreFailure(work: () => void): void {
  try {
    work();
  } catch {
    // Nothing to do: what failed is told by the caller's own log line.
  }
}

function parse(content: string): { key: string; names: Set<string> } | undefined {
  const [first, ...rest] = content.split('\n');
  try {
    const header = JSON.parse(first ?? '') as { format?: unknown; key?: unknown };
    if (header.format !== DATA_JOURNAL_FORMAT || typeof header.key !== 'string') return undefined;
    // The last line may be cut short by a crash mid-append: an unknown name is harmless (rewritten if it exists).
    return { key: header.key, names: new Set(rest.filter((line) => line !== '')) };
  } catch {
    return undefined;
  }
}

/**
 * The journal of `database` in `dir`, read once now (a missing or unreadable file: nothing known). Its I/O is
 * synchronous: a note is a few bytes appended once per collection between resets, and it must be on disk before the
 * write it announces is sent.
 */
export function createDataJournal(dir: string, database: string, log: (line: string) => void = () => undefined) {
  const file = join(dir, `${database}.journal`);
  let known: { key: string; names: Set<string> } | undefined;
  try {
    known = parse(readFileSync(file, 'utf8'));
    if (!known)
      log(`[control] data journal ${file} ignored (not one this version writes): the first reset reads the data`);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT')
      log(`[control] data journal ${file} not read (${reasonOf(error)})`);
  }

  /** Deletes the file; where that fails, empties it (a file that is no journal is never trusted). */
  function remove(): void {
    try {
      rmSync(file, { force: true });
      // The deletion on disk before the reset's first write: a machine that crashes then never finds the old file.
      ignoreFailure(() => {
        const folder = openSync(dir, 'r');
        try {
          fsyncSync(folder);
        } finally {
          closeSync(folder);
        }
      });
    } catch (error) {
      try {
        writeFileSync(file, '');
      } catch {
        // ENOTDIR, ENOENT: there is no file to distrust.
        if (!['ENOTDIR', 'ENOENT'].includes((error as { code?: string }).code ?? '')) {
          log(`[control] data journal ${file} could not be deleted (${reasonOf(error)}): delete it by hand`);
        }
      }
    }
  }

  const journal: DataJournal = {
    file,
    equalsSeed(key, written, everything) {
      const names = new Set(written);
      if (everything) names.add(EVERYTHING);
      const lines = [JSON.stringify({ format: DATA_JOURNAL_FORMAT, key }), ...names, ''];
      const temporary = `${file}.${String(process.pid)}.tmp`;
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(temporary, lines.join('\n'));
        renameSync(temporary, file);
        known = { key, names };
      } catch (error) {
        known = undefined;
        ignoreFailure(() => rmSync(temporary, { force: true }));
        remove();
        log(
          `[control] data journal ${file} not written (${reasonOf(error)}): the first reset after a restart reads the data`,
        );
      }
    },
    forget() {
      known = undefined;
      remove();
    },
    note(collection) {
      if (!known || known.names.has(collection)) return;
      try {
        // Synced: the name outlives a crash of the machine too, not only of the process (once a collection a reset).
        const handle = openSync(file, 'a');
        try {
          writeSync(handle, `${collection}\n`);
          fsyncSync(handle);
        } finally {
          closeSync(handle);
        }
        known.names.add(collection);
      } catch (error) {
        log(`[control] data journal ${file} not appended (${reasonOf(error)}): dropped`);
        journal.forget();
      }
    },
    since(key) {
      if (known?.key !== key) return undefined;
      const written = new Set(known.names);
      const everything = written.delete(EVERYTHING);
      return { written, everything };
    },
  };
  return journal;
}
