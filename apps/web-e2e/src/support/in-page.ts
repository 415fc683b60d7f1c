import type { Page } from 'playwright-core';

/**
 * Runs `fn(arg)` in the page and returns its result (awaited when it is a promise). The function is sent as source
 * with a stand-in `__name`: a transform that keeps function names (tsx, esbuild's keepNames) wraps nested functions
 * in a `__name` helper the page does not have. `arg` travels as JSON.
 */
export async function inPage<A, R>(page: Page, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
  const script = `(() => { const __name = (fn) => fn; return (${fn.toString()})(${JSON.stringify(arg)}); })()`;
  return page.evaluate<R>(script);
}
