import { csvColumnsOf, csvHeaderLine } from '../common/csv';

/**
 * The example of a route's non-JSON answer of `contentType`, the same from the API's mock mode and the MSW
 * handlers: a CSV download's header line (the columns its metadata declares), a tiny HTML page or SVG image,
 * else nothing.
 */
export function exampleText(route: { metadata?: unknown }, contentType: string): string {
  if (contentType.startsWith('text/csv')) return csvHeaderLine(csvColumnsOf(route) ?? ['example']);
  if (contentType.startsWith('text/html')) return '<!doctype html><title>Example</title><p>Example page.</p>';
  if (contentType.startsWith('image/svg')) return '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
  return '';
}
