import { firstErrorMessage, GENERIC_ERROR_MESSAGE } from '@publisher/contract';

/**
 * The text to show for a failed call (part 1 §8). ts-rest's react-query hooks throw the whole
 * `{ status, body }` response for non-2xx answers, and an `Error` when the network itself failed.
 */
export function errorMessageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'body' in error) {
    return firstErrorMessage(error.body);
  }
  return GENERIC_ERROR_MESSAGE;
}
