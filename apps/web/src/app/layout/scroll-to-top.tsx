import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Part 2 §2: the page scrolls to top on each route change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}
