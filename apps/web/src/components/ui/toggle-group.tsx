export interface ToggleOption<TValue extends string> {
  value: TValue;
  label: string;
}

interface ToggleGroupProps<TValue extends string> {
  /** Names the group for assistive technology. */
  label: string;
  options: readonly ToggleOption<TValue>[];
  /** The pressed option, or null when none is (e.g. a custom date range replaced the quick ranges). */
  value: TValue | null;
  onChange: (value: TValue) => void;
  disabled?: boolean;
  className?: string;
}

/** A row of buttons of which at most one is pressed (quick date ranges, Daily/Weekly/Monthly). */
export function ToggleGroup<TValue extends string>({
  label,
  options,
  value,
  onChange,
  disabled = false,
  className = '',
}: ToggleGroupProps<TValue>) {
  return (
    <div role="group" aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
      {options.map((option) => {
        const isPressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={isPressed}
            disabled={disabled}
            onClick={() => onChange(option.value)}
            className={[
              'rounded-full px-3.5 py-1.5 text-sm font-medium transition',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              'disabled:cursor-not-allowed disabled:opacity-50',
              isPressed
                ? 'bg-indigo-600 text-white shadow-sm'
                : 'bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
            ].join(' ')}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
