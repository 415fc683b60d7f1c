import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

/** As long as the spec's copy toast stays (part 1 §9: 2000 ms). */
export const COPIED_FOR_MS = 2000;

interface CopyButtonProps {
  /** Copies; resolves true when the clipboard took the text. */
  onCopy: () => Promise<boolean>;
  children: ReactNode;
  /** A name that tells rows apart ("Copy Link of Acme"); the button's text says Copied either way. */
  'aria-label'?: string;
  variant?: 'primary' | 'secondary';
  isFullWidth?: boolean;
  className?: string;
}

/**
 * A copy button that says "Copied" for a moment after a successful copy, also to screen readers (a polite live
 * region, since an aria-label would hide the changed text).
 */
export function CopyButton({
  onCopy,
  children,
  'aria-label': ariaLabel,
  variant = 'secondary',
  isFullWidth = false,
  className = '',
}: CopyButtonProps) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const handleClick = async () => {
    const isDone = await onCopy();
    if (!isDone) return;
    if (timer.current !== null) clearTimeout(timer.current);
    setIsCopied(true);
    timer.current = setTimeout(() => setIsCopied(false), COPIED_FOR_MS);
  };

  return (
    <>
      <Button
        variant={variant}
        isFullWidth={isFullWidth}
        className={className}
        aria-label={ariaLabel}
        onClick={() => void handleClick()}
      >
        {isCopied ? (
          <>
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 text-emerald-700">
              <path
                fillRule="evenodd"
                d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                clipRule="evenodd"
              />
            </svg>
            Copied
          </>
        ) : (
          children
        )}
      </Button>
      <span aria-live="polite" className="sr-only">
        {isCopied ? 'Copied' : ''}
      </span>
    </>
  );
}
