import { addDays, formatDisplayDate, isIsoDate, parseDisplayDate } from '@publisher/contract';
import { useRef, useState } from 'react';
import { fieldClasses } from './field-message';

export interface DateInputProps {
  /** The id its <label> points at. */
  id: string;
  /** Read by screen readers on the calendar button ("Choose Start Date from a calendar"). */
  label: string;
  /**
   * YYYY-MM-DD, '' while empty, or text that is not a date, given to the form when the field is left or Enter is
   * pressed (the form's schema then says how to write one).
   */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  /**
   * Bounds of the calendar (YYYY-MM-DD; anything else, such as an empty field, is no bound); typed dates are
   * checked by the form's schema.
   */
  min?: string | undefined;
  max?: string | undefined;
  hasError: boolean;
  describedBy?: string | undefined;
  className?: string;
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="h-5 w-5">
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  );
}

/**
 * A date field that reads and writes the one display format of the web ('20 Nov 2026', as every table and heading
 * shows dates) while the form holds the spec's YYYY-MM-DD. A native date input shows the browser's own format
 * instead (11/20/2026 in Chromium en-US), so the typed field is text, read by the contract's parseDisplayDate, and
 * its calendar button opens the browser's own picker (a date wheel on phones) on a native input kept out of sight
 * and out of the tab order. Arrow Up and Down move the date a day.
 */
export function DateInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  name,
  min,
  max,
  hasError,
  describedBy,
  className = 'w-48',
}: DateInputProps) {
  // The text as typed while the field has focus; otherwise the value in the display format.
  const [draft, setDraft] = useState<string | null>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const isDay = isIsoDate(value);
  const shown = draft ?? (isDay ? formatDisplayDate(value) : value);
  const [minDay, maxDay] = [min, max].map((day) => (day !== undefined && isIsoDate(day) ? day : undefined));

  /** Arrow Up and Down move a date a day, as a native date field's do, never past the calendar's bounds. */
  const step = (days: number) => {
    if (!isDay || (draft !== null && parseDisplayDate(draft) === null)) return;
    const next = addDays(value, days);
    if ((minDay !== undefined && next < minDay) || (maxDay !== undefined && next > maxDay)) return;
    setDraft(null);
    onChange(next);
  };

  /** Text left unreadable goes to the form as typed, so its schema says how to write a date. */
  const commitDraft = () => {
    if (draft !== null && draft.trim() !== '' && parseDisplayDate(draft) === null) onChange(draft.trim());
  };

  const openPicker = () => {
    const picker = pickerRef.current;
    if (!picker) return;
    try {
      picker.showPicker();
    } catch {
      // A browser without showPicker (or one that refuses it here) still has the typed field.
      document.getElementById(id)?.focus();
    }
  };

  return (
    <div className={`relative ${className}`}>
      <input
        id={id}
        name={name}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. 20 Nov 2026"
        value={shown}
        aria-invalid={hasError}
        aria-describedby={describedBy}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          // A date as soon as the text reads as one; half-typed text waits for the field to be left.
          const day = parseDisplayDate(text);
          if (text.trim() === '' || day !== null) onChange(day ?? '');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitDraft();
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault();
            step(event.key === 'ArrowUp' ? 1 : -1);
          }
        }}
        onBlur={() => {
          commitDraft();
          setDraft(null);
          onBlur?.();
        }}
        className={fieldClasses(hasError, 'pr-11')}
      />
      <button
        type="button"
        onClick={openPicker}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <CalendarIcon />
        {/* Named by text, not aria-label, so label lookups for the field never also find its button. */}
        <span className="sr-only">{`Choose ${label} from a calendar`}</span>
      </button>
      <input
        ref={pickerRef}
        // eslint-disable-next-line no-restricted-syntax -- the browser's own calendar, never seen or typed in
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={isDay ? value : ''}
        min={minDay}
        max={maxDay}
        onChange={(event) => {
          setDraft(null);
          onChange(event.target.value);
        }}
        // Under the button, so the browser opens its picker there; invisible and never in the way of a click.
        className="pointer-events-none absolute inset-y-0 right-0 w-11 opacity-0"
      />
    </div>
  );
}
