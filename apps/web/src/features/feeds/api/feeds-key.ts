/** The root of every feeds query key. */
export const FEEDS_KEY = ['feeds'] as const;
