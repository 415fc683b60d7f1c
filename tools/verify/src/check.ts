import { isAppRouteNoBody, isAppRouteOtherResponse, isZodType, type AppRoute } from '@ts-rest/core';
import { errorEnvelopeSchema } from '@publisher/contract';
import type { HttpAnswer } from './http';

/** The first way an answer differs from the contract, or undefined when it matches. */
export type Difference = string | undefined;

const MAX_SHOWN = 120;
const shorten = (text: string): string => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}...` : text);

/** The message of an error envelope, to say why a call did not succeed. */
function envelopeMessage(text: string): string {
  try {
    const parsed = errorEnvelopeSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.statusMessages[0] ?? parsed.data.errors[0] ?? '';
  } catch {
    // Not JSON: show the start of the text.
  }
  return shorten(text);
}

/** Checks a body against what the contract documents for its status: a zod schema, a content type, or none. */
export function checkBody(route: AppRoute, answer: HttpAnswer): Difference {
  const documented = (route.responses as Record<number, unknown>)[answer.status];
  if (documented === undefined) return `status ${answer.status} is not documented (${envelopeMessage(answer.text)})`;
  if (isAppRouteNoBody(documented as never)) {
    if (answer.status >= 300 && answer.status < 400 && !answer.headers.get('location')) {
      return `status ${answer.status} without a Location header`;
    }
    return undefined;
  }
  if (isAppRouteOtherResponse(documented as never)) {
    const expected = (documented as { contentType: string }).contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    const actual = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    return actual === expected ? undefined : `content-type ${actual || '(none)'}, documented ${expected}`;
  }
  if (!isZodType(documented)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `body is not JSON: ${shorten(answer.text)}`;
  }
  const parsed = documented.safeParse(body);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  if (!issue) return 'body does not match the schema';
  const path = issue.path.length > 0 ? issue.path.join('.') : '(body)';
  return `${path}: ${issue.message}`;
}

/** Checks an answer to a request that should succeed with `expectedStatus`. */
export function checkAnswer(route: AppRoute, answer: HttpAnswer, expectedStatus: number): Difference {
  if (answer.status !== expectedStatus) {
    const documented = answer.status in route.responses ? '' : ' (not documented)';
    return `expected ${expectedStatus}, got ${answer.status}${documented}: ${envelopeMessage(answer.text)}`;
  }
  return checkBody(route, answer);
}

/** The status a valid request should get: the route's first documented success (2xx or 3xx). */
export function successStatusOf(route: AppRoute): number {
  const statuses = Object.keys(route.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 400)
    .sort((a, b) => a - b);
  return statuses[0] ?? 200;
}
