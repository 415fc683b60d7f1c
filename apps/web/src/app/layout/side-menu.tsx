import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { MenuSection, MenuSectionId } from '../../features/menu/build-menu';

// The drawer's dialog library stays out of the sign-in page's first load (tools/scripts/web-size), which shares
// this shell.
const MenuDrawer = lazy(async () => ({ default: (await import('./menu-drawer')).MenuDrawer }));

interface SideMenuProps {
  sections: readonly MenuSection[];
  /** Open as a drawer (below lg; from lg on the menu is always shown beside the page). */
  isOpen: boolean;
  /** Closes the drawer: Escape, a tap on the backdrop, a chosen item, or the screen growing to lg. */
  onClose: () => void;
  onLogout: () => void;
}

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

/**
 * Brings the current screen's entry of a menu into view: the last entries of a long menu start below the fold, on a
 * laptop beside the page and in the phone's drawer alike.
 */
function scrollCurrentEntryIntoView(menu: Element | null) {
  menu?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
}

const itemClasses = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium transition ${
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

/**
 * The left menu of signed-in users: the menu engine's visible sections and a Log out item. From lg on it is plain
 * navigation beside the page; below lg it opens as a drawer (menu-drawer.tsx).
 */
export function SideMenu({ sections, isOpen, onClose, onLogout }: SideMenuProps) {
  // One state for both places, so a section opened in the drawer is still open beside the page and back.
  const openSections = useOpenSections(sections);
  const { pathname } = useLocation();
  const asideRef = useRef<HTMLElement>(null);
  useEffect(() => scrollCurrentEntryIntoView(asideRef.current), [pathname]);
  const renderNav = (isDrawer: boolean) => (
    // The drawer's menu mounts as the drawer opens: that is when its current entry comes into view.
    <nav
      ref={isDrawer ? scrollCurrentEntryIntoView : undefined}
      aria-label="Side menu"
      className="flex min-h-full flex-col gap-4 p-4"
    >
      {sections.map((section) => (
        <MenuSectionBlock
          key={section.id}
          section={section}
          isCollapsible={!openSections.isShort}
          isOpen={openSections.isOpen(section.id)}
          onToggle={() => openSections.toggle(section.id)}
          onChoose={isDrawer ? onClose : undefined}
        />
      ))}
      {/* The last entry, not pinned: a pinned Log out covered Change Password at the end of a long menu. The
          header's account menu has Log out on every screen. */}
      <div className="border-t border-slate-200 pt-4">
        <button
          type="button"
          onClick={onLogout}
          className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-rose-600 hover:bg-rose-50"
        >
          Log out
        </button>
      </div>
    </nav>
  );

  return (
    <>
      <aside
        ref={asideRef}
        className="fixed bottom-0 left-0 top-16 z-30 hidden w-64 overflow-y-auto border-r border-slate-200 bg-white lg:block"
      >
        {renderNav(false)}
      </aside>
      {/* Rendered closed as well, so the drawer's code arrives with the shell rather than on the first tap. */}
      <Suspense fallback={null}>
        <MenuDrawer isOpen={isOpen} onClose={onClose}>
          {renderNav(true)}
        </MenuDrawer>
      </Suspense>
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
