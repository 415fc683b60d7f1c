import type { Response } from 'express';
import { JsonText } from './frozen-rows';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Whether a browser may revalidate an answer to this method (send If-None-Match for it). */
export const isRevalidated = (method: string): boolean => method === 'GET' || method === 'HEAD';

/** The UTF-8 JSON of an answer's body (a JsonText's own bytes); undefined when JSON has no text for it. */
export function jsonBytes(body: unknown): Buffer | undefined {
  if (body instanceof JsonText) return body.bytes;
  const text = JSON.stringify(body) as string | undefined;
  return text === undefined ? undefined : Buffer.from(text);
}

/**
 * Sends JSON that is already serialised (a list of frozen rows, a response cache entry).
 *
 * A GET's or HEAD's answer goes through `res.send`: it carries Express's ETag (the one already set, else
 * Express's own), and a matching If-None-Match gets a 304. Any other method's answer is written as it is:
 * nothing revalidates a POST, and hashing one for an ETag (a 90-day report is 18 KB) was 3% of a computed
 * report call.
 */
export function sendJsonBytes(res: Response, bytes: Buffer): Response {
  if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  if (isRevalidated(res.req.method)) return res.send(bytes);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
  return res;
}

/** The ETag Express gives these bytes as a GET's answer (the app's `etag` setting), if it gives one. */
export function expressEtagOf(res: Response, bytes: Buffer): string | undefined {
  const etagOf: unknown = res.app.get('etag fn');
  return typeof etagOf === 'function' ? (etagOf as (body: Buffer) => string | undefined)(bytes) : undefined;
}
