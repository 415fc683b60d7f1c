/** The first part of every admin query key. */
export const ADMIN_KEY = ['admin'] as const;
