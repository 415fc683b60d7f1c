import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { KeptCollection, KeptState } from '../control/data-states';

/**
 * A kept copy of a database (control/data-states.ts) written to a directory, so that another process (each test
 * file runs in its own) can restore it: `manifest.json` with each collection's indexes and digest, and one
 * `<collection>.bson` holding its documents' raw BSON one after the other. BSON documents start with their
 * length, so nothing else is needed to split them again, and nothing is decoded on either side.
 */

interface Manifest {
  createdAt: string;
  collections: { name: string; indexes: KeptCollection['indexes']; digest: string; documents: number }[];
}

const MANIFEST = 'manifest.json';

export async function writeKeptState(directory: string, state: KeptState): Promise<void> {
  await mkdir(directory, { recursive: true });
  const collections = [...state.collections].map(([name, kept]) => ({
    name,
    indexes: kept.indexes,
    digest: kept.digest,
    documents: kept.documents.length,
  }));
  await Promise.all(
    [...state.collections].map(([name, kept]) =>
      writeFile(path.join(directory, `${name}.bson`), Buffer.concat(kept.documents)),
    ),
  );
  // Written last: a directory with a manifest is complete.
  const manifest: Manifest = { createdAt: state.createdAt.toISOString(), collections };
  await writeFile(path.join(directory, MANIFEST), JSON.stringify(manifest));
}

function splitDocuments(bytes: Buffer, expected: number, name: string): Buffer[] {
  const documents: Buffer[] = [];
  for (let offset = 0; offset < bytes.length;) {
    const length = bytes.readInt32LE(offset);
    documents.push(bytes.subarray(offset, offset + length));
    offset += length;
  }
  if (documents.length !== expected) {
    throw new Error(`kept copy of ${name}: ${documents.length} documents where the manifest says ${expected}`);
  }
  return documents;
}

export async function readKeptState(directory: string): Promise<KeptState> {
  const manifest = JSON.parse(await readFile(path.join(directory, MANIFEST), 'utf8')) as Manifest;
  const collections = new Map<string, KeptCollection>();
  let documents = 0;
  let bytes = 0;
  await Promise.all(
    manifest.collections.map(async ({ name, indexes, digest, documents: count }) => {
      const content = await readFile(path.join(directory, `${name}.bson`));
      collections.set(name, { documents: splitDocuments(content, count, name), indexes, digest });
      documents += count;
      bytes += content.length;
    }),
  );
  return { collections, documents, bytes, createdAt: new Date(manifest.createdAt) };
}
