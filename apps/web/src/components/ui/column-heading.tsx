import { useId, useState, type ReactNode } from 'react';

interface ColumnHeadingProps {
  /** The heading people read ("Report Date"). */
  label: ReactNode;
  /**
   * The API's field name behind it (REPORT_DATE), which the CSV files and the spec use: shown in a tooltip on
   * hover, tap and keyboard focus, and then read by screen readers as the heading's description.
   */
  field?: string;
}

/**
 * A table column heading in words, with the raw field name on hover or focus. A `title` attribute would reach
 * neither the keyboard nor a touch screen, so the heading takes a Tab stop of its own and a tap or focus opens a
 * tooltip; Escape closes it (WCAG 1.4.13). Without a field, or when the field reads as its heading, it is plain text.
 */
export function ColumnHeading({ label, field }: ColumnHeadingProps) {
  const tooltipId = useId();
  const [isOpen, setIsOpen] = useState(false);
  // A field that reads the same as its heading (country, Country) needs no tooltip.
  if (!field || (typeof label === 'string' && field.toLowerCase() === label.toLowerCase())) return <>{label}</>;
  const open = () => setIsOpen(true);
  const close = () => setIsOpen(false);
  return (
    <span
      // Focusable so the keyboard reaches the tooltip.
      tabIndex={0}
      aria-describedby={isOpen ? tooltipId : undefined}
      className="relative inline-block cursor-help rounded-sm underline decoration-slate-400 decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-indigo-600"
      onPointerEnter={open}
      onPointerLeave={close}
      onFocus={open}
      onBlur={close}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation();
          close();
        }
      }}
    >
      {label}
      {/* Only while open: the heading's text (and a table's column names) stay the label alone. */}
      {isOpen ? (
        <span
          id={tooltipId}
          role="tooltip"
          className="absolute left-0 top-full z-10 mt-1 rounded-md bg-slate-900 px-2 py-1 font-mono text-xs font-medium whitespace-nowrap text-white shadow-lg"
        >
          {field}
        </span>
      ) : null}
    </span>
  );
}
