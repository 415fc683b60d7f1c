import { errorMessageOf } from '../../../lib/api-error';

/**
 * The text of a failed generation: the spec's `error` field of the answer (part 2 §3 "Deep link result", §7
 * "payload.error"), else the error envelope's first message like any other call.
 */
export function generationErrorOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'body' in error) {
    const { body } = error;
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' && body.error) {
      return body.error;
    }
  }
  return errorMessageOf(error);
}
