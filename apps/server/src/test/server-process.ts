import { spawn } from 'node:child_process';
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

/**
 * Starts the server with exactly `env` (plus PATH and HOME: nothing of the test's own environment leaks in)
 * and waits until `/readyz` answers 200.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? '8080';
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
