import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Label } from '@headlessui/react';
import { useId, useMemo, useRef, useState, type Ref } from 'react';
import { FieldMessage, fieldClasses } from './field-message';
import type { SelectOption } from './select';

interface SearchableSelectProps {
  label: string;
  options: readonly SelectOption[];
  /** The selected option's value ('' is a valid value, e.g. for an "All" option). */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Text of the list when nothing matches the typed text. */
  noMatchesMessage?: string;
  /** Rendering thousands of options at once is slow; past this many the user is asked to keep typing. */
  maxVisibleOptions?: number;
  /**
   * Told what the user types ('' when the list closes), for options searched on the server: the caller then
   * passes the matches as `options`, keeping the selected option among them.
   */
  onQueryChange?: (query: string) => void;
  /**
   * False when `options` are already the server's matches of the typed text: shown as they are, since the server
   * may match on more than the label (a vendor's email).
   */
  filtersOptions?: boolean;
  className?: string;
  /** Shown under the field; also marks it invalid (error style, aria-invalid), as a text field's error does. */
  error?: string | null | undefined;
  /** Marks the field invalid without a message (an empty required field of a form whose message is elsewhere). */
  isInvalid?: boolean;
  /** A line under the field when there is no error. */
  hint?: string | undefined;
  /** The text field, for a form library that focuses the first invalid field. */
  inputRef?: Ref<HTMLInputElement>;
  /** Called when the text field loses the focus (a form's touched state). */
  onBlur?: () => void;
}

/**
 * A dropdown whose options can be narrowed by typing, on Headless UI's Combobox (the ARIA combobox pattern: focus
 * or type to open, arrows to move, Enter to choose, Escape to close and keep the choice). Closed, it shows the
 * selected option's label; an empty list says so to screen readers too.
 */
export function SearchableSelect({
  label,
  options,
  value,
  onChange,
  placeholder = 'Type to search',
  disabled = false,
  noMatchesMessage = 'No matches',
  maxVisibleOptions = 200,
  onQueryChange,
  filtersOptions = true,
  className = '',
  error,
  isInvalid = false,
  hint,
  inputRef,
  onBlur,
}: SearchableSelectProps) {
  const messageId = `${useId()}-message`;
  const hasError = isInvalid || Boolean(error);
  /** What the user typed since opening ('' shows every option). */
  const [query, setQuery] = useState('');
  const openButtonRef = useRef<HTMLButtonElement>(null);

  const labelOf = (optionValue: string | null) => options.find((option) => option.value === optionValue)?.label ?? '';
  const selectedLabel = labelOf(value);
  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (needle === '' || !filtersOptions) return options;
    return options.filter((option) => option.label.toLowerCase().includes(needle));
  }, [options, query, filtersOptions]);
  const visible = matches.slice(0, maxVisibleOptions);
  const hiddenCount = matches.length - visible.length;

  const handleClose = () => {
    if (query !== '') onQueryChange?.('');
    setQuery('');
  };

  return (
    <Combobox
      as="div"
      value={value}
      // Headless UI reports null when the typed text is cleared: the previous choice stands.
      onChange={(next: string | null) => {
        if (next !== null && next !== value) onChange(next);
      }}
      onClose={handleClose}
      disabled={disabled}
      immediate
      className={`relative ${className}`}
    >
      {({ open }) => (
        <>
          <Label className="mb-1.5 block text-sm font-medium text-slate-700">{label}</Label>
          <div className="relative">
            <ComboboxInput
              ref={inputRef}
              aria-invalid={hasError}
              aria-describedby={error || hint ? messageId : undefined}
              onBlur={onBlur}
              autoComplete="off"
              placeholder={selectedLabel === '' ? placeholder : selectedLabel}
              displayValue={labelOf}
              // Typing replaces the shown label rather than appending to it.
              onFocus={(event) => event.target.select()}
              // `immediate` opens the list on focus; a click into the field that has the focus already (just after a
              // choice) opens it through the button, the library's own way in.
              onClick={() => {
                if (!open) openButtonRef.current?.click();
              }}
              onChange={(event) => {
                setQuery(event.target.value);
                onQueryChange?.(event.target.value);
              }}
              className={fieldClasses(hasError, 'pr-9')}
            />
            {/* Clicks on the arrow go through to the field, which opens the list; the button stays for assistive
                technology and for the field's click above. */}
            <ComboboxButton
              ref={openButtonRef}
              className="pointer-events-none absolute inset-y-0 right-3 my-auto h-4 w-4 text-slate-500"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
                <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
              </svg>
            </ComboboxButton>
          </div>
          <div
            hidden={!open}
            className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm shadow-lg"
          >
            {/* Static: the list's box also holds the notes below it, so this wrapper shows and hides the whole. Not
                modal: an open list leaves the page readable and scrollable, and the note below it announced. */}
            <ComboboxOptions static modal={false} as="ul" className="max-h-72 overflow-auto py-1">
              {visible.map((option) => (
                <ComboboxOption
                  key={option.value}
                  as="li"
                  value={option.value}
                  className="cursor-pointer px-3 py-2 text-slate-800 data-[focus]:bg-indigo-50 data-[focus]:text-indigo-700 data-[selected]:font-semibold"
                >
                  {option.label}
                </ComboboxOption>
              ))}
            </ComboboxOptions>
            {/* A live region that is always there, so the empty list is announced the moment the typing empties it. */}
            <p role="status" className={visible.length === 0 ? 'px-3 py-2 text-slate-500' : 'sr-only'}>
              {open && visible.length === 0 ? noMatchesMessage : ''}
            </p>
            {hiddenCount > 0 ? (
              <p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-500">
                {`${hiddenCount} more: keep typing to narrow the list`}
              </p>
            ) : null}
          </div>
          <FieldMessage id={messageId} error={error} hint={hint} />
        </>
      )}
    </Combobox>
  );
}
