import { isAppRouteNoBody, isAppRouteOtherResponse, isZodType, type AppRoute } from '@ts-rest/core';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@publisher/contract';
import type { HttpAnswer } from './http';

/** One way an answer differs from the contract: where, what the contract says, what came. */
export interface Issue {
  /** The field's path in the body (`data.0.name`), or what the issue is about (`status`, `content-type`). */
  path: string;
  expected: string;
  received: string;
}

/** What checking one answer found: differences fail the route, warnings (undeclared keys) do not. */
export interface Finding {
  differences: Issue[];
  warnings: Issue[];
}

/** The first way an answer differs from the contract, or undefined when it matches. */
export type Difference = string | undefined;

const MAX_SHOWN = 120;
const shorten = (text: string): string => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}...` : text);

/** An issue as one line: `path: expected X, received Y`. */
export const formatIssue = (issue: Issue): string =>
  `${issue.path}: expected ${issue.expected}, received ${issue.received}`;

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

const pathText = (path: readonly (string | number)[]): string => (path.length > 0 ? path.join('.') : '(body)');

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const part of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

/** What an answer holds where a key is absent: said in words, so that no report prints "undefined". */
export const MISSING = 'nothing (no such key)';

const shown = (value: unknown): string => (value === undefined ? MISSING : shorten(JSON.stringify(value)));

/** A zod issue as path, expected and received: zod's own words where it has them, else its message. */
export function issuesOfZod(error: z.ZodError, body: unknown): Issue[] {
  return error.issues.flatMap((issue): Issue[] => {
    const at = valueAt(body, issue.path);
    switch (issue.code) {
      case 'invalid_type':
        return [
          {
            path: pathText(issue.path),
            expected: issue.expected,
            received: issue.received === 'undefined' ? MISSING : issue.received,
          },
        ];
      case 'invalid_literal':
        return [{ path: pathText(issue.path), expected: shown(issue.expected), received: shown(issue.received) }];
      case 'invalid_enum_value':
        return [
          {
            path: pathText(issue.path),
            expected: `one of ${issue.options.map((option) => JSON.stringify(option)).join(', ')}`,
            received: shown(issue.received),
          },
        ];
      case 'unrecognized_keys':
        // A strict schema: the keys are named by the strict walk, as warnings.
        return [];
      default:
        return [{ path: pathText(issue.path), expected: issue.message, received: shown(at) }];
    }
  });
}

/** Zod wrappers whose inner schema describes the same value. */
function unwrapped(schema: z.ZodTypeAny): z.ZodTypeAny {
  let current = schema;
  for (;;) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault ||
      current instanceof z.ZodCatch ||
      current instanceof z.ZodReadonly
    ) {
      current = (current._def as { innerType: z.ZodTypeAny }).innerType;
    } else if (current instanceof z.ZodEffects) {
      current = current.innerType() as z.ZodTypeAny;
    } else if (current instanceof z.ZodBranded) {
      current = current.unwrap() as z.ZodTypeAny;
    } else if (current instanceof z.ZodLazy) {
      current = current.schema as z.ZodTypeAny;
    } else if (current instanceof z.ZodPipeline) {
      current = (current._def as { in: z.ZodTypeAny }).in;
    } else {
      return current;
    }
  }
}

/**
 * The keys of an answer its schema does not declare (ts-rest would strip them; a client typed from the
 * contract never sees them, which hides a renamed or misspelt field). Objects that declare a catch-all or
 * passthrough accept any key.
 */
export function undeclaredKeys(schema: z.ZodTypeAny, value: unknown, path: (string | number)[] = []): Issue[] {
  const inner = unwrapped(schema);
  if (value === null || value === undefined) return [];
  if (inner instanceof z.ZodObject) {
    if (typeof value !== 'object' || Array.isArray(value)) return [];
    const shape = inner.shape as Record<string, z.ZodTypeAny>;
    const open = inner._def.unknownKeys === 'passthrough' || !(inner._def.catchall instanceof z.ZodNever);
    const found: Issue[] = [];
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const declared = shape[key];
      if (declared) found.push(...undeclaredKeys(declared, child, [...path, key]));
      else if (!open) {
        found.push({ path: pathText([...path, key]), expected: 'no such key (undeclared)', received: shown(child) });
      }
    }
    return found;
  }
  if (inner instanceof z.ZodArray) {
    if (!Array.isArray(value)) return [];
    return value.flatMap((item, index) => undeclaredKeys(inner.element as z.ZodTypeAny, item, [...path, index]));
  }
  if (inner instanceof z.ZodTuple) {
    if (!Array.isArray(value)) return [];
    const items = inner.items as z.ZodTypeAny[];
    return items.flatMap((item, index) => undeclaredKeys(item, value[index], [...path, index]));
  }
  if (inner instanceof z.ZodRecord) {
    if (typeof value !== 'object') return [];
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
      undeclaredKeys(inner.valueSchema as z.ZodTypeAny, child, [...path, key]),
    );
  }
  if (inner instanceof z.ZodUnion || inner instanceof z.ZodDiscriminatedUnion) {
    // The option the value matches is the one that declares its keys.
    const options = (inner as { options: readonly z.ZodTypeAny[] }).options;
    const matching = options.find((option) => option.safeParse(value).success);
    return matching ? undeclaredKeys(matching, value, path) : [];
  }
  if (inner instanceof z.ZodIntersection) {
    // Either side may declare a key: only the keys neither declares are extra.
    const left = undeclaredKeys(inner._def.left as z.ZodTypeAny, value, path);
    const right = new Set(undeclaredKeys(inner._def.right as z.ZodTypeAny, value, path).map((issue) => issue.path));
    return left.filter((issue) => right.has(issue.path));
  }
  return [];
}

const none = (): Finding => ({ differences: [], warnings: [] });
const only = (issue: Issue): Finding => ({ differences: [issue], warnings: [] });

/** What a route documents for a status (a zod schema, a content type, no body), or undefined when nothing. */
export const documentedResponse = (route: AppRoute, status: number): unknown =>
  (route.responses as Record<number, unknown>)[status];

/** Checks a body against what the contract documents for its status: a zod schema, a content type, or none. */
export function inspectBody(route: AppRoute, answer: HttpAnswer): Finding {
  const documented = documentedResponse(route, answer.status);
  if (documented === undefined) {
    return only({
      path: 'status',
      expected: `one of ${Object.keys(route.responses).join(', ')}`,
      received: `${answer.status} (not documented: ${envelopeMessage(answer.text)})`,
    });
  }
  if (isAppRouteNoBody(documented as never)) {
    if (answer.status >= 300 && answer.status < 400 && !answer.headers.get('location')) {
      return only({ path: 'headers.location', expected: `a Location with status ${answer.status}`, received: 'none' });
    }
    return none();
  }
  if (isAppRouteOtherResponse(documented as never)) {
    const expected = (documented as { contentType: string }).contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    const actual = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    return actual === expected ? none() : only({ path: 'content-type', expected, received: actual || '(none)' });
  }
  if (!isZodType(documented)) return none();
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return only({ path: '(body)', expected: 'JSON', received: shorten(answer.text) });
  }
  const parsed = documented.safeParse(body);
  const differences = parsed.success ? [] : issuesOfZod(parsed.error, body);
  if (!parsed.success && differences.length === 0 && parsed.error.issues.length === 0) {
    differences.push({ path: '(body)', expected: 'the documented schema', received: shown(body) });
  }
  return { differences, warnings: undeclaredKeys(documented, body) };
}

/** Checks an answer to a request that should succeed with `expectedStatus`. */
export function inspectAnswer(route: AppRoute, answer: HttpAnswer, expectedStatus: number): Finding {
  if (answer.status !== expectedStatus) {
    const documented = answer.status in route.responses ? '' : ' (not documented)';
    return only({
      path: 'status',
      expected: String(expectedStatus),
      received: `${answer.status}${documented}: ${envelopeMessage(answer.text)}`,
    });
  }
  return inspectBody(route, answer);
}

/** The first difference as one line (the table's column), or undefined when there is none. */
export function firstDifference(finding: Finding): Difference {
  const first = finding.differences[0];
  return first ? formatIssue(first) : undefined;
}

export const checkBody = (route: AppRoute, answer: HttpAnswer): Difference =>
  firstDifference(inspectBody(route, answer));

export const checkAnswer = (route: AppRoute, answer: HttpAnswer, expectedStatus: number): Difference =>
  firstDifference(inspectAnswer(route, answer, expectedStatus));

/** The status a valid request should get: the route's first documented success (2xx or 3xx). */
export function successStatusOf(route: AppRoute): number {
  const statuses = Object.keys(route.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 400)
    .sort((a, b) => a - b);
  return statuses[0] ?? 200;
}
