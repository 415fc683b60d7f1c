import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { Logo } from './logo';

// The menu library stays out of the sign-in page's first load (tools/scripts/web-size), which shares this header.
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));

interface HeaderProps {
  userName: string | null;
  /** On a vendor's custom domain: that vendor's white-label name, shown beside the logo. */
  whiteLabelName?: string | null;
  /** Present when there is a side menu to open on small screens. */
  onToggleMenu?: () => void;
  isMenuOpen: boolean;
  /** Signs out from the account menu. */
  onLogout: () => void;
}

/** The fixed header (part 2 §2 "Shell"): the logo leads to `/`; a signed-in user's account menu on the right. */
export function Header({ userName, whiteLabelName = null, onToggleMenu, isMenuOpen, onLogout }: HeaderProps) {
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
          // Sized as the loaded button, so the header does not shift when the menu's code arrives.
          <Suspense fallback={<span className="h-11 w-11" />}>
            <AccountMenu userName={userName} onLogout={onLogout} />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
