import type { ChangeEvent } from 'react';
import type { ZodError } from 'zod';

/** The first message per top-level field of a failed contract-schema parse. */
export function firstIssuePerField<TField extends string>(
  error: ZodError,
  fields: readonly TField[],
): Partial<Record<TField, string>> {
  const messages: Partial<Record<TField, string>> = {};
  for (const issue of error.issues) {
    const field = fields.find((candidate) => candidate === issue.path[0]);
    if (field !== undefined && messages[field] === undefined) messages[field] = issue.message;
  }
  return messages;
}

/** Keeps digits only and cuts to `maxLength` (phone numbers and zip codes, part 2 §5). */
export function digitsOnly(value: string, maxLength: number): string {
  return value.replace(/\D/g, '').slice(0, maxLength);
}

/**
 * The `onChange` of a react-hook-form digits-only field (`form.register(name, { onChange: keepDigits(max, set) })`):
 * the typed or pasted text is stripped to digits and then cut, as `digitsInputProps` does for a controlled field,
 * and `setDigits` writes the result back (`(digits) => form.setValue(name, digits)`).
 */
export function keepDigits(maxDigits: number, setDigits: (digits: string) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const digits = digitsOnly(event.target.value, maxDigits);
    if (digits !== event.target.value) setDigits(digits);
  };
}

/**
 * Props for every digits-only field (zip, phone). It sets no `maxLength` on purpose: the browser would cut a
 * pasted "(555) 123-45678901" to its first characters before the non-digits are removed, keeping "555123";
 * the limit applies to the digits, after stripping.
 */
export function digitsInputProps(maxDigits: number, onDigits: (digits: string) => void) {
  return {
    inputMode: 'numeric' as const,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onDigits(digitsOnly(event.target.value, maxDigits)),
  };
}
