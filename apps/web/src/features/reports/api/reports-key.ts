/**
 * The first part of every report query key. A save writes rows every report reads, so the save hooks drop all
 * report queries at once through it.
 */
export const REPORTS_KEY = ['reports'] as const;
