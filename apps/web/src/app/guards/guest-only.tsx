import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppMenu } from '../menu-context';

/**
 * Sign-in and sign-up. Once a session exists (including right after a successful sign-in or sign-up) the user
 * is sent on to the menu's landing page: this is the "redirect by menu" of part 1 §4.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const menu = useAppMenu();
  if (menu) return <Navigate to={menu.landingPath} replace />;
  return children;
}
