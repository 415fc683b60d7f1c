import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAppMenu } from '../menu-context';

interface RequireAuthProps {
  /** The route's own path, checked against the menu engine's allowed paths. */
  path: string;
  children: ReactNode;
}

/** Signed-out users go to /signin; a route this user's menu does not allow sends them to their landing page. */
export function RequireAuth({ path, children }: RequireAuthProps) {
  const menu = useAppMenu();
  if (!menu) return <Navigate to={paths.signin} replace />;
  if (!menu.builtMenu.allowedPaths.has(path)) return <Navigate to={menu.landingPath} replace />;
  return children;
}
