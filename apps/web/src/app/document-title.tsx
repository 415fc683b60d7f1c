import { useEffect } from 'react';

/** What every tab of the app ends with, after the screen's own name. */
export const APP_TITLE = 'Publisher Portal';

/** "Dashboard" -> "Dashboard · Publisher Portal". */
export function formatDocumentTitle(title: string): string {
  return `${title} · ${APP_TITLE}`;
}

/**
 * Names the browser tab after the screen on show. Rendered by the route wrapper only once the guards let the screen
 * through, so a redirect never leaves the title of a page the user did not see.
 */
export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
  return null;
}
