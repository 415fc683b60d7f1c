import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { fieldClasses } from './field-message';
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
  className?: string;
}

const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * A dropdown whose options can be narrowed by typing (the ARIA 1.2 combobox pattern): focus or type to open,
 * arrows to move, Enter to choose, Escape to close. Closed, it shows the selected option's label.
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
  className = '',
}: SearchableSelectProps) {
  const id = useId();
  const listId = `${id}-list`;
  const listRef = useRef<HTMLUListElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  /** What the user typed since opening; null shows the selected label. */
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);

  const selected = options.find((option) => option.value === value);
  const matches = useMemo(() => {
    const needle = query?.trim().toLowerCase() ?? '';
    return needle === '' ? options : options.filter((option) => option.label.toLowerCase().includes(needle));
  }, [options, query]);
  const visible = matches.slice(0, maxVisibleOptions);
  const hiddenCount = matches.length - visible.length;

  const close = () => {
    setIsOpen(false);
    if (query !== null) onQueryChange?.('');
    setQuery(null);
    setActiveIndex(-1);
  };

  const open = () => {
    if (disabled) return;
    setIsOpen(true);
    setActiveIndex(
      Math.max(
        0,
        visible.findIndex((option) => option.value === value),
      ),
    );
  };

  const choose = (option: SelectOption) => {
    close();
    if (option.value !== value) onChange(option.value);
  };

  const moveTo = (index: number) => {
    setActiveIndex(index);
    const element = listRef.current?.children.item(index);
    // jsdom has no layout and no scrollIntoView.
    if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'nearest' });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) open();
        else if (visible.length > 0) moveTo(Math.min(visible.length - 1, activeIndex + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (isOpen && visible.length > 0) moveTo(Math.max(0, activeIndex - 1));
        break;
      case 'Enter': {
        if (!isOpen) return;
        event.preventDefault();
        const option = visible[activeIndex];
        if (option) choose(option);
        break;
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  const activeOption = isOpen && activeIndex >= 0 && activeIndex < visible.length ? activeIndex : -1;

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-activedescendant={activeOption >= 0 ? optionId(listId, activeOption) : undefined}
          disabled={disabled}
          placeholder={selected ? selected.label : placeholder}
          value={query ?? selected?.label ?? ''}
          onFocus={(event) => {
            event.target.select();
            open();
          }}
          onClick={() => {
            if (!isOpen) open();
          }}
          onChange={(event) => {
            setQuery(event.target.value);
            onQueryChange?.(event.target.value);
            setIsOpen(true);
            setActiveIndex(0);
          }}
          onBlur={close}
          onKeyDown={handleKeyDown}
          className={fieldClasses(false, 'pr-9')}
        />
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="pointer-events-none absolute inset-y-0 right-3 my-auto h-4 w-4 text-slate-500"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </div>
      <div
        hidden={!isOpen}
        className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm shadow-lg"
      >
        <ul id={listId} ref={listRef} role="listbox" aria-label={label} className="max-h-72 overflow-auto py-1">
          {visible.map((option, index) => (
            <li
              key={option.value}
              id={optionId(listId, index)}
              role="option"
              aria-selected={option.value === value}
              // Keep the focus in the input so blur does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseEnter={() => setActiveIndex(index)}
              className={`cursor-pointer px-3 py-2 ${index === activeOption ? 'bg-indigo-50 text-indigo-700' : 'text-slate-800'} ${option.value === value ? 'font-semibold' : ''}`}
            >
              {option.label}
            </li>
          ))}
        </ul>
        {visible.length === 0 ? <p className="px-3 py-2 text-slate-500">{noMatchesMessage}</p> : null}
        {hiddenCount > 0 ? (
          <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
            {`${hiddenCount} more: keep typing to narrow the list`}
          </p>
        ) : null}
      </div>
    </div>
  );
}
