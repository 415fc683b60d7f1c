/**
 * The bare-Express redirect baseline: answers every request with a 302 to the same Location the API's tracking
 * redirect gave, so the two latencies differ by the API's own work (parsing, merchant lookup, click recording).
 * Usage: tsx redirect-baseline-server.ts <port> <location>
 */
import express from 'express';

const [portText, location] = process.argv.slice(2);
if (!portText || !location) throw new Error('usage: redirect-baseline-server.ts <port> <location>');
const app = express();
// What the bench waits on before it starts: every other path redirects.
app.get('/health', (_req, res) => {
  res.send('ok');
});
app.get('/{*splat}', (_req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(302, location);
});
app.listen(Number(portText), '127.0.0.1', () => console.log(`redirect baseline listening on ${portText}`));
