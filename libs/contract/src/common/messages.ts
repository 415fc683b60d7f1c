/**
 * Error texts shared by the API and the web app, in a module of their own without zod: the web's first load uses
 * them and must not carry the schemas (see tools/scripts/web-size).
 */

/** Messages the web app treats as "session is gone": it clears local storage and goes to /signin. */
export const SESSION_ENDED_MESSAGES = ['Unauthenticated.', 'User Not Found.'] as const;
export type SessionEndedMessage = (typeof SESSION_ENDED_MESSAGES)[number];

export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
