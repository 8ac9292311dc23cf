import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');

/** The real server (`node apps/server/src/main.ts`) in a child process, as a process manager runs it. */
export interface ServerProcess {
  url: string;
  /** everything it printed so far, one entry per line */
  output: string[];
  /** its exit code once it exited (null when a signal ended it) */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

/** A port nothing listens on now, as the system hands one out (for a server started in another process). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** true when something accepts a connection on 127.0.0.1:`port` */
const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts the server with exactly `env` (plus PATH and HOME: nothing of the test's own environment leaks in)
 * and waits until `/readyz` answers 200. Refuses a port something already listens on: the readiness check would
 * find that other server (a process an earlier, failed test left behind, say) and every call would reach it.
 * The server is killed when the test process exits, whatever happened to the test.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? '8080';
  if (await isListening(Number(port))) {
    throw new Error(`port ${port} is taken by another process: the server under test could not be told from it`);
  }
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      output.push(...lines);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (hasExited) throw new Error(`the server exited before it was ready:\n${output.join('\n')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready in time:\n${output.join('\n')}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, output, exited, kill: (signal) => child.kill(signal) };
}
