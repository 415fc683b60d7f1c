import { paths } from '../../config/paths';

/** Part 2 §2 "Shell": pages that never show the side menu. */
export const PATHS_WITHOUT_SIDE_MENU: ReadonlySet<string> = new Set([
  paths.signin,
  paths.signup,
  paths.termsCondition,
  paths.policy,
  paths.downloadConversionReports,
]);

/** The side menu is for signed-in users, and not on the pages listed above. */
export function shouldShowSideMenu(pathname: string, isSignedIn: boolean): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return isSignedIn && !PATHS_WITHOUT_SIDE_MENU.has(normalized);
}
