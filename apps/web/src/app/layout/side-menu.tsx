import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { focusableIn, keepTabInside } from '../../components/ui/focus-trap';
import type { MenuSection, MenuSectionId } from '../../features/menu/build-menu';

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

/**
 * A menu this short shows every section open; a longer one (the admin's 38 entries were 1,913 pixels tall on a
 * phone) opens only the section of the current screen, and the others open on a tap.
 */
const ALL_OPEN_UP_TO_ITEMS = 20;

/** The section holding the screen at `pathname` (an entry's own path or one of its aliases). */
function sectionOf(sections: readonly MenuSection[], pathname: string): MenuSectionId | null {
  const found = sections.find((section) =>
    section.items.some((entry) => entry.path === pathname || (entry.aliases ?? []).includes(pathname)),
  );
  return found ? found.id : null;
}

/**
 * Which sections are open: all of a short menu; in a long one the current screen's section (opened again on each
 * move to another section's screen) plus whichever the user opened.
 */
function useOpenSections(sections: readonly MenuSection[]) {
  const { pathname } = useLocation();
  const isShort = sections.reduce((count, section) => count + section.items.length, 0) <= ALL_OPEN_UP_TO_ITEMS;
  const current = sectionOf(sections, pathname);
  const [opened, setOpened] = useState<ReadonlySet<MenuSectionId>>(() => new Set(current ? [current] : []));
  const [lastCurrent, setLastCurrent] = useState(current);
  if (current !== lastCurrent) {
    // Adjusting state while rendering: a move to another section's screen opens that section.
    setLastCurrent(current);
    if (current && !opened.has(current)) setOpened(new Set([...opened, current]));
  }
  const isOpen = (id: MenuSectionId) => isShort || opened.has(id);
  const toggle = (id: MenuSectionId) => {
    const next = new Set(opened);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpened(next);
  };
  return { isShort, isOpen, toggle };
}

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
  const openSections = useOpenSections(sections);

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
        <nav aria-label="Side menu" className="flex min-h-full flex-col gap-4 p-4">
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
            <MenuSectionBlock
              key={section.id}
              section={section}
              isCollapsible={!openSections.isShort}
              isOpen={openSections.isOpen(section.id)}
              onToggle={() => openSections.toggle(section.id)}
              onChoose={isOpen ? onClose : undefined}
            />
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

interface MenuSectionBlockProps {
  section: MenuSection;
  /** A short menu shows its sections as plain headings; a long one makes each a disclosure button. */
  isCollapsible: boolean;
  isOpen: boolean;
  onToggle: () => void;
  /** Called when an entry is chosen (the drawer closes). */
  onChoose: (() => void) | undefined;
}

/** One task section: its heading (a disclosure button in a long menu) and its entries with their subtitles. */
function MenuSectionBlock({ section, isCollapsible, isOpen, onToggle, onChoose }: MenuSectionBlockProps) {
  const listId = useId();
  const headingClass = 'px-3 text-xs font-semibold uppercase tracking-wide text-slate-500';
  return (
    <div>
      {isCollapsible ? (
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={onToggle}
          className={`${headingClass} flex w-full items-center justify-between rounded-lg py-2 hover:bg-slate-100 hover:text-slate-700`}
        >
          <span>{section.title}</span>
          <span className="flex items-center gap-2 font-medium normal-case tracking-normal">
            <span>{section.items.length}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={`h-4 w-4 transition-transform ${isOpen ? 'rotate-180' : ''}`}
              fill="currentColor"
            >
              <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.06l3.71-3.83a.75.75 0 1 1 1.08 1.04l-4.25 4.39a.75.75 0 0 1-1.08 0L5.21 8.27a.75.75 0 0 1 .02-1.06Z" />
            </svg>
          </span>
        </button>
      ) : (
        <p className={headingClass}>{section.title}</p>
      )}
      <ul id={listId} hidden={!isOpen} className="mt-1 space-y-0.5">
        {section.items.map((entry) => (
          <li key={entry.id}>
            {/* The subtitle describes the entry rather than renaming it: the link's name stays the spec's label. */}
            <NavLink
              to={entry.path}
              end
              caseSensitive
              className={itemClasses}
              onClick={onChoose}
              aria-describedby={entry.subtitle ? `${listId}-${entry.id}` : undefined}
            >
              {entry.label}
              {entry.subtitle ? (
                <span
                  id={`${listId}-${entry.id}`}
                  aria-hidden="true"
                  className="block text-xs font-normal text-slate-600"
                >
                  {entry.subtitle}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
