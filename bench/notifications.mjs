// The live notification stream at 5,000 connected agents on one replica (issue 32, docs/decisions/notifications.md):
// the built server on PostgreSQL with its own redis-server (REDIS_URL, the fan-out replicas use);
// BENCH_NOTIFICATION_STREAMS (5,000) agents written by SQL, each with an access token signed with the server's stored
// key, each holding `GET /arc/agent/notifications/stream` open over loopback. Measured: the time to open them all, the
// server's RSS before and after (memory per connection), the delivery latency of one notification to every agent at
// once (a row each, then a Redis message each, as another replica's raiseNotification does) and of single notifications
// one after another, that every agent got exactly their own, and how long SIGTERM takes with every stream open.
// Part of `npm run bench` (BENCH_ONLY=notifications; BENCH_NOTIFICATIONS=0 skips it); also runs alone:
// `node bench/notifications.mjs`. Bounded: BENCH_NOTIFICATIONS_TIMEOUT_S (300) for the whole run.
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432 (a database arc_bench_notifications is
// created and dropped). Results go to .tmp/bench-notifications.json.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { agents, termsAcceptances } from '../apps/server/src/db/schema/index.ts';
import { loadOrCreateProviderSecrets } from '../apps/server/src/identity/keys.ts';
import { ensureTerms, makeAgent } from '../apps/server/src/seed/factories.ts';
import { mintAccessToken } from '../apps/server/src/test/tokens.ts';
import { mb, percentile, root, round, rssBytes, startServer, stop, waitReady } from './lib.mjs';

const STREAMS = Number(process.env.BENCH_NOTIFICATION_STREAMS ?? 5000);
const SINGLES = Number(process.env.BENCH_NOTIFICATION_SINGLES ?? 100);
const OPEN_AT_ONCE = 100;
const TIMEOUT_S = Number(process.env.BENCH_NOTIFICATIONS_TIMEOUT_S ?? 300);
const PORT = Number(process.env.BENCH_PORT ?? 8290) + 4;
const REDIS_PORT = Number(process.env.BENCH_PORT ?? 8290) + 5;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'arc_bench_notifications';
const STREAM_PATH = '/arc/agent/notifications/stream';
const tmp = path.join(root, '.tmp');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const deadline = setTimeout(() => {
  console.error(`notifications bench: over ${TIMEOUT_S} s, stopped`);
  process.exit(1);
}, TIMEOUT_S * 1000);

/**
 * A Redis connection that only publishes (RESP written by hand: the bench has no Redis client of its own).
 * `publishAll` resolves once Redis answered each of its messages.
 */
async function redisPublisher(port) {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const waiting = [];
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      buffer = buffer.slice(end + 2);
      waiting.shift()?.();
    }
  });
  const bulk = (text) => `$${Buffer.byteLength(text)}\r\n${text}\r\n`;
  return {
    publishAll(channel, messages) {
      const done = messages.map(() => new Promise((resolve) => waiting.push(resolve)));
      socket.write(messages.map((m) => `*3\r\n${bulk('PUBLISH')}${bulk(channel)}${bulk(m)}`).join(''));
      return Promise.all(done);
    },
    disconnect: () => socket.destroy(),
  };
}

/** One stream held open with node:http; `events` are its parsed `unread` events with the time each arrived. */
function openStream(agentId, token, httpAgent) {
  return new Promise((resolve, reject) => {
    const stream = { agentId, events: [], ended: false, waiters: new Map() };
    const request = http.get(
      `${BASE}${STREAM_PATH}`,
      { agent: httpAgent, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop();
          for (const block of blocks) {
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!data) continue;
            const event = { ...JSON.parse(data), at: performance.now() };
            stream.events.push(event);
            if (stream.events.length === 1) resolve(stream);
            stream.waiters.get(event.id)?.(event);
          }
        });
        response.on('close', () => {
          stream.ended = true;
          stream.endedAt = performance.now();
        });
      },
    );
    request.on('error', reject);
    stream.close = () => request.destroy();
  });
}

/** Resolves with the event carrying notification `id` on `stream` (at once when it already arrived). */
const eventFor = (stream, id) =>
  new Promise((resolve) => {
    const seen = stream.events.find((event) => event.id === id);
    if (seen) resolve(seen);
    else stream.waiters.set(id, resolve);
  });

const latencies = (times) => {
  const sorted = times.toSorted((a, b) => a - b);
  return {
    p50Ms: round(percentile(sorted, 0.5)),
    p95Ms: round(percentile(sorted, 0.95)),
    maxMs: round(sorted.at(-1)),
  };
};

fs.mkdirSync(tmp, { recursive: true });
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB_NAME}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
const databaseUrl = url.toString();
const redisServer = spawnSync('which', ['redis-server'], { encoding: 'utf8' }).stdout.trim();
if (!redisServer) throw new Error('notifications bench: redis-server is needed (the fan-out goes through Redis)');
const redisProcess = spawn(
  redisServer,
  ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
  {
    stdio: 'ignore',
  },
);
const redisUrl = `redis://127.0.0.1:${REDIS_PORT}`;
// every stream comes from this one address: no per-address connection limit (CONNECTIONS_PER_ADDRESS)
const env = {
  HOST: '127.0.0.1',
  PUBLIC_URL: BASE,
  DEMO_DATA: 'false',
  REDIS_URL: redisUrl,
  LOG_LEVEL: 'warn',
  CONNECTIONS_PER_ADDRESS: '0',
};
let server;
let database;
let publisher;
let sql;
try {
  await sleep(300);
  server = startServer({ port: PORT, dataDir: path.join(tmp, 'bench-notifications-data'), databaseUrl, env });
  await waitReady(`${BASE}/readyz`, 120_000);

  // the agents, their accepted terms and their tokens
  database = await openDatabase({ databaseUrl });
  const db = database.db;
  const terms = await ensureTerms(db);
  const rows = Array.from({ length: STREAMS }, () => makeAgent());
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000);
    await db.insert(agents).values(batch);
    await db.insert(termsAcceptances).values(batch.map((a) => ({ agentId: a.id, termsId: terms.id })));
  }
  const secrets = await loadOrCreateProviderSecrets(db);
  const issuer = { app: { deps: { secrets } }, config: loadConfig({ ...env, DATABASE_URL: databaseUrl }) };
  const tokens = [];
  for (const agent of rows) tokens.push(await mintAccessToken(issuer, { agentId: agent.id, expiresIn: 3600 }));
  publisher = await redisPublisher(REDIS_PORT);
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const httpAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

  // warm-up: a few streams opened and closed, then the server's memory with none open
  const warm = await Promise.all(rows.slice(0, 50).map((a, i) => openStream(a.id, tokens[i], httpAgent)));
  for (const stream of warm) stream.close();
  await sleep(2000);
  const rssBefore = rssBytes(server.pid);

  const openStarted = performance.now();
  const streams = [];
  for (let i = 0; i < rows.length; i += OPEN_AT_ONCE) {
    const batch = rows.slice(i, i + OPEN_AT_ONCE);
    streams.push(...(await Promise.all(batch.map((a, j) => openStream(a.id, tokens[i + j], httpAgent)))));
  }
  const openSeconds = round((performance.now() - openStarted) / 1000, 1);
  await sleep(3000);
  const rssOpen = rssBytes(server.pid);

  // one notification to every agent at once: the rows, then one Redis message each (another replica's publish)
  const { rows: raised } = await sql.query(
    `insert into notifications (agent_id, kind, title, body, link, created_at)
     select id, 'order-shipped', 'Bench', 'Bench', '/products', now() from agents order by id returning id, agent_id`,
  );
  const byAgent = new Map(streams.map((s) => [s.agentId, s]));
  const burstStarted = performance.now();
  await publisher.publishAll(
    'arc:notifications',
    raised.map((row) => `${row.id}:${row.agent_id}`),
  );
  const burst = await Promise.all(raised.map((row) => eventFor(byAgent.get(row.agent_id), Number(row.id))));
  const burstTimes = burst.map((event) => event.at - burstStarted);
  const allOwn = streams.every(
    (s) => s.events.filter((e) => e.id !== null).length === 1 && s.events.at(-1).unread === 1,
  );

  // single notifications, one after another, each to a random agent
  const singles = [];
  for (let i = 0; i < SINGLES; i += 1) {
    const stream = streams[Math.floor(Math.random() * streams.length)];
    const {
      rows: [row],
    } = await sql.query(
      `insert into notifications (agent_id, kind, title, body, link, created_at)
       values ($1, 'order-cancelled', 'Bench', 'Bench', '/products', now()) returning id`,
      [stream.agentId],
    );
    const started = performance.now();
    await publisher.publishAll('arc:notifications', [`${row.id}:${stream.agentId}`]);
    singles.push((await eventFor(stream, Number(row.id))).at - started);
  }
  const rssAfterEvents = rssBytes(server.pid);

  // SIGTERM with every stream open: each ends, and the server exits without waiting for them
  const stopStarted = performance.now();
  await stop(server);
  const stopMs = round(performance.now() - stopStarted);
  const exitCode = server.exitCode;
  await sleep(200);
  const ended = streams.filter((s) => s.ended).length;

  const perConnectionKb = round((rssOpen - rssBefore) / STREAMS / 1024, 1);
  const result = {
    streams: STREAMS,
    openSeconds,
    rssBeforeMb: round(mb(rssBefore)),
    rssOpenMb: round(mb(rssOpen)),
    rssAfterEventsMb: round(mb(rssAfterEvents)),
    perConnectionKb,
    burst: { notifications: raised.length, ...latencies(burstTimes) },
    singles: { notifications: SINGLES, ...latencies(singles) },
    everyAgentGotOnlyTheirOwn: allOwn,
    sigtermWithStreamsOpen: { ms: stopMs, exitCode, streamsEnded: ended },
  };
  console.log(
    JSON.stringify(
      {
        notifications: result,
        targetsMet: {
          held: streams.length === STREAMS && allOwn,
          cleanStop: exitCode === 0 && ended === STREAMS,
        },
      },
      null,
      2,
    ),
  );
  fs.writeFileSync(
    path.join(tmp, 'bench-notifications.json'),
    JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2),
  );
} finally {
  clearTimeout(deadline);
  if (server) await stop(server);
  publisher?.disconnect();
  await sql?.end();
  await database?.close();
  redisProcess.kill('SIGTERM');
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.end();
}
