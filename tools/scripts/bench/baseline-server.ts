/**
 * The bare-Express baseline: answers every request with the same bytes and content type the real endpoint
 * gave, so the ratio of the two latencies is the framework + database overhead of the real API.
 * Usage: tsx baseline-server.ts <port> <content-type> <file-with-body>
 */
import { readFileSync } from 'node:fs';
import express from 'express';

const [portText, contentType, bodyFile] = process.argv.slice(2);
if (!portText || !contentType || !bodyFile)
  throw new Error('usage: baseline-server.ts <port> <content-type> <body-file>');
const body = readFileSync(bodyFile);
const app = express();
app.use(express.json({ limit: '1mb' }));
app.all('/{*splat}', (_req, res) => {
  res.type(contentType).send(body);
});
app.listen(Number(portText), '127.0.0.1', () => console.log(`baseline listening on ${portText}`));
