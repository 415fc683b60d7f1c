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

function fieldName(issue: ZodIssue): string {
  return issue.path.length > 0 ? issue.path.join('.') : 'request';
}

/**
 * Readable messages for one part of a request. Messages written in the contract (the spec's texts,
 * which name their field) are kept exactly; zod's generic ones are prefixed with the field.
 */
export function describeZodError(error: ZodError | null, part: string): ValidationMessage[] {
  if (!error) return [];
  return error.issues.map((issue) => {
    const field = fieldName(issue);
    const message = isDefaultMessage(issue) ? `${field}: ${issue.message}` : issue.message;
    return { message, detail: `${part}.${field}: ${issue.message}` };
  });
}
