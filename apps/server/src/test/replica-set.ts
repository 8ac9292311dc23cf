// The pieces of a multi-replica deployment on one machine, as the two-replica test (replicas/two-replicas.test.ts)
// and the load bench (bench/load) both build it: redis-server for the shared counters and cache invalidation, and
// nginx round-robin in front of the portal processes, each a foreground child with its own files under .tmp.
// Plain Node (no vitest): the bench imports this file too (Node runs it with its types stripped).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The path of a system binary: `fallback` when it exists, else what `which` finds, else ''. */
export function findBinary(name: string, fallback: string): string {
  if (fs.existsSync(fallback)) return fallback;
  return spawnSync('which', [name], { encoding: 'utf8' }).stdout?.trim() ?? '';
}

export const NGINX = findBinary('nginx', '/usr/sbin/nginx');
export const REDIS_SERVER = findBinary('redis-server', '/usr/bin/redis-server');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once something answers HTTP at `url` (any status), or rejects after `ms`. */
export async function waitForPort(url: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(100);
    }
  }
}

/** `command` as a child whose output is kept in `output` (a chunk an entry). */
export function startChild(command: string, args: string[], output: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return child;
}

/** SIGTERM, and wait for the exit (nothing when it has exited already). */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** redis-server on 127.0.0.1:`port`, nothing saved to disk. */
export function startRedis(port: number, output: string[]): ChildProcess {
  return startChild(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    output,
  );
}

/** nginx as a foreground child with its own prefix, config and temp directories under .tmp (no root paths). */
export function nginxConfig(prefix: string, port: number, upstreamPorts: readonly number[]): string {
  return `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 110m;
  upstream arc {
${upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream};`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://arc;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export interface Nginx {
  child: ChildProcess;
  /** removes its prefix directory once it has stopped */
  stop(): Promise<void>;
}

/** nginx on 127.0.0.1:`port`, round-robin over 127.0.0.1:`upstreamPorts`, its files in a fresh .tmp prefix. */
export function startNginx(port: number, upstreamPorts: readonly number[], output: string[]): Nginx {
  const prefix = path.join(ROOT, '.tmp', `nginx-${randomBytes(4).toString('hex')}`);
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    // nginx's workers drop root for "nobody" when started as root: let them write their temp files
    fs.mkdirSync(path.join(prefix, dir), { recursive: true, mode: 0o777 });
    fs.chmodSync(path.join(prefix, dir), 0o777);
  }
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), nginxConfig(prefix, port, upstreamPorts));
  const child = startChild(
    NGINX,
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')],
    output,
  );
  return {
    child,
    async stop() {
      await stopChild(child);
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
