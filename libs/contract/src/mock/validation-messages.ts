import { defaultErrorMap, type ZodError, type ZodInvalidTypeIssue, type ZodIssue } from 'zod';

export interface ValidationMessage {
  /** For people: the schema's own message when it names the field, else "field: message". */
  message: string;
  /** For developers: where it failed, e.g. "body.email: Please Enter valid email". */
  detail: string;
}

/** True when the issue carries zod's built-in wording rather than a message written in the contract. */
function isDefaultMessage(issue: ZodIssue): boolean {
  return defaultErrorMap(issue, { defaultError: issue.message, data: undefined }).message === issue.message;
}

/** The field an issue is about; an issue about the whole part (a missing body) names the part. */
function fieldName(issue: ZodIssue, part: string): string {
  return issue.path.length > 0 ? issue.path.join('.') : part;
}

/**
 * True when the message names its own field: the contract's spec texts do ("Please Enter Email") and start
 * with a capital; generic phrases either start with the field ("pageNo must be at least 1") or not at all
 * ("must be a real calendar date"), and only those last ones get the field put in front.
 */
function namesItsField(issue: ZodIssue): boolean {
  if (isDefaultMessage(issue)) return false;
  const last = issue.path.at(-1);
  return /^[A-Z]/.test(issue.message) || (last !== undefined && issue.message.startsWith(`${String(last)} `));
}

const samePath = (a: readonly (string | number)[], b: readonly (string | number)[]): boolean =>
  a.length === b.length && a.every((key, index) => key === b[index]);

/** A branch's complaint that the value at `path` is not its type at all (received `undefined`: it is missing). */
const wrongTypeAt = (issue: ZodIssue, path: readonly (string | number)[]): issue is ZodInvalidTypeIssue & ZodIssue =>
  issue.code === 'invalid_type' && samePath(issue.path, path);

/**
 * The issues that say what is wrong where zod says only "Invalid input" for a union (`campaign_id` takes a number
 * or a string of digits): a value missing in every branch is zod's "Required"; a value of one branch's type gets
 * that branch's complaint ("must be a numeric vendor id"). A value no branch's type fits keeps the union's issue.
 */
function explained(issue: ZodIssue): ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const branches = issue.unionErrors.map((branch) => branch.issues);
  const missing = branches.map((issues) =>
    issues.find((inner) => wrongTypeAt(inner, issue.path) && inner.received === 'undefined'),
  );
  const [firstMissing] = missing;
  if (firstMissing !== undefined && missing.every((inner) => inner !== undefined)) return [firstMissing];
  const fitting = branches.filter((issues) => !issues.some((inner) => wrongTypeAt(inner, issue.path)));
  const [only] = fitting;
  return fitting.length === 1 && only !== undefined && only.length > 0 ? only.flatMap(explained) : [issue];
}

/**
 * Readable messages for one part of a request. Messages written in the contract that name their field are kept
 * exactly; zod's built-in ones and the contract's generic phrases are prefixed with the field.
 */
export function describeZodError(error: ZodError | null, part: string): ValidationMessage[] {
  if (!error) return [];
  return error.issues.flatMap(explained).map((issue) => {
    const field = fieldName(issue, part);
    const message = namesItsField(issue) ? issue.message : `${field}: ${issue.message}`;
    const where = issue.path.length > 0 ? `${part}.${field}` : part;
    return { message, detail: `${where}: ${issue.message}` };
  });
}
