import { useId, type InputHTMLAttributes } from 'react';
import { FieldMessage, fieldClasses } from './field-message';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field; also marks the field invalid (error style, aria-invalid). */
  error?: string | null | undefined;
  /** Marks the field invalid without a message (part 1 §5: an empty login field only gets the error style). */
  isInvalid?: boolean;
  hint?: string;
}

/** A labelled text field with its error line. */
export function Input({ label, error, isInvalid = false, hint, className = '', ...props }: InputProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hasError = isInvalid || Boolean(error);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={hasError}
        aria-describedby={error || hint ? messageId : undefined}
        className={fieldClasses(hasError)}
        {...props}
      />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
