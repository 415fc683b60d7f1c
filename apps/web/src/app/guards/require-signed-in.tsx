import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAppMenu } from '../menu-context';

/**
 * Signed-out users go to /signin from any path that is not public (part 2 §6: access needs a signed-in user),
 * including screens not built yet and paths that do not exist: only a signed-in user learns that a page is missing.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const menu = useAppMenu();
  if (!menu) return <Navigate to={paths.signin} replace />;
  return children;
}
