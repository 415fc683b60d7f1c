import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import mongoose from 'mongoose';
import { captureState, restoreState } from '../control/data-states';
import { CATALOG_SIZES } from '../seed/catalog-generator';
import { seedCatalog, type CatalogSeedOptions } from '../seed/catalog-seed';
import { todayUtc } from '../reports/report-dates';
import { connectDatabase } from '../shared/db';
import { readKeptState, writeKeptState } from './kept-files';

/**
 * Seeded copies: the global setup seeds each catalog that several test files ask for once, keeps the result as
 * raw BSON on disk (kept-files.ts), and a file asking for the same catalog restores that copy into its own
 * database instead of generating and seeding it again. Each file keeps its own database (files change data).
 */

/**
 * The catalogs seeded once per run: the one most files read (300 products around today). A catalog asked for
 * by one file only is cheaper seeded there than seeded here and copied.
 */
export function sharedCatalogSeeds(): CatalogSeedOptions[] {
  return [{ size: { ...CATALOG_SIZES.test, products: 300 }, anchorDate: todayUtc() }];
}

/** The directory of a catalog's copy: named by its options, so a file asking for anything else seeds it itself. */
function copyDirectory(root: string, options: CatalogSeedOptions): string {
  const key = createHash('sha1')
    .update(JSON.stringify([options.size, options.anchorDate]))
    .digest('hex');
  return path.join(root, `catalog-${key.slice(0, 16)}`);
}

/**
 * Seeds each shared catalog into a scratch database on the run's server and writes its copy under `root`
 * (global setup, once per run). The scratch database is dropped afterwards.
 */
export async function prepareSeededCopies(uri: string, root: string): Promise<string[]> {
  await connectDatabase(uri, `t_seeded_copies_${process.pid}`);
  try {
    const summaries: string[] = [];
    for (const options of sharedCatalogSeeds()) {
      await mongoose.connection.dropDatabase();
      // The indexes as a test file's database has them: a restore makes each collection's indexes the copy's.
      await Promise.all(Object.values(mongoose.models).map((model) => model.createIndexes()));
      summaries.push(await seedCatalog(options));
      await writeKeptState(copyDirectory(root, options), await captureState());
    }
    await mongoose.connection.dropDatabase();
    return summaries;
  } finally {
    await mongoose.disconnect();
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * What `seedCatalog(options)` writes into an empty database, restored from the run's copy when the global setup
 * made one for exactly these options (`root` is the directory it provided), else seeded here. Returns how.
 */
export async function seedCatalogFromCopy(root: string, options: CatalogSeedOptions): Promise<string> {
  const directory = copyDirectory(root, options);
  if (!(await exists(path.join(directory, 'manifest.json')))) return seedCatalog(options);
  const copy = await readKeptState(directory);
  // Only the collections the copy fills: the others keep the indexes this file's models built.
  const filled = new Set([...copy.collections].filter(([, kept]) => kept.documents.length > 0).map(([name]) => name));
  await restoreState(copy, { names: filled, dataOnly: new Map() });
  return `catalog: restored ${copy.documents} documents from the run's seeded copy`;
}
