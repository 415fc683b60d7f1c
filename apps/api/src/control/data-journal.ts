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
import mongoose from 'mongoose';
import { idKey, type SeenWrites } from './data-states';

/**
 * What the default database's data equals, on disk beside the kept seeds (docs/ARCHITECTURE.md "Kept seeds on
 * disk"): "the seed named K, but for these collections". A reset knows that in memory (control.service.ts `base`
 * and the write tracker); the journal keeps it across a restart, so that the first reset after one rewrites the
 * collections written since instead of reading every collection to find them (30 s for `demo` on a loaded machine).
 *
 * The file `<database>.journal`: a first line of JSON `{ "format": 1, "key": K }`, then one collection name a line,
 * each appended (synchronously) when the write tracker first sees a write of it, before the command leaves the
 * process: a process killed at any point has noted every collection it may have written. `*` stands for every
 * collection (the database was dropped). A process that stops cleanly (every call answered, its buffers written)
 * appends one line of Extended JSON `{ "stopped": { "written": [[collection, ids | null]], "restructured": [...] } }`:
 * the documents its tracker saw written in the collections it noted, so that the next start puts back those
 * documents as a warm reset does, instead of each collection whole. A collection noted after that line, or by a
 * process that died (no such line after its names), may differ anywhere: rewritten whole. Before a reset starts
 * rewriting the data the file is deleted; it is written anew (to a temporary file, then renamed) once the data
 * equals a seed again. A file that cannot be read, or names another key, is never trusted: the first reset then
 * reads the data as before.
 */

export const DATA_JOURNAL_FORMAT = 1;
const EVERYTHING = '*';

export interface DataJournalEntry {
  /** The collections written since the data last equalled the seed. */
  written: ReadonlySet<string>;
  /** True when the database was dropped since (every collection may differ). */
  everything: boolean;
  /**
   * Of `written`, those whose every write a clean stop recorded by document: their `_id`s. The others may differ
   * anywhere.
   */
  ids: ReadonlyMap<string, readonly unknown[]>;
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
  /**
   * A clean stop: every call answered and every buffer written, `seen` is what the write tracker saw since the data
   * last equalled the seed in this process. Appends the documents written in the collections this process noted.
   * Never throws.
   */
  stopped(seen: SeenWrites): void;
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

/** What a journal says: the documents written by collection (`all`: anywhere); `pending`: noted since the last stop. */
interface Known {
  key: string;
  written: Map<string, Map<string, unknown> | 'all'>;
  /** Noted by this process and not yet covered by its clean stop's line. */
  pending: Set<string>;
}

const STOPPED_PREFIX = '{';

/** `pending`'s collections take the stop's documents (or `all`) into `written`; pending is emptied. */
function settle(known: Known, stop: { written: Map<string, unknown[] | null>; restructured: Set<string> }): void {
  for (const name of known.pending) {
    const ids = stop.written.get(name);
    const before = known.written.get(name);
    if (ids === undefined || ids === null || stop.restructured.has(name) || before === 'all') {
      known.written.set(name, 'all');
      continue;
    }
    const merged = before ?? new Map<string, unknown>();
    for (const id of ids) merged.set(idKey(id), id);
    known.written.set(name, merged);
  }
  known.pending.clear();
}

function parseStop(line: string): { written: Map<string, unknown[] | null>; restructured: Set<string> } | undefined {
  const parsed = mongoose.mongo.BSON.EJSON.parse(line, { relaxed: true }) as {
    stopped?: { written?: unknown; restructured?: unknown };
  };
  const { written, restructured } = parsed.stopped ?? {};
  if (!Array.isArray(written) || !Array.isArray(restructured)) return undefined;
  const byName = new Map<string, unknown[] | null>();
  for (const item of written as unknown[]) {
    if (!Array.isArray(item) || typeof item[0] !== 'string') return undefined;
    const ids: unknown = item[1];
    byName.set(item[0], Array.isArray(ids) ? (ids as unknown[]) : null);
  }
  return { written: byName, restructured: new Set(restructured.filter((name) => typeof name === 'string')) };
}

function parse(content: string): Known | undefined {
  const [first, ...rest] = content.split('\n');
  try {
    const header = JSON.parse(first ?? '') as { format?: unknown; key?: unknown };
    if (header.format !== DATA_JOURNAL_FORMAT || typeof header.key !== 'string') return undefined;
    const known: Known = { key: header.key, written: new Map(), pending: new Set() };
    for (const line of rest) {
      if (line === '') continue;
      if (!line.startsWith(STOPPED_PREFIX)) {
        // The last line may be cut short by a crash mid-append: an unknown name is harmless (rewritten if it exists).
        known.pending.add(line);
        continue;
      }
      let stop: ReturnType<typeof parseStop>;
      try {
        stop = parseStop(line);
      } catch {
        stop = undefined;
      }
      // A stop's line cut short (a crash mid-append) covers nothing: its collections stay rewritten whole.
      settle(known, stop ?? { written: new Map(), restructured: new Set() });
    }
    // Names after the last stop's line: a process that died may have written them anywhere.
    settle(known, { written: new Map(), restructured: new Set() });
    return known;
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
  let known: Known | undefined;
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

  /** Appends `line` and syncs it; false (logged, the journal dropped) when that fails. */
  function append(line: string): boolean {
    try {
      // Synced: the line outlives a crash of the machine too, not only of the process (once a collection a reset).
      const handle = openSync(file, 'a');
      try {
        writeSync(handle, `${line}\n`);
        fsyncSync(handle);
      } finally {
        closeSync(handle);
      }
      return true;
    } catch (error) {
      log(`[control] data journal ${file} not appended (${reasonOf(error)}): dropped`);
      journal.forget();
      return false;
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
        known = { key, written: new Map(), pending: names };
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
      if (!known || known.pending.has(collection)) return;
      if (append(collection)) known.pending.add(collection);
    },
    stopped(seen) {
      if (!known || known.pending.size === 0) return;
      if (seen.everything) return;
      const written = new Map<string, unknown[] | null>();
      for (const name of known.pending) {
        const ids = seen.written.get(name);
        written.set(name, ids === undefined || ids === 'all' ? null : [...ids.values()]);
      }
      const stop = {
        written,
        restructured: new Set([...seen.restructured].filter((name) => known?.pending.has(name))),
      };
      const line = mongoose.mongo.BSON.EJSON.stringify(
        { stopped: { written: [...written], restructured: [...stop.restructured] } },
        { relaxed: false },
      );
      if (append(line)) settle(known, stop);
    },
    since(key) {
      if (known?.key !== key) return undefined;
      const written = new Set([...known.written.keys(), ...known.pending]);
      const everything = written.delete(EVERYTHING);
      const ids = new Map<string, unknown[]>();
      for (const [name, documents] of known.written) {
        if (documents !== 'all' && !known.pending.has(name)) ids.set(name, [...documents.values()]);
      }
      return { written, everything, ids };
    },
  };
  return journal;
}
