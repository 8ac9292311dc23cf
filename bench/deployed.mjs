// The portal as docs/operations.md deploys it: nginx in front, TLS and HTTP/2, the server behind it with
// PUBLIC_URL=https://… and TRUST_PROXY. Lighthouse measures it this way too (docs/decisions/bench-and-load.md): a
// browser never reaches the portal over plain HTTP/1.1, where six connections per host and a round trip per file are
// the limit rather than the app.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

/** Why the deployed set-up cannot run here, or null when it can. */
export function deployedUnavailable() {
  if (!NGINX) return 'nginx is not installed (apt-get install -y nginx)';
  if (spawnSync('openssl', ['version']).status !== 0) return 'openssl is not installed';
  return null;
}

/**
 * Starts nginx on `tlsPort` (TLS with a fresh self-signed certificate for localhost, HTTP/2) in front of the
 * server on `upstreamPort`, with the proxy settings of docs/operations.md. Resolves with `stop()`.
 */
export async function startTlsProxy({ tlsPort, upstreamPort }) {
  const dir = path.join(root, '.tmp', `bench-nginx-${tlsPort}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-keyout',
    key,
    '-out',
    cert,
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost',
  ]);
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  upstream arc { server 127.0.0.1:${upstreamPort}; keepalive 32; }
  server {
    listen 127.0.0.1:${tlsPort} ssl http2;
    server_name localhost;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    client_max_body_size 110m;
    location / {
      proxy_pass http://arc;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_request_buffering off;
    }
  }
}
`,
  );
  const nginx = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  // ready once it accepts TLS connections
  const started = Date.now();
  for (;;) {
    const probe = spawnSync('openssl', ['s_client', '-connect', `127.0.0.1:${tlsPort}`, '-brief'], {
      input: '',
      timeout: 2000,
    });
    if (probe.status === 0) break;
    if (Date.now() - started > 10_000) throw new Error(`nginx did not start (see ${dir}/error.log)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    stop: async () => {
      nginx.kill('SIGQUIT');
      await exited;
    },
  };
}
