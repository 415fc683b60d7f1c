import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a screen may take to show its heading (its code and first data arriving) before focus is left be. */
const HEADING_WAIT_MS = 10_000;

/** Past a closing menu's own focus return (Headless UI hands focus back on its next frames). */
const FOCUS_RETURN_MS = 150;

/** The screen's heading: the first h1 in the main region, made focusable without entering the Tab order. */
function headingIn(main: HTMLElement): HTMLElement | null {
  const heading = main.querySelector('h1');
  if (!(heading instanceof HTMLElement)) return null;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * After a navigation (not on the first load) focus moves to the new screen's h1, so a keyboard or screen-reader
 * user starts reading the new screen rather than the menu entry that led there (14 Tabs to the first filter). A
 * screen that loads its code lazily shows its heading a moment later: the focus follows as soon as it appears.
 */
export function useFocusHeadingOnNavigation(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const firstPathname = useRef(pathname);
  const hasNavigated = useRef(false);

  useEffect(() => {
    if (!hasNavigated.current && pathname === firstPathname.current) return;
    hasNavigated.current = true;
    const main = mainRef.current;
    if (!main) return;
    let isDone = false;
    const focusHeading = () => {
      const heading = headingIn(main);
      if (!heading || isDone) return false;
      isDone = true;
      const focus = () => heading.focus({ preventScroll: true });
      window.setTimeout(focus, 0);
      // A closing drawer or account menu hands focus back to its button a moment later: the heading takes it back,
      // unless the user has moved into the page meanwhile.
      window.setTimeout(() => {
        if (!main.contains(document.activeElement)) focus();
      }, FOCUS_RETURN_MS);
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      isDone = true;
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [pathname, mainRef]);
}
