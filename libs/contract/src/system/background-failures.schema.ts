import { z } from 'zod';
import { isoDateTimeSchema } from '../common/fields';

/**
 * What failed in the background:
 * - `seed-copy-not-kept`: the copy of a seed a reset goes back to was not kept (in memory or on disk); the next
 *   reset to that profile seeds from nothing (slower), nothing is lost;
 * - `seed-failed`: seeding a database in the background failed (a spare session database, a kept seed);
 * - `database-restarted`: the embedded FerretDB died and was started again on the same files;
 * - `database-start-failed`: the embedded FerretDB would not start on its files until some were moved aside;
 * - `database-file-quarantined`: a database file it could not open was moved to `<DATA_DIR>/ferretdb/quarantine/`.
 */
export const backgroundFailureKindSchema = z.enum([
  'seed-copy-not-kept',
  'seed-failed',
  'database-restarted',
  'database-start-failed',
  'database-file-quarantined',
]);
export type BackgroundFailureKind = z.infer<typeof backgroundFailureKindSchema>;

/** One failure of the API's background work, with what to do about it (GET /health, GET /__control). */
export const backgroundFailureSchema = z.object({
  kind: backgroundFailureKindSchema,
  /** What happened, naming the file, database or profile concerned. */
  reason: z.string(),
  /** What the user does about it ("Nothing: ..." when it healed by itself). */
  whatToDo: z.string(),
  /** When it last happened (ISO). */
  at: isoDateTimeSchema,
  /** How many times it happened with this same kind and reason (the list keeps one entry for them). */
  count: z.number().int().positive(),
});
export type BackgroundFailure = z.infer<typeof backgroundFailureSchema>;
