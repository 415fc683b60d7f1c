import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { findFreePort, waitForHttp } from './net';

describe('waitForHttp', () => {
  it('resolves once the URL answers 2xx', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    const port = await findFreePort();
    setTimeout(() => server.listen(port, '127.0.0.1'), 300);
    try {
      await expect(waitForHttp(`http://127.0.0.1:${port}/`, { exitCode: null }, 5_000)).resolves.toBeUndefined();
    } finally {
      server.close();
    }
  });

  it('rejects at once when the serving process has exited', async () => {
    const port = await findFreePort();
    await expect(waitForHttp(`http://127.0.0.1:${port}/`, { exitCode: 3 }, 5_000)).rejects.toThrow(
      `the process serving http://127.0.0.1:${port}/ exited with code 3`,
    );
  });

  it('rejects after the timeout when nothing answers', async () => {
    const port = await findFreePort();
    await expect(waitForHttp(`http://127.0.0.1:${port}/`, { exitCode: null }, 600)).rejects.toThrow(
      'did not answer within 1 s',
    );
  });
});
