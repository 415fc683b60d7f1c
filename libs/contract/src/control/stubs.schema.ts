import { z } from 'zod';
import { MAX_SCENARIO_DELAY_MS } from './control.schema';

/**
 * Stubs: a contract route's answer, given at run time (POST /__control/stubs, or the MSW entry's `stubHandlers`),
 * checked against the route's response schema for that status before it is taken. One schema for the API's route,
 * the dev panel and the MSW handlers.
 */

/** Most stubs one mock session holds; one more is refused with 400. */
export const MAX_STUBS_PER_SESSION = 100;

/** Longest JSON text of a stub's answer body (characters); a longer one is refused with 400. */
export const STUB_BODY_LIMIT = 256 * 1024;

/** Most times a stub may be asked to answer (`times`); without it, it answers until deleted. */
export const MAX_STUB_TIMES = 10_000;

/** The response header that names the stub that answered a call (its id). */
export const MOCK_STUB_HEADER = 'X-Mock-Stub';

// Set by the server from the body it sends: a stub that gave them would contradict its own answer.
const SERVER_HEADERS: ReadonlySet<string> = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
]);

const stubHeadersSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'a header name is letters, digits and - (a token of RFC 9110)'),
    z.string().regex(/^[^\r\n]*$/, 'a header value is one line'),
  )
  .superRefine((headers, context) => {
    for (const name of Object.keys(headers)) {
      if (SERVER_HEADERS.has(name.toLowerCase())) {
        context.addIssue({ code: 'custom', path: [name], message: `${name} is set by the server, not by a stub` });
      }
    }
  });

/** Which calls a stub answers: every key given must equal the call's (a subset); nothing given, every call. */
export const stubMatchSchema = z
  .object({
    /** Path parameters by name (`{ "id": "42" }` for `/merchants/:id`), compared as text. */
    params: z.record(z.string()).optional(),
    /** Query parameters as sent (text; a repeated name as a list in its order). */
    query: z.record(z.union([z.string(), z.array(z.string())])).optional(),
    /**
     * A subset of the JSON body at every depth: an object by the keys given (others not compared), an array item by
     * item at the same length and order, any other value equal (`1` is not `"1"`).
     */
    body: z.record(z.unknown()).optional(),
  })
  .strict();
export type StubMatch = z.infer<typeof stubMatchSchema>;

/** What a stub answers. */
export const stubAnswerSchema = z
  .object({
    status: z
      .number({ required_error: 'answer.status is required' })
      .int('answer.status must be a whole number')
      .min(200, 'answer.status must be 200 to 599')
      .max(599, 'answer.status must be 200 to 599'),
    /**
     * The body: checked against the route's response schema for `status` (an error status the route does not
     * declare: the common error envelope). Omitted for a route that answers no body.
     */
    body: z.unknown().optional(),
    headers: stubHeadersSchema.optional(),
    /**
     * Waited before answering (0..30000 ms): a stubbed answer's only wait (the session's latency and `Prefer: delay`
     * do not apply).
     */
    delayMs: z.number().int().min(0).max(MAX_SCENARIO_DELAY_MS).optional(),
  })
  .strict();
export type StubAnswer = z.infer<typeof stubAnswerSchema>;

/** POST /__control/stubs (and the MSW entry's `stubHandlers`): one stub. */
export const stubDefinitionSchema = z
  .object({
    /**
     * The contract route: its name as the contract nests it (`admin.getAllVendors`), or its method and path
     * (`GET /home/getAllVendors`, `DELETE /coupons/:id`); a concrete path (`GET /coupons/42`) also matches its
     * path parameters.
     */
    route: z.string().trim().min(1, 'route is required: a name such as admin.getAllVendors, or METHOD /path'),
    match: stubMatchSchema.optional(),
    answer: stubAnswerSchema,
    /** How many calls it answers, then it is gone; without it, until deleted. */
    times: z
      .number()
      .int('times must be a whole number')
      .min(1, 'times must be at least 1')
      .max(MAX_STUB_TIMES, `times must be at most ${String(MAX_STUB_TIMES)}`)
      .optional(),
  })
  .strict();
export type StubDefinition = z.infer<typeof stubDefinitionSchema>;

/** A stub as GET /__control/stubs lists it. */
export const stubSchema = z.object({
  id: z.string(),
  /** The route's name in the contract (`admin.getAllVendors`). */
  route: z.string(),
  method: z.string(),
  /** The route's path as the contract writes it (`/coupons/:id`). */
  path: z.string(),
  match: stubMatchSchema,
  answer: stubAnswerSchema,
  /** Calls it still answers; null: until deleted. */
  remaining: z.number().int().min(1).nullable(),
  /** Calls it answered so far. */
  answered: z.number().int().min(0),
  createdAt: z.string(),
});
export type Stub = z.infer<typeof stubSchema>;

/** GET /__control/stubs: the session's stubs, newest first (the order they are tried in). */
export const stubListSchema = z.object({
  stubs: z.array(stubSchema),
  /** Most stubs the session holds (MAX_STUBS_PER_SESSION). */
  limit: z.number().int().min(1),
});
export type StubList = z.infer<typeof stubListSchema>;

export const stubIdSchema = z.string().regex(/^stub-\d{1,12}$/, 'a stub id is stub-<number>');

/** DELETE /__control/stubs: how many stubs were deleted. */
export const stubsDeletedSchema = z.object({ deleted: z.number().int().min(0) });
export type StubsDeleted = z.infer<typeof stubsDeletedSchema>;
