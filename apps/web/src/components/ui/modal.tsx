import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode, RefObject } from 'react';

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

/** Headless UI requires onClose; a dialog without one ignores Escape and the backdrop, so one of its buttons decides. */
const ignoreClose = () => undefined;

/**
 * A modal dialog on Headless UI's Dialog: it moves focus in and keeps Tab inside, makes the page behind inert and
 * stops it scrolling, closes on Escape and on a click outside, and gives focus back to where it was.
 */
export function Modal({ isOpen, title, children, actions, onClose, initialFocusRef }: ModalProps) {
  return (
    <Dialog
      open={isOpen}
      onClose={onClose ?? ignoreClose}
      initialFocus={initialFocusRef}
      // Off, the first button takes the focus rather than the dialog itself (Headless UI's default).
      autoFocus={false}
      // The dialog element itself covers the viewport (not an empty wrapper of fixed children): browser tests and
      // assistive technology see it as visible, with a box.
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <DialogPanel className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
        {children ? (
          <Description as="div" className="mt-2 text-sm text-slate-600">
            {children}
          </Description>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">{actions}</div>
      </DialogPanel>
    </Dialog>
  );
}
