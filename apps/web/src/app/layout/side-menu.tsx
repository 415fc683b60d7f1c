import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { focusableIn, keepTabInside } from '../../components/ui/focus-trap';
import type { MenuSection } from '../../features/menu/build-menu';

interface SideMenuProps {
  sections: readonly MenuSection[];
  /** Open as a drawer (below lg; from lg on the menu is always shown beside the page). */
  isOpen: boolean;
  /** Closes the drawer: Escape, a tap on the backdrop, a chosen item, or the screen growing to lg. */
  onClose: () => void;
  onLogout: () => void;
}

/** The width from which the menu stands beside the page (Tailwind's lg). */
const DESKTOP_QUERY = '(min-width: 1024px)';

const itemClasses = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium transition ${
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

/**
 * The left menu of signed-in users: the menu engine's visible sections and a Log out item. Below lg it is a
 * drawer: a backdrop, Escape and a tap outside close it, Tab stays inside while it is open, and the page behind
 * does not scroll.
 */
export function SideMenu({ sections, isOpen, onClose, onLogout }: SideMenuProps) {
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const panel = panelRef.current;
    if (!isOpen || !panel) return;
    focusableIn(panel)[0]?.focus();
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      keepTabInside(event, panel);
    };
    // Grown to lg (a rotated tablet): the menu stands beside the page, and a trap there would hold Tab in it.
    const desktop = typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP_QUERY) : null;
    const handleDesktop = (event: MediaQueryListEvent) => {
      if (event.matches) onClose();
    };
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', handleKeyDown);
    desktop?.addEventListener('change', handleDesktop);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', handleKeyDown);
      desktop?.removeEventListener('change', handleDesktop);
    };
  }, [isOpen, onClose]);

  return (
    <>
      {isOpen ? (
        <div
          aria-hidden="true"
          data-testid="side-menu-backdrop"
          className="fixed inset-0 top-16 z-30 bg-slate-900/40 lg:hidden"
          onClick={onClose}
        />
      ) : null}
      <aside
        ref={panelRef}
        id="side-menu"
        // As a drawer it is a modal dialog; beside the page it is plain navigation.
        {...(isOpen ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Menu' } : {})}
        className={`${isOpen ? 'block shadow-xl' : 'hidden'} fixed bottom-0 left-0 top-16 z-30 w-72 max-w-[85vw] overflow-y-auto border-r border-slate-200 bg-white lg:block lg:w-64 lg:shadow-none`}
      >
        <nav aria-label="Side menu" className="flex min-h-full flex-col gap-6 p-4">
          {isOpen ? (
            // The header's menu button lies outside the drawer, where Tab no longer goes.
            <button
              type="button"
              onClick={onClose}
              className="self-end rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 lg:hidden"
            >
              Close menu
            </button>
          ) : null}
          {sections.map((section) => (
            <div key={section.id}>
              <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{section.title}</p>
              <ul className="mt-2 space-y-1">
                {section.items.map((entry) => (
                  <li key={entry.id}>
                    <NavLink
                      to={entry.path}
                      end
                      caseSensitive
                      className={itemClasses}
                      onClick={isOpen ? onClose : undefined}
                    >
                      {entry.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="mt-auto border-t border-slate-200 pt-4">
            <button
              type="button"
              onClick={onLogout}
              className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-rose-600 hover:bg-rose-50"
            >
              Log out
            </button>
          </div>
        </nav>
      </aside>
    </>
  );
}
