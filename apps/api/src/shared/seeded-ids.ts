import { createHash } from 'node:crypto';
import mongoose from 'mongoose';

/**
 * 2026-01-01T00:00:00Z in seconds: the time part of every seeded ObjectId. Fixed, so a seeded record has the same
 * id on every date and in every profile, and older than any record a user creates, so lists in creation order keep
 * the seeded records together.
 */
const SEEDED_ID_SECONDS = Date.UTC(2026, 0, 1) / 1000;

/**
 * The ObjectId of a seeded record, from what names it (its kind and natural key): the same on every seed, so a
 * token, a link or a bookmark naming a seeded record survives a reset, a restart and a profile switch.
 */
export function seededObjectId(kind: string, key: string): mongoose.Types.ObjectId {
  const hash = createHash('sha256').update(`publisher-seed\u0000${kind}\u0000${key}`).digest();
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(SEEDED_ID_SECONDS, 0);
  hash.copy(bytes, 4, 0, 8);
  return new mongoose.Types.ObjectId(bytes);
}

/** A demo account's `_id`: from its email, so tokens issued before a reset or in another profile stay valid. */
export const demoAccountId = (email: string): mongoose.Types.ObjectId =>
  seededObjectId('demo-account', email.toLowerCase());

/**
 * The time seeded records are stamped with (created, saved, run): the start of the seed's day (UTC), not the
 * moment it ran, so two seeds of a profile on one date write the same documents byte for byte.
 */
export const seededAt = (date: string): Date => new Date(`${date}T00:00:00.000Z`);

const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fixed bcrypt salt for the demo password (whose text the README publishes anyway): the same hash on every seed,
 * so the users collection of two seeds is equal too.
 */
export function demoPasswordSalt(rounds: number): string {
  const hash = createHash('sha256').update('publisher-seed\u0000demo-password-salt').digest();
  const chars = Array.from(hash.subarray(0, 22), (byte) => BCRYPT_ALPHABET[byte % 64] ?? '.').join('');
  return `$2b$${String(rounds).padStart(2, '0')}$${chars}`;
}
