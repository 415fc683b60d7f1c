import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { Logo } from './logo';

interface HeaderProps {
  userName: string | null;
  /** On a vendor's custom domain: that vendor's white-label name, shown beside the logo. */
  whiteLabelName?: string | null;
  /** Present when there is a side menu to open on small screens. */
  onToggleMenu?: () => void;
  isMenuOpen: boolean;
}

/** The fixed header (part 2 §2 "Shell"): the logo leads to `/`. */
export function Header({ userName, whiteLabelName = null, onToggleMenu, isMenuOpen }: HeaderProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex h-full items-center justify-between gap-4 px-4 sm:px-6">
        <div className="flex items-center gap-2">
          {onToggleMenu ? (
            <button
              type="button"
              onClick={onToggleMenu}
              aria-expanded={isMenuOpen}
              aria-controls="side-menu"
              className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            >
              <span className="sr-only">{isMenuOpen ? 'Close menu' : 'Open menu'}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                className="h-6 w-6"
              >
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </button>
          ) : null}
          <Link
            to={paths.home}
            aria-label="Publisher Portal home"
            className="rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Logo />
          </Link>
          {whiteLabelName ? (
            <span className="ml-2 truncate border-l border-slate-200 pl-3 text-base font-semibold text-slate-800">
              {whiteLabelName}
            </span>
          ) : null}
        </div>
        {userName ? (
          <div className="flex items-center gap-4">
            <p className="hidden truncate text-sm text-slate-600 sm:block">
              Signed in as <span className="font-semibold text-slate-900">{userName}</span>
            </p>
            <Link
              to={paths.settings}
              className="rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            >
              Settings
            </Link>
          </div>
        ) : null}
      </div>
    </header>
  );
}
