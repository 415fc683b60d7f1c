import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The attribute of <body> that names the path whose screen has rendered (`data-rendered-path`). */
export const RENDERED_PATH_ATTRIBUTE = 'data-rendered-path';

/**
 * Marks <body> with the path whose screen has rendered, once the screen's code has loaded and its first render is
 * on the page (an effect runs after the commit, and inside the screen's Suspense boundary only once the screen
 * itself shows, not its fallback). Browser journeys wait for it instead of looking again after a while: a screen
 * caught between its code and its first render is not yet rendered, and one that renders blank stays blank.
 */
export function ScreenRendered() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.body.setAttribute(RENDERED_PATH_ATTRIBUTE, pathname);
    return () => {
      if (document.body.getAttribute(RENDERED_PATH_ATTRIBUTE) === pathname)
        document.body.removeAttribute(RENDERED_PATH_ATTRIBUTE);
    };
  }, [pathname]);
  return null;
}
