import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useAuth } from '../features/auth/components/auth-provider';
import {
  buildMenu,
  registeredLandingPath,
  visibleSections,
  type BuiltMenu,
  type MenuSection,
} from '../features/menu/build-menu';
import { isCurrentHostAIBrand } from '../lib/brand';

export interface AppMenu {
  /** The engine's full answer for the signed-in user. */
  builtMenu: BuiltMenu;
  /** What the side menu shows: the allowed items whose screens are registered. */
  sections: readonly MenuSection[];
  /** Where to send the user after sign-in or a refused route: the engine's landing page once it exists. */
  landingPath: string;
}

const MenuContext = createContext<AppMenu | null>(null);

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
    };
  }, [user, isAIHost, registeredPaths]);
  return <MenuContext.Provider value={value}>{children}</MenuContext.Provider>;
}

/** The signed-in user's menu, or null while signed out. */
export function useAppMenu(): AppMenu | null {
  return useContext(MenuContext);
}
