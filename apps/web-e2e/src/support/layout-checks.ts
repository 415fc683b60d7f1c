import type { Page } from 'playwright-core';
import { inPage } from './in-page';

/** The sizes every screen is checked at: a phone (iPhone 12-15), a tablet held upright and a small laptop. */
export const PHONE = { width: 390, height: 844 } as const;
export const TABLET = { width: 768, height: 1024 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** The smallest readable text, in CSS pixels as drawn (an SVG's own scaling included). */
export const MIN_FONT_PX = 11;

/**
 * What is wrong with the layout of the screen on display, one line each; runs inside the page. Three checks:
 *
 * - Page-level sideways scroll: `document.scrollingElement.scrollWidth > innerWidth`.
 * - Text under 11 px: any text node with visible characters (its range has a box wider and taller than 1 px, so
 *   screen-reader-only text is left out) whose element's computed font-size, times the vertical scale of its SVG
 *   (getScreenCTM) when it is SVG text, is under 11 px.
 * - A figure broken across lines: a text node that is one number of up to 24 characters (a count, an amount of
 *   money, a percentage) whose range has more than one line box ('$544.3' over '4' in a cell too narrow for it).
 * - Clipped row action: a visible button or link inside a table row (`tr` or `[role=row]`) whose box is not
 *   wholly inside the viewport's width, or not wholly inside the visible box (client area) of an ancestor that
 *   clips sideways (overflow-x other than visible), unless that ancestor scrolls sideways to it (overflow-x auto or
 *   scroll and scrollWidth > clientWidth) and shows a cue on that side (a `[data-scroll-cue=<side>]` element beside
 *   it, or a sticky cell inside it that casts a shadow).
 * - Hidden columns without a cue: a box that scrolls sideways and holds a table, with content hidden on a side,
 *   and no cue on that side (as above).
 * - A sticky column that covers the row: in a box that scrolls sideways, a sticky cell wider than a third of the
 *   box's client width. The columns beneath it say which row a button acts on (a merchant's name); a "Generate
 *   Link" column took half of a 390 px phone's table.
 *
 * - A table that hides its key figures: in every data table (a table in `main` with a header row), the first
 *   row's identity cell (`[data-priority=identity]`: its date, merchant or name) and its first key figure
 *   (`[data-priority=key]`: money or a count) must each lie wholly inside the viewport's width and the visible box
 *   of every ancestor that clips sideways, without scrolling it; a table that marks neither is named too. Partly
 *   visible counts as hidden, so a one-letter sliver of a column does not pass.
 *
 * Vertical clipping is left alone: a list taller than its box or the page scrolls down, as everyone expects.
 */
function layoutProblemsInPage(minFontPx: number): string[] {
  const problems: string[] = [];
  const viewportWidth = window.innerWidth;
  const slack = 0.5;
  const describe = (element: Element) => {
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const label = element.getAttribute('aria-label') ?? '';
    return `${element.tagName.toLowerCase()} "${label || text}"`;
  };

  const page = document.scrollingElement;
  if (page && page.scrollWidth > viewportWidth) {
    problems.push(`the page scrolls sideways (scrollWidth ${String(page.scrollWidth)} > ${String(viewportWidth)})`);
  }

  const isShown = (element: Element) => {
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  };

  // Text under the minimum size: one line per distinct (size, text) so a table of 100 rows says it once.
  const smallText = new Set<string>();
  const brokenFigures = new Set<string>();
  const FIGURE = /^[$€£]?-?\d[\d,.]*%?$/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = (node.textContent ?? '').trim();
    const element = node.parentElement;
    if (text === '' || element === null || element.closest('#dev-panel-root')) continue;
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || !isShown(element)) continue;
    let size = parseFloat(getComputedStyle(element).fontSize);
    if (element instanceof SVGGraphicsElement) {
      const matrix = element.getScreenCTM();
      if (matrix) size *= Math.hypot(matrix.b, matrix.d);
    }
    if (size < minFontPx) smallText.add(`text "${text.slice(0, 30)}" is ${size.toFixed(1)} px`);
    // A figure is short: 50 zeros are a name someone typed (a channel), which may break like any long word.
    if (text.length <= 24 && FIGURE.test(text) && range.getClientRects().length > 1)
      brokenFigures.add(`figure "${text}" breaks across lines`);
  }
  problems.push(...[...smallText].slice(0, 5), ...[...brokenFigures].slice(0, 5));

  /** Whether a sideways-scrolling box shows a cue on `side`. */
  const hasCue = (box: Element, side: 'left' | 'right') => {
    const cue = box.parentElement?.querySelector(`:scope > [data-scroll-cue="${side}"]`);
    if (cue && isShown(cue)) return true;
    if (side !== 'right') return false;
    return Array.from(box.querySelectorAll('th, td')).some((cell) => {
      const style = getComputedStyle(cell);
      return style.position === 'sticky' && style.boxShadow !== 'none' && isShown(cell);
    });
  };
  const scrollsSideways = (box: Element) => {
    const overflow = getComputedStyle(box).overflowX;
    return (overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth + 1;
  };

  const clipped = new Set<string>();
  const actions = document.querySelectorAll('tr a[href], tr button, [role="row"] a[href], [role="row"] button');
  for (const action of Array.from(actions)) {
    if (action.closest('#dev-panel-root') || !isShown(action)) continue;
    const box = action.getBoundingClientRect();
    let reason: string | null = null;
    let isReachable = false;
    for (
      let ancestor = action.parentElement;
      ancestor && ancestor !== document.body;
      ancestor = ancestor.parentElement
    ) {
      if (getComputedStyle(ancestor).overflowX === 'visible') continue;
      const frame = ancestor.getBoundingClientRect();
      const left = frame.left + ancestor.clientLeft;
      const right = left + ancestor.clientWidth;
      const side = box.right > right + slack ? 'right' : box.left < left - slack ? 'left' : null;
      if (side === null) continue;
      isReachable = scrollsSideways(ancestor) && hasCue(ancestor, side);
      if (!isReachable) reason = `beyond the ${side} edge of its ${ancestor.tagName.toLowerCase()} with no scroll cue`;
      break;
    }
    if (reason === null && !isReachable && (box.right > viewportWidth + slack || box.left < -slack))
      reason = 'outside the viewport';
    if (reason !== null) clipped.add(`${describe(action)} ${reason}`);
  }
  problems.push(...[...clipped].slice(0, 5).map((line) => `row action ${line}`));

  for (const box of Array.from(document.querySelectorAll('main *'))) {
    if (!scrollsSideways(box) || !box.querySelector('table') || !isShown(box)) continue;
    const hiddenLeft = box.scrollLeft > 1;
    const hiddenRight = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    const label = box.getAttribute('aria-label') ?? describe(box);
    if (hiddenRight && !hasCue(box, 'right')) problems.push(`"${label}" hides columns on the right with no cue`);
    if (hiddenLeft && !hasCue(box, 'left')) problems.push(`"${label}" hides columns on the left with no cue`);
    const widestSticky = Math.max(
      0,
      ...Array.from(box.querySelectorAll('th, td'))
        .filter((cell) => getComputedStyle(cell).position === 'sticky' && isShown(cell))
        .map((cell) => cell.getBoundingClientRect().width),
    );
    if (widestSticky > box.clientWidth / 3 + slack) {
      problems.push(
        `"${label}" has a sticky column ${widestSticky.toFixed(0)} px wide, over a third of its ${String(box.clientWidth)} px`,
      );
    }
  }

  for (const table of Array.from(document.querySelectorAll('main table'))) {
    if (table.closest('#dev-panel-root') || !table.querySelector('thead th') || !isShown(table)) continue;
    const row = table.querySelector('tbody tr[data-row]') ?? table.querySelector('tbody tr');
    const label = table.querySelector('caption')?.textContent?.trim() ?? describe(table);
    // An empty, loading or failed table has one message row and no figures to keep in view.
    if (!row || row.querySelectorAll('td').length <= 1) continue;
    for (const priority of ['identity', 'key'] as const) {
      const cell = row.querySelector(`[data-priority="${priority}"]`);
      if (!cell) {
        problems.push(`"${label}" marks no ${priority} column`);
        continue;
      }
      const box = cell.getBoundingClientRect();
      let hiddenBy: string | null = null;
      for (
        let ancestor = cell.parentElement;
        hiddenBy === null && ancestor && ancestor !== document.body;
        ancestor = ancestor.parentElement
      ) {
        if (getComputedStyle(ancestor).overflowX === 'visible') continue;
        const frame = ancestor.getBoundingClientRect();
        const left = frame.left + ancestor.clientLeft;
        if (box.left < left - slack || box.right > left + ancestor.clientWidth + slack)
          hiddenBy = `its ${ancestor.tagName.toLowerCase()}`;
      }
      if (hiddenBy === null && (box.left < -slack || box.right > viewportWidth + slack)) hiddenBy = 'the viewport';
      if (hiddenBy !== null)
        problems.push(`"${label}" hides its ${priority} column "${describe(cell)}" (outside ${hiddenBy})`);
    }
  }
  return problems;
}

/** Lets a resize reach the layout: two frames, so resize observers have run and React has painted their state. */
export async function afterLayout(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }),
  );
}

/**
 * The layout problems of the screen after a resize: a second look half a second later if the first finds any, since
 * what follows a resize (resize observers, React's render of their state) may trail the frames waited for on a busy
 * machine. A real problem is still there on the second look.
 */
export async function settledLayoutProblems(page: Page, where: string): Promise<string[]> {
  const first = await layoutProblems(page, where);
  if (first.length === 0) return first;
  await new Promise((resolve) => setTimeout(resolve, 500));
  return layoutProblems(page, where);
}

/** The layout problems of the screen on display at the page's current viewport, each prefixed with `where`. */
export async function layoutProblems(page: Page, where: string): Promise<string[]> {
  const problems = await inPage(page, layoutProblemsInPage, MIN_FONT_PX);
  return problems.map((problem) => `${where}: ${problem}`);
}
