import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../features/auth/components/auth-provider';
import { AppLayout } from './layout/app-layout';

const loadSignedInShell = () => Promise.all([import('./menu-provider'), import('./layout/side-menu')]);

const MenuProvider = lazy(async () => ({ default: (await loadSignedInShell())[0].MenuProvider }));

/**
 * The shell for everyone: signed out, the layout alone (no menu); signed in, the menu engine around it. The engine
 * and the side menu are a chunk of their own, so the sign-in page does not load them (tools/scripts/web-size): a
 * signed-out visitor fetches it once the page has painted, ready before they have signed in.
 */
export function AppShell({ registeredPaths }: { registeredPaths: ReadonlySet<string> }) {
  const { user } = useAuth();
  const isSignedIn = user !== null;
  useEffect(() => {
    if (!isSignedIn) void loadSignedInShell().catch(() => undefined);
  }, [isSignedIn]);
  if (!isSignedIn) return <AppLayout />;
  return (
    <Suspense fallback={<ShellLoading />}>
      <MenuProvider registeredPaths={registeredPaths}>
        <AppLayout />
      </MenuProvider>
    </Suspense>
  );
}

function ShellLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50">
      <Spinner label="Loading your menu" />
    </div>
  );
}
