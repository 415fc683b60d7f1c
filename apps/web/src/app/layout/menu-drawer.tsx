import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import type { ReactNode } from 'react';

interface MenuDrawerProps {
  isOpen: boolean;
  onClose: () => void;
  /** The menu's navigation. */
  children: ReactNode;
}

/**
 * The side menu below lg, on Headless UI's Dialog: a backdrop, Escape and a tap outside close it, Tab stays inside
 * and the page behind is inert and does not scroll, and focus goes back to the menu button. It opens under the
 * header, which stays in view.
 */
export function MenuDrawer({ isOpen, onClose, children }: MenuDrawerProps) {
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      // The header's menu button names it in aria-controls.
      id="side-menu"
      aria-label="Menu"
      // The dialog element covers the page under the header, so it has a box of its own (a wrapper of fixed children
      // has none, and browsers and tests would call the open drawer invisible). From lg the menu stands beside the
      // page: hidden there, Headless UI sees the drawer disappear and closes it (a rotated tablet), so its trap never
      // holds Tab in a menu that is no longer a drawer.
      className="fixed inset-0 top-16 z-30 lg:hidden"
    >
      <DialogBackdrop data-testid="side-menu-backdrop" className="fixed inset-0 top-16 bg-slate-900/40" />
      {/* Close menu stands above the menu's scrolling box: the drawer opens with the focus on it and the current
          screen's entry scrolled into view, and a focus that scrolled the box back up to it would undo that. */}
      <DialogPanel className="fixed bottom-0 left-0 top-16 flex w-72 max-w-[85vw] flex-col border-r border-slate-200 bg-white shadow-xl">
        <div className="flex justify-end border-b border-slate-200 px-4 py-2">
          {/* The header's menu button is behind the drawer, inert while it is open. */}
          <button
            type="button"
            onClick={onClose}
            // The drawer opens with the focus here, its first stop.
            data-autofocus
            className="rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
          >
            Close menu
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </DialogPanel>
    </Dialog>
  );
}
