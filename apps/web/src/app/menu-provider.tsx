import { useMemo, type ReactNode } from 'react';
import { useAuth } from '../features/auth/components/auth-provider';
import {
  buildMenu,
  conversionTypeOptions,
  registeredLandingPath,
  visibleSections,
} from '../features/menu/build-menu';
import { isCurrentHostAIBrand } from '../lib/brand';
import { MenuContext, type AppMenu } from './menu-context';

interface MenuProviderProps {
  registeredPaths: ReadonlySet<string>;
  children: ReactNode;
}

/** Runs the menu engine once per user change and shares the answer with the shell and the route guards. */
export function MenuProvider({ registeredPaths, children }: MenuProviderProps) {
  const { user } = useAuth();
  const isAIHost = isCurrentHostAIBrand();
  const value = useMemo<AppMenu | null>(() => {
    if (!user) return null;
    const builtMenu = buildMenu(user, { isAIHost });
    return {
      builtMenu,
      sections: visibleSections(builtMenu, registeredPaths),
      landingPath: registeredLandingPath(builtMenu, registeredPaths),
      conversionTypes: (entry) => conversionTypeOptions(user.menu, entry),
    };
  }, [user, isAIHost, registeredPaths]);
  return <MenuContext.Provider value={value}>{children}</MenuContext.Provider>;
}
