import type { ChangeEvent } from 'react';

/** Keeps digits only and cuts to `maxLength` (phone numbers and zip codes, part 2 §5). */
export function digitsOnly(value: string, maxLength: number): string {
  return value.replace(/\D/g, '').slice(0, maxLength);
}

/**
 * The `onChange` of a react-hook-form digits-only field (`form.register(name, { onChange: keepDigits(max, set) })`):
 * the typed or pasted text is stripped to digits and only then cut, and `setDigits` writes the result back
 * (`(digits) => form.setValue(name, digits)`). Set no `maxLength` on such a field: the browser would cut a pasted
 * "(555) 123-45678901" to its first characters before the non-digits are removed, keeping "555123".
 */
export function keepDigits(maxDigits: number, setDigits: (digits: string) => void) {
  return keepClean((value) => digitsOnly(value, maxDigits), setDigits);
}

/**
 * The `onChange` of a react-hook-form field cleaned as typed (`register(name, { onChange: keepClean(clean, set) })`):
 * `clean` drops what the field does not accept and `setClean` writes the result back when it differs.
 */
export function keepClean(clean: (value: string) => string, setClean: (value: string) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const cleaned = clean(event.target.value);
    if (cleaned !== event.target.value) setClean(cleaned);
  };
}
