import net from 'node:net';

/**
 * A TCP proxy between the app and PostgreSQL that a fault test can cut: `cut()` resets every open connection
 * and refuses new ones (as a database that went down does), `restore()` lets connections through again.
 * The machine's PostgreSQL itself is never touched.
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  /** how many times the proxy was cut */
  cuts: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let isCut = false;
  let cuts = 0;
  const server = net.createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    get cuts() {
      return cuts;
    },
    cut() {
      isCut = true;
      cuts += 1;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
