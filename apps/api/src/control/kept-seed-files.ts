import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SeedProfile } from '@publisher/contract';
import { keptCollectionOf, keptStateOf, type IndexSpec, type KeptCollection, type KeptState } from './data-states';
import { digestOfRunningCode } from './running-code';

/**
 * Kept seeds on disk (docs/ARCHITECTURE.md "Kept seeds on disk"): the fresh seed of each profile, written beside the
 * data so that the first reset after a restart goes back to it instead of seeding from nothing.
 *
 * One file per profile, `<profile>.seed`, replaced whenever that profile is seeded again (so the folder holds at most
 * one file per profile, whatever dates and versions came before). The file (format {@link KEPT_SEED_FORMAT}):
 *
 *   bytes 0-7    the magic `PPSEED\r\n`
 *   bytes 8-11   the header's length H (uint32, little-endian)
 *   12 .. 12+H   the header, JSON: { format, key, profile, createdAt, bodyBytes, digest, collections: [{ name,
 *                indexes, documents, bytes, digest }] }
 *   then         the body: each collection's documents in the header's order, as raw BSON one after the other
 *                (every BSON document starts with its own length)
 *
 * `key` names what the seed was made from: profile, date, report days, bcrypt rounds, report buckets and a digest of
 * the running code (control/running-code.ts). `digest` is a sha256 over the header's `collections` and the body.
 * A file of another format, another key, a digest that does not match, or a length that does not add up is
 * ignored with a log line (never trusted, never a crash) and replaced at the next seed. Writes go to a temporary
 * file, are synced, then renamed over the old one: a process killed mid-write leaves a `.tmp` file, never read and
 * deleted by the next write.
 */

/** The file format's version: a file of another one is ignored (and replaced at the next seed). */
export const KEPT_SEED_FORMAT = 1;
const MAGIC = Buffer.from('PPSEED\r\n', 'latin1');
const FILE_SUFFIX = '.seed';
const TEMP_SUFFIX = '.tmp';
/** A temporary file older than this is a write that never finished (a killed process): deleted. */
const STALE_TEMP_MS = 10 * 60_000;

interface CollectionHeader {
  name: string;
  indexes: IndexSpec[];
  documents: number;
  bytes: number;
  digest: string;
}

interface SeedFileHeader {
  format: number;
  key: string;
  profile: SeedProfile;
  createdAt: string;
  bodyBytes: number;
  digest: string;
  collections: CollectionHeader[];
}

function contentDigest(collections: readonly CollectionHeader[], body: readonly Buffer[]): string {
  const hash = createHash('sha256').update(JSON.stringify(collections));
  for (const part of body) hash.update(part);
  return hash.digest('hex');
}

/** The file's bytes, in parts (written one after the other, never joined into one buffer). */
export function encodeKeptSeed(
  profile: SeedProfile,
  key: string,
  state: KeptState,
  format: number = KEPT_SEED_FORMAT,
): Buffer[] {
  const collections: CollectionHeader[] = [];
  const body: Buffer[] = [];
  for (const [name, kept] of [...state.collections].sort(([a], [b]) => a.localeCompare(b))) {
    let bytes = 0;
    for (const document of kept.documents) bytes += document.length;
    collections.push({ name, indexes: kept.indexes, documents: kept.documents.length, bytes, digest: kept.digest });
    body.push(...kept.documents);
  }
  const bodyBytes = collections.reduce((sum, collection) => sum + collection.bytes, 0);
  const header: SeedFileHeader = {
    format,
    key,
    profile,
    createdAt: state.createdAt.toISOString(),
    bodyBytes,
    digest: contentDigest(collections, body),
    collections,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  return [MAGIC, length, json, ...body];
}

/** Why the file cannot be used. */
class Unusable extends Error {}

/** The kept state a file holds, if it is whole and of this format and key; throws {@link Unusable} otherwise. */
export function decodeKeptSeed(file: Buffer, expected: { profile: SeedProfile; key: string }): KeptState {
  if (file.length < MAGIC.length + 4 || !file.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new Unusable('not a kept seed file');
  }
  const headerLength = file.readUInt32LE(MAGIC.length);
  const bodyStart = MAGIC.length + 4 + headerLength;
  if (bodyStart > file.length) throw new Unusable('truncated header');
  let header: SeedFileHeader;
  try {
    header = JSON.parse(file.subarray(MAGIC.length + 4, bodyStart).toString('utf8')) as SeedFileHeader;
  } catch {
    throw new Unusable('unreadable header');
  }
  if (header.format !== KEPT_SEED_FORMAT) {
    throw new Unusable(`format ${String(header.format)}, not ${String(KEPT_SEED_FORMAT)}`);
  }
  if (header.profile !== expected.profile || header.key !== expected.key) {
    throw new Unusable(`made for ${header.key}, not ${expected.key}`);
  }
  if (!Array.isArray(header.collections) || file.length - bodyStart !== header.bodyBytes) {
    throw new Unusable(`${String(file.length - bodyStart)} bytes of documents, not ${String(header.bodyBytes)}`);
  }
  const body = file.subarray(bodyStart);
  if (contentDigest(header.collections, [body]) !== header.digest) throw new Unusable('digest does not match');
  const collections = new Map<string, KeptCollection>();
  let offset = 0;
  for (const collection of header.collections) {
    const documents: Buffer[] = [];
    const end = offset + collection.bytes;
    while (offset < end) {
      const size = body.readInt32LE(offset);
      if (size < 5 || offset + size > end) throw new Unusable(`a document of ${collection.name} overruns it`);
      // Views into the file's buffer: the documents are not copied.
      documents.push(body.subarray(offset, offset + size));
      offset += size;
    }
    const kept = keptCollectionOf(documents, collection.indexes);
    if (documents.length !== collection.documents || kept.digest !== collection.digest) {
      throw new Unusable(`collection ${collection.name} does not match its digest`);
    }
    collections.set(collection.name, kept);
  }
  return keptStateOf(collections, new Date(header.createdAt));
}

/** The kept seeds on disk of a process (shared by its default app and its sessions' apps). */
export interface KeptSeedFiles {
  /** The folder (KEPT_SEEDS_DIR, docs/CONTROLS.md). */
  readonly dir: string;
  /**
   * The profile's kept seed for `key` from its file; undefined when there is none, or it is unusable (then
   * logged, and replaced by the next seed's {@link save}). Never throws.
   */
  load(profile: SeedProfile, key: string): Promise<KeptState | undefined>;
  /**
   * Writes the profile's file (atomically) in the background; a failure (disk full, folder not writable) is logged
   * and listed in {@link warnings} until a later write succeeds. Never throws.
   */
  save(profile: SeedProfile, key: string, state: KeptState): Promise<void>;
  /**
   * What went wrong keeping seeds on disk, one line each with what to do; empty when all is well. The copy in
   * memory is kept either way: only the first reset after a restart pays (it seeds from nothing). For /health and
   * GET /__control.
   */
  warnings(): string[];
  /** Resolves when every write started so far has ended (tests, shutdown). */
  settled(): Promise<void>;
  /** The key a file of `key` carries: `key` and the running code's digest (the data journal names seeds by it). */
  keyOnDisk(key: string): Promise<string>;
}

export interface KeptSeedFilesOptions {
  dir: string;
  log?: (line: string) => void;
  /** The digest of the code the seed runs (default: the running code's, control/running-code.ts). */
  codeDigest?: () => Promise<string>;
  /**
   * Told of each failed write, besides {@link KeptSeedFiles.warnings}: what happened and what to do (for a list of
   * background failures that keeps their history).
   */
  onWriteFailure?: (failure: { profile: SeedProfile; reason: string; whatToDo: string }) => void;
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createKeptSeedFiles({
  dir,
  log = () => undefined,
  codeDigest = () => digestOfRunningCode(),
  onWriteFailure,
}: KeptSeedFilesOptions): KeptSeedFiles {
  let code: Promise<string> | undefined;
  const codeKey = async (key: string): Promise<string> => {
    code ??= codeDigest();
    return `${key}:code ${(await code).slice(0, 16)}`;
  };
  const problems = new Map<SeedProfile, string>();
  const writes = new Set<Promise<void>>();
  const fileOf = (profile: SeedProfile): string => join(dir, `${profile}${FILE_SUFFIX}`);

  /** Deletes the temporary files of writes that never finished. */
  async function sweepTemporaries(): Promise<void> {
    const names = await readdir(dir).catch(() => []);
    for (const name of names.filter((entry) => entry.endsWith(TEMP_SUFFIX))) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
    }
  }

  async function write(profile: SeedProfile, key: string, state: KeptState): Promise<void> {
    const file = fileOf(profile);
    const temporary = `${file}.${String(process.pid)}-${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`;
    try {
      const parts = encodeKeptSeed(profile, await codeKey(key), state);
      await mkdir(dir, { recursive: true });
      const handle = await open(temporary, 'w');
      try {
        // In slices: one writev of tens of thousands of buffers exceeds the system's IOV_MAX.
        for (let start = 0; start < parts.length; start += 1_000) {
          await handle.writev(parts.slice(start, start + 1_000));
        }
        // On disk before the rename: a crash after it never finds a renamed file with missing content.
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
      problems.delete(profile);
      log(`[control] kept the ${profile} seed on disk (${file}): the first reset after a restart goes back to it`);
      await sweepTemporaries();
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      const failure = {
        profile,
        reason: `The ${profile} seed could not be kept on disk in ${dir} (${reasonOf(error)}): it is kept in memory, but the first reset after a restart seeds from nothing.`,
        whatToDo: 'Free disk space or set KEPT_SEEDS_DIR to a writable folder.',
      };
      problems.set(profile, `${failure.reason} ${failure.whatToDo}`);
      log(`[control] the ${profile} seed was not kept on disk in ${dir}: ${reasonOf(error)} (kept in memory only)`);
      onWriteFailure?.(failure);
    }
  }

  return {
    dir,
    keyOnDisk: codeKey,
    async load(profile, key) {
      const file = fileOf(profile);
      let content: Buffer;
      try {
        content = await readFile(file);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOENT') {
          log(`[control] kept seed ${file} not read (${reasonOf(error)}): the next seed replaces it`);
        }
        return undefined;
      }
      try {
        const state = decodeKeptSeed(content, { profile, key: await codeKey(key) });
        log(`[control] read the kept ${profile} seed from ${file} (${String(state.documents)} documents)`);
        return state;
      } catch (error) {
        // Whatever is wrong with it (Unusable, or a header of the right shape with fields of the wrong one).
        log(`[control] kept seed ${file} ignored (${reasonOf(error)}): the next seed of ${profile} replaces it`);
        return undefined;
      }
    },
    save(profile, key, state) {
      const written = write(profile, key, state);
      writes.add(written);
      void written.finally(() => writes.delete(written));
      return written;
    },
    warnings: () => [...problems.values()],
    async settled() {
      await Promise.all([...writes]);
    },
  };
}
