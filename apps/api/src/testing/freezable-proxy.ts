import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the database that can stop answering: `freeze()` keeps every connection open but
 * forwards nothing more in either direction, which is what a wedged database looks like to the driver.
 */
export interface FreezableProxy {
  uri: string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(upstreamUri: string): Promise<FreezableProxy> {
  const upstream = new URL(upstreamUri);
  const sockets = new Set<Socket>();
  let frozen = false;
  const server: Server = createServer((client) => {
    const database = connect(Number(upstream.port), upstream.hostname);
    for (const socket of [client, database]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.on('data', (chunk: Buffer) => {
      if (!frozen) database.write(chunk);
    });
    database.on('data', (chunk: Buffer) => {
      if (!frozen) client.write(chunk);
    });
    client.on('close', () => database.destroy());
    database.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('proxy has no address');
  return {
    uri: `mongodb://127.0.0.1:${address.port}/`,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
