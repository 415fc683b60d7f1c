import { useRef, type ChangeEvent, type SyntheticEvent } from 'react';

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

/**
 * A form's `onSubmit` that runs one submission at a time (`onSubmit={submitOnce((event) => form.handleSubmit(save)(event))}`
 * with `const submitOnce = useSubmitOnce()`): a second submit while the first is out (a double click, Enter pressed
 * twice) is dropped. react-hook-form checks the values asynchronously first and the button is disabled only by the
 * next render, so without it a double click sent a write twice. `submit` resolves once the submission has ended: let
 * its valid handler await the write.
 */
export function useSubmitOnce(): (submit: (event: SyntheticEvent) => Promise<void>) => (event: SyntheticEvent) => void {
  const isRunning = useRef(false);
  return (submit) => (event) => {
    event.preventDefault();
    if (isRunning.current) return;
    isRunning.current = true;
    void submit(event).finally(() => {
      isRunning.current = false;
    });
  };
}

/**
 * A write for a submit inside useSubmitOnce: resolves once it has ended, either way. A mutation keeps its own error
 * (shown by the form), so a refusal is no unhandled rejection.
 */
export function settled(write: Promise<unknown>): Promise<void> {
  return write.then(
    () => undefined,
    () => undefined,
  );
}
