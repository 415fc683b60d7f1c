import { z } from 'zod';
import { GENERIC_ERROR_MESSAGE } from './messages';

export { GENERIC_ERROR_MESSAGE, SESSION_ENDED_MESSAGES, type SessionEndedMessage } from './messages';

/**
 * The one error envelope of the API (part 1 §8): every non-2xx response carries it.
 * Clients show `statusMessages[0]`, else `errors[0]`.
 */
export const errorEnvelopeSchema = z.object({
  statusMessages: z.array(z.string()),
  errors: z.array(z.string()),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Responses every route may answer with; merged into each router through `commonResponses`. */
export const commonErrorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  /** The body is over the API's size limit (JSON_BODY_LIMIT). */
  413: errorEnvelopeSchema,
  /** The body's charset or Content-Encoding is not one the API reads (JSON in UTF-8; identity, gzip, deflate, br). */
  415: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  500: errorEnvelopeSchema,
  /** The database did not answer in time (with a Retry-After header). */
  503: errorEnvelopeSchema,
} as const;

/** Reads the message a client should show from any error body, with the spec's fallback. */
export function firstErrorMessage(body: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  const parsed = errorEnvelopeSchema.partial().safeParse(body);
  if (!parsed.success) return fallback;
  return parsed.data.statusMessages?.[0] ?? parsed.data.errors?.[0] ?? fallback;
}
