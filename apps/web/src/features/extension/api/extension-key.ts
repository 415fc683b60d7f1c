/** The root of every extension query key. */
export const EXTENSION_KEY = ['extension'] as const;
