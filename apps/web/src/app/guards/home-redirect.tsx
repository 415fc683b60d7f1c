import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAppMenu } from '../menu-context';

/** `/` until the dashboard screen is registered there: the landing page, or sign-in when signed out. */
export function HomeRedirect() {
  const menu = useAppMenu();
  return <Navigate to={menu ? menu.landingPath : paths.signin} replace />;
}
