import { NavLink } from 'react-router-dom';
import type { MenuSection } from '../../features/menu/build-menu';

interface SideMenuProps {
  sections: readonly MenuSection[];
  isOpen: boolean;
  onNavigate: () => void;
  onLogout: () => void;
}

const itemClasses = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium transition ${
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

/** The left menu of signed-in users: the menu engine's visible sections and a Log out item. */
export function SideMenu({ sections, isOpen, onNavigate, onLogout }: SideMenuProps) {
  return (
    <aside
      id="side-menu"
      className={`${isOpen ? 'block' : 'hidden'} fixed bottom-0 left-0 top-16 z-30 w-64 overflow-y-auto border-r border-slate-200 bg-white lg:block`}
    >
      <nav aria-label="Side menu" className="flex min-h-full flex-col gap-6 p-4">
        {sections.map((section) => (
          <div key={section.id}>
            <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{section.title}</p>
            <ul className="mt-2 space-y-1">
              {section.items.map((entry) => (
                <li key={entry.id}>
                  <NavLink to={entry.path} end caseSensitive className={itemClasses} onClick={onNavigate}>
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
  );
}
