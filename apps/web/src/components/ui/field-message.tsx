interface FieldMessageProps {
  id: string;
  error?: string | null | undefined;
  hint?: string | undefined;
}

/** The line under a form field: its error when there is one, else its hint. */
export function FieldMessage({ id, error, hint }: FieldMessageProps) {
  if (error) {
    return (
      <p id={id} className="mt-1.5 text-sm text-rose-600">
        {error}
      </p>
    );
  }
  if (hint) {
    return (
      <p id={id} className="mt-1.5 text-sm text-slate-500">
        {hint}
      </p>
    );
  }
  return null;
}

export function fieldClasses(hasError: boolean, extra = ''): string {
  return [
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm transition placeholder:text-slate-500',
    'focus:outline-none focus:ring-2 read-only:bg-slate-100 read-only:text-slate-600 disabled:bg-slate-100',
    hasError
      ? 'border-rose-500 focus:border-rose-500 focus:ring-rose-200'
      : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-200',
    extra,
  ].join(' ');
}
