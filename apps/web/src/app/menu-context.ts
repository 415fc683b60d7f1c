import type { DeeplinkKey } from '@publisher/contract';
import { createContext, useContext } from 'react';
import type { BuiltMenu, ConversionType, MenuSection } from '../features/menu/build-menu';

export interface AppMenu {
  /** The engine's full answer for the signed-in user. */
  builtMenu: BuiltMenu;
  /** What the side menu shows: the allowed items whose screens are registered. */
  sections: readonly MenuSection[];
  /** Where to send the user after sign-in or a refused route: the engine's landing page once it exists. */
  landingPath: string;
  /** The conversion types a deep link or report screen of this menu entry may offer. */
  conversionTypes: (entry: DeeplinkKey) => ConversionType[];
}

/**
 * The signed-in user's menu. Only the types of the menu engine are imported here: the engine itself comes with the
 * signed-in shell (app-shell.tsx), so the sign-in page never loads it.
 */
export const MenuContext = createContext<AppMenu | null>(null);

/** The signed-in user's menu, or null while signed out. */
export function useAppMenu(): AppMenu | null {
  return useContext(MenuContext);
}
