/**
 * json-server 0.17 as the bench's peer: its documented module API (create, defaults, router) on the given
 * database file. Usage: tsx json-server-017.ts <port> <db.json>
 * json-server 0.17 was written for Express 4 and resolves the workspace's Express 5, whose `req.query` is a
 * getter that re-parses on every read; the router deletes its own parameters (`_page`, `_limit`, ...) from
 * `req.query` before filtering on the rest, so each request gets a plain, writable copy first.
 */
import { createRequire } from 'node:module';
import type { RequestHandler } from 'express';

interface JsonServer {
  create(): { use(...handlers: unknown[]): void; listen(port: number, host: string, ready: () => void): void };
  defaults(options: { logger: boolean; noCors: boolean }): RequestHandler[];
  router(file: string): RequestHandler;
}

const [portText, file] = process.argv.slice(2);
if (!portText || !file) throw new Error('usage: json-server-017.ts <port> <db.json>');
const jsonServer = createRequire(import.meta.url)('json-server-0.17') as JsonServer;
const server = jsonServer.create();
const writableQuery: RequestHandler = (req, _res, next) => {
  Object.defineProperty(req, 'query', { value: { ...req.query }, writable: true, configurable: true });
  next();
};
server.use(writableQuery);
server.use(jsonServer.defaults({ logger: false, noCors: true }));
server.use(jsonServer.router(file));
server.listen(Number(portText), '127.0.0.1', () => console.log(`json-server 0.17 listening on ${portText}`));
