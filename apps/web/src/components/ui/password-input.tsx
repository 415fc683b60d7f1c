import { useId, useState, type InputHTMLAttributes } from 'react';
import { FieldMessage, fieldClasses } from './field-message';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string | null | undefined;
  isInvalid?: boolean;
  hint?: string;
}

function EyeIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="h-5 w-5">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {isOpen ? null : <path d="M3 3l18 18" />}
    </svg>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordInput({ label, error, isInvalid = false, hint, className = '', ...props }: PasswordInputProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const [isVisible, setIsVisible] = useState(false);
  const hasError = isInvalid || Boolean(error);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={isVisible ? 'text' : 'password'}
          aria-invalid={hasError}
          aria-describedby={error || hint ? messageId : undefined}
          className={fieldClasses(hasError, 'pr-11')}
          {...props}
        />
        <button
          type="button"
          onClick={() => setIsVisible((visible) => !visible)}
          aria-pressed={isVisible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <EyeIcon isOpen={isVisible} />
          {/* Named by text, not aria-label, so label lookups for the field never also find its toggle. */}
          <span className="sr-only">{`${isVisible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}</span>
        </button>
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
