import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * How a data table lays out its rows, roomiest first: `table` as designed; `compact` with half the cell padding and
 * headings that wrap; `cards` with each row stacked as a card (its name on top, its key figures first), when even the
 * compact table is wider than its box. A table never scrolls sideways, so its figures stay in view at any width.
 */
export type TableLayout = 'table' | 'compact' | 'cards';

const NARROWER: Readonly<Record<TableLayout, TableLayout>> = { table: 'compact', compact: 'cards', cards: 'cards' };

/**
 * The roomiest layout in which the table fits its box. It is measured, not guessed from the window: the same
 * columns fit at 1280 pixels with short merchant names and not with long ones. Each step is a layout effect, so the
 * steps happen before the browser paints and nobody sees the too-wide table. The box is watched: growing, it tries
 * the roomiest layout again; shrinking, the next check steps down. `content` names what the table shows (its rows and
 * columns, as a string: a new array of the same rows must not measure again): new content is measured again from the
 * roomiest layout. A table that grows wider while shown (a figure grew) is caught by watching the table too.
 */
export function useTableLayout(
  boxRef: RefObject<HTMLElement | null>,
  tableRef: RefObject<HTMLElement | null>,
  content: string,
): TableLayout {
  const [layout, setLayout] = useState<TableLayout>('table');
  const [measuredContent, setMeasuredContent] = useState(content);
  const [resizes, setResizes] = useState(0);
  const measuredWidth = useRef(0);

  // New rows or columns: start again from the roomiest layout, adjusted while rendering (before the measuring
  // below, and before paint).
  if (measuredContent !== content) {
    setMeasuredContent(content);
    setLayout('table');
  }

  useLayoutEffect(() => {
    const box = boxRef.current;
    const table = tableRef.current;
    // Nothing laid out (a hidden tab, or jsdom): nothing to measure.
    if (!box || !table || box.clientWidth === 0 || layout === 'cards') return;
    measuredWidth.current = box.clientWidth;
    // The drawn width, fractions included: scrollWidth rounds a 719.2 px table in a 718 px box down to 719, which
    // passed for fitting and left the last column's edge a pixel outside the box.
    if (table.getBoundingClientRect().width > box.clientWidth + 0.5) setLayout(NARROWER[layout]);
  }, [boxRef, tableRef, layout, resizes]);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const table = tableRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      // Only a box that grew can take a roomier layout; one that shrank, or a table that grew, is checked by the
      // effect above.
      if (box.clientWidth > measuredWidth.current + 1) setLayout('table');
      setResizes((count) => count + 1);
    });
    observer.observe(box);
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [boxRef, tableRef]);

  return layout;
}
