import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from './focus-trap';

interface ModalProps {
  isOpen: boolean;
  title: string;
  children?: ReactNode;
  /** Buttons of the dialog. */
  actions: ReactNode;
  /** Escape and the backdrop call it; leave it out for a dialog that needs an explicit choice. */
  onClose?: () => void;
  /** The element focused on opening (the safe choice of a confirmation); else the first button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * An accessible modal dialog: focus moves into it and Tab stays inside, Escape closes it, focus returns afterwards.
 */
export function Modal({ isOpen, title, children, actions, onClose, initialFocusRef }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const firstButton = panelRef.current?.querySelector<HTMLElement>('button, [href], input, select, textarea');
    (initialFocusRef?.current ?? firstButton ?? panelRef.current)?.focus();
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onClose) onClose();
      if (panelRef.current) keepTabInside(event, panelRef.current);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      previouslyFocused?.focus();
    };
  }, [isOpen, onClose, initialFocusRef]);

  if (!isOpen) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="mt-2 text-sm text-slate-600">
            {children}
          </div>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
