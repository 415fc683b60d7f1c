import { useCallback, useEffect, useRef, useState } from 'react';

export interface ScrollEdges {
  /** Columns hidden to the left (the box has been scrolled). */
  hasHiddenLeft: boolean;
  /** Columns hidden to the right. */
  hasHiddenRight: boolean;
}

/**
 * Which sides of a sideways-scrolling box hide content, kept up to date as it scrolls or resizes, so a table can
 * show a cue on the edge there is more to see.
 */
export function useScrollEdges<TElement extends HTMLElement>() {
  const ref = useRef<TElement>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ hasHiddenLeft: false, hasHiddenRight: false });

  const update = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    // A pixel of slack: fractional widths at some zoom levels never reach the exact end.
    const hasHiddenLeft = element.scrollLeft > 1;
    const hasHiddenRight = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setEdges((current) =>
      current.hasHiddenLeft === hasHiddenLeft && current.hasHiddenRight === hasHiddenRight
        ? current
        : { hasHiddenLeft, hasHiddenRight },
    );
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [update]);

  return { ref, edges, onScroll: update };
}
