// Helpers the benchmark scripts share: the real server in its own process, waiting for it, signing in (over
// HTTP with the authorization code + PKCE flow, or in a browser page), percentiles and the server's memory.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, SERVER_ENTRY } from '../scripts/build-server.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEMO_USER = { username: 'demo', password: 'Demo-Agent-2026!' };

// every bench measures the server as deployed: its production build (scripts/build-server.mjs), built first when
// stale
await ensureServerBuild();

/**
 * The built server (`apps/server/dist/main.js`) in its own process on `port` (as `http://localhost:port`), at the
 * production log level (its output ignored), demo data on, the embedded database under `dataDir` unless `databaseUrl` is given; `env` adds or
 * overrides variables, `nodeArgs` go to Node before the entry (`--cpu-prof`, say), `cgroupProcs` (a cgroup's
 * `cgroup.procs` file) starts it inside that cgroup.
 */
export function startServer({ port, dataDir, databaseUrl = '', env = {}, nodeArgs = [], cgroupProcs }) {
  const base = `http://localhost:${port}`;
  // in a CPU cap (bench/load/cpu-cap.mjs): a shell moves itself into the cgroup, then becomes the server (same pid),
  // so none of the server runs outside it
  const [command, args] = cgroupProcs
    ? ['sh', ['-c', `echo $$ > '${cgroupProcs}' && exec "$0" "$@"`, process.execPath, ...nodeArgs, SERVER_ENTRY]]
    : [process.execPath, [...nodeArgs, SERVER_ENTRY]];
  return spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      // the production level: one access-log line per request (to stdout, which the bench ignores)
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'true',
      ...env,
    },
  });
}

/** Polls `url` every 10 ms until it answers 2xx; resolves with the milliseconds waited. */
export async function waitReady(url, timeoutMs = 60_000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`not ready after ${timeoutMs} ms: ${url}`);
}

/** SIGTERM, and wait for the exit. */
export async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

function cookieJar() {
  const jar = new Map();
  return {
    store(res) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair.split('=');
        jar.set(name.trim(), value.join('='));
      }
    },
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/**
 * The real authorization code + PKCE flow over HTTP, as the browser would run it, against the server at `base`.
 * Resolves with the token answer (`access_token`, `id_token`, `refresh_token`, …).
 */
export async function signIn(base, { username, password } = DEMO_USER) {
  const jar = cookieJar();
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${base}/login/callback`;
  const auth = new URL(`${base}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: 'arc-web',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: crypto.randomBytes(8).toString('hex'),
  }).toString();
  let res = await fetch(auth, { redirect: 'manual' });
  jar.store(res);
  const interaction = new URL(res.headers.get('location'), base);
  res = await fetch(`${interaction.href.replace(/\/$/, '')}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: jar.header() },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  jar.store(res);
  let next = new URL((await res.json()).redirectTo, base);
  for (let hops = 0; hops < 10 && !next.href.startsWith(redirectUri); hops += 1) {
    res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    next = new URL(res.headers.get('location'), base);
  }
  res = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: next.searchParams.get('code'),
      redirect_uri: redirectUri,
      client_id: 'arc-web',
      code_verifier: verifier,
    }),
  });
  if (!res.ok) throw new Error(`token failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** RFC 6238 (SHA-1, 6 digits, 30 s) from a base32 secret, as an authenticator app computes it. */
export function totp(secret, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The staff sign-in over HTTP (docs/decisions/back-office.md): the staff client's code + PKCE flow, the password, then
 * a TOTP code of `secret`. Resolves with the token answer.
 */
export async function signInStaff(base, { email, password, secret }) {
  const jar = cookieJar();
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${base}/staff/login/callback`;
  const auth = new URL(`${base}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: 'arc-staff',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: crypto.randomBytes(8).toString('hex'),
  }).toString();
  let res = await fetch(auth, { redirect: 'manual' });
  jar.store(res);
  const interaction = new URL(res.headers.get('location'), base).href.replace(/\/$/, '');
  const post = async (step, body) => {
    const answer = await fetch(`${interaction}/${step}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: jar.header() },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`staff ${step} failed: ${answer.status} ${await answer.text()}`);
    jar.store(answer);
    return answer.json();
  };
  await post('password', { email, password });
  let next = new URL((await post('second-factor', { code: totp(secret) })).redirectTo, base);
  for (let hops = 0; hops < 10 && !next.href.startsWith(redirectUri); hops += 1) {
    res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    next = new URL(res.headers.get('location'), base);
  }
  res = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: next.searchParams.get('code'),
      redirect_uri: redirectUri,
      client_id: 'arc-staff',
      code_verifier: verifier,
    }),
  });
  if (!res.ok) throw new Error(`staff token failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Signs the demo agent in through the sign-in form in a Playwright `page` (its context has the server as
 * `baseURL`), until the dashboard shows. Resolves with the bearer token the web app then sends.
 */
export async function signInPage(page, { username, password } = DEMO_USER) {
  const bearerOf = (request) => {
    const header = request.headers().authorization;
    return header?.startsWith('Bearer ') && request.url().includes('/arc/') ? header.slice(7) : '';
  };
  let token = '';
  const onRequest = (request) => {
    token = bearerOf(request) || token;
  };
  page.on('request', onRequest);
  await page.goto('/sign-in');
  await page.getByLabel('Username or NPN').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
  if (!token) token = bearerOf(await page.waitForRequest((request) => bearerOf(request) !== '', { timeout: 30_000 }));
  page.off('request', onRequest);
  return token;
}

/** `n` rounded to `digits` decimals. */
export const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The `q` quantile (0–1) of ascending `sorted` times: the value at index ⌊q·n⌋ (the last one for q = 1). */
export const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Median and worst of `times` (ms, rounded to 0.1) and their count. */
export function medianMax(times) {
  const sorted = times.toSorted((a, b) => a - b);
  return { medianMs: round(percentile(sorted, 0.5)), maxMs: round(sorted.at(-1)), runs: times.length };
}

/** Resident memory of a process in bytes (Linux /proc). */
export function rssBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * Samples the RSS of `pid` every `everyMs` from now on; `stop()` ends it and answers the RSS at the start and
 * the highest seen (including one last reading), in bytes.
 */
export function sampleRss(pid, everyMs = 10) {
  const before = rssBytes(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssBytes(pid));
      return { before, peak };
    },
  };
}

export const mb = (bytes) => bytes / 1024 / 1024;

/**
 * How long this machine takes to hand a process fresh memory: 256 MB newly allocated and written once per 4 KB
 * page, in a child process of its own, scaled to ms per GB (median of three). A browser that opens a page spends
 * much of its start-up on such first touches, which Lighthouse's simulated phone then multiplies by four; a
 * machine where this is slow scores lower on the same build, though Lighthouse's CPU index does not show it.
 */
export function memoryFirstTouchMsPerGb() {
  const script = `
    const times = [];
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      const bytes = new Uint8Array(256 * 1024 * 1024);
      for (let i = 0; i < bytes.length; i += 4096) bytes[i] = 1;
      times.push((performance.now() - started) * 4);
    }
    process.stdout.write(String(times.sort((a, b) => a - b)[1]));`;
  const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  return Math.round(Number(out));
}

/**
 * Makes a staff admin with the server's own command (`staff add`) on `databaseUrl`; answers the enrolment link's
 * token, for completeStaffEnrolment once the server at `base` is up.
 */
export function addStaffAdmin(databaseUrl, base, email) {
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'apps/server/src/identity/staff/cli/staff.ts'), 'add', email, '--role', 'admin'],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_URL: base, LOG_LEVEL: 'error' },
      encoding: 'utf8',
    },
  );
  const token = /\/staff\/enrol\/([A-Za-z0-9_-]+)/.exec(run.stdout)?.[1];
  if (!token) throw new Error(`staff add failed:\n${run.stdout}\n${run.stderr}`);
  return token;
}

/** Enrols a staff member over HTTP (password and TOTP); answers the TOTP secret once its code step is over. */
export async function completeStaffEnrolment(base, token, password) {
  const details = await fetch(`${base}/arc/staff/enrolment/${token}`);
  if (!details.ok) throw new Error(`enrolment link refused: ${details.status} ${await details.text()}`);
  const { secret } = await details.json();
  const res = await fetch(`${base}/arc/staff/enrolment/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password, code: totp(secret) }),
  });
  if (!res.ok) throw new Error(`enrolment failed: ${res.status} ${await res.text()}`);
  // the enrolment's code is spent for this 30-second step: the sign-in needs the next one
  await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
  return secret;
}
