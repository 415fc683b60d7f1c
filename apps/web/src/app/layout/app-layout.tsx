import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/components/auth-provider';
import { useWhiteLabelName } from '../../features/domain-verification/components/domain-gate';
import { useAppMenu } from '../menu-context';
import { useFocusHeadingOnNavigation } from './focus-heading-on-navigation';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';
import { shouldShowSideMenu } from './side-menu-visibility';

// Signed in only: it comes with the menu engine's chunk (app-shell.tsx), never with the sign-in page.
const SideMenu = lazy(async () => ({ default: (await import('./side-menu')).SideMenu }));

/** The shell: fixed header, the side menu where it belongs, the page, and the footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user, signOut } = useAuth();
  const menu = useAppMenu();
  const whiteLabelName = useWhiteLabelName();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(mainRef);
  // However the drawer closes, the dialog library gives focus back to the button that opened it.
  const closeMenu = useCallback(() => setIsMenuOpen(false), []);
  const hasSideMenu = menu !== null && shouldShowSideMenu(pathname, user !== null);

  const handleLogout = () => {
    setIsMenuOpen(false);
    signOut();
    void navigate(paths.signin, { replace: true });
  };

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <ScrollToTop />
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <Header
        userName={user?.fullName ?? null}
        whiteLabelName={whiteLabelName}
        isMenuOpen={isMenuOpen}
        onLogout={handleLogout}
        onToggleMenu={hasSideMenu ? () => (isMenuOpen ? closeMenu() : setIsMenuOpen(true)) : undefined}
      />
      {hasSideMenu ? (
        <Suspense fallback={null}>
          <SideMenu sections={menu.sections} isOpen={isMenuOpen} onClose={closeMenu} onLogout={handleLogout} />
        </Suspense>
      ) : null}
      <div className={`flex flex-1 flex-col pt-16 ${hasSideMenu ? 'lg:pl-64' : ''}`}>
        {/* At least the viewport under the header: the footer starts below the fold, so a screen whose code or data
            arrives after the first paint does not push it down (a layout shift Lighthouse counts). */}
        <main ref={mainRef} id="main-content" className="min-h-[calc(100dvh-4rem)] flex-1 px-4 py-8 sm:px-6 lg:px-8">
          {/* One content width for every screen, so the page title stands at the same place on each; narrower
              screens (forms, settings) keep their own max width from this left edge. */}
          <div className="mx-auto w-full max-w-7xl">
            <Outlet />
          </div>
        </main>
        <Footer />
      </div>
    </div>
  );
}
