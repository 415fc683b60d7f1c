import { useId, type SelectHTMLAttributes } from 'react';
import { FieldMessage, fieldClasses } from './field-message';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  error?: string | null;
  hint?: string;
}

/** A labelled native select. */
export function Select({ label, options, error, hint, className = '', ...props }: SelectProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hasError = Boolean(error);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={hasError}
        aria-describedby={error || hint ? messageId : undefined}
        className={fieldClasses(hasError)}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
