import { defaultErrorMap, type ZodError, type ZodIssue } from 'zod';

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

/**
 * Readable messages for one part of a request. Messages written in the contract that name their field are kept
 * exactly; zod's built-in ones and the contract's generic phrases are prefixed with the field.
 */
export function describeZodError(error: ZodError | null, part: string): ValidationMessage[] {
  if (!error) return [];
  return error.issues.map((issue) => {
    const field = fieldName(issue, part);
    const message = namesItsField(issue) ? issue.message : `${field}: ${issue.message}`;
    const where = issue.path.length > 0 ? `${part}.${field}` : part;
    return { message, detail: `${where}: ${issue.message}` };
  });
}
