import { spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES, type NotificationEvent } from '@arc/contract';
import { decodeProtectedHeader } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import { loadOrCreateProviderSecrets } from '../identity/keys.ts';
import { insertAgent, insertSupplyOrder, insertTerms } from '../seed/factories.ts';
import type { TestApp } from '../test/app.ts';
import { openEventStream } from '../test/event-stream.ts';
import { PG_TEMPLATE_DB } from '../test/global-setup.ts';
import { httpTarget, type HttpInject } from '../test/http.ts';
import { multipart } from '../test/multipart.ts';
import {
  NGINX,
  REDIS_SERVER,
  startNginx,
  startRedis,
  stopChild,
  waitForPort,
  type Nginx,
} from '../test/replica-set.ts';
import { startS3Server, type S3TestServer } from '../test/s3.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import {
  followToCallback,
  localPath,
  signInThroughProvider,
  startAuthorization,
  submitLogin,
  tokenRequest,
  type SignInTarget,
} from '../test/sign-in.ts';
import { insertStaff, mintStaffToken } from '../test/staff.ts';
import { bearer, mintAccessToken } from '../test/tokens.ts';

/**
 * Two portal processes (the real server) on one PostgreSQL database, Redis for shared counters and cache
 * invalidation, s3rver for files, and nginx round-robin in front: what one replica does, the other sees at once.
 * Runs where PostgreSQL (npm test's PostgreSQL pass), redis-server and nginx are available.
 */
const REDIS_PORT = 8293;
const PORT_A = 8294;
const PORT_B = 8295;
const NGINX_PORT = 8296;
const PUBLIC_URL = `http://127.0.0.1:${NGINX_PORT}`;
const PASSWORD = 'Replica-Pass-2026';
const ROOT = path.resolve(import.meta.dirname, '../../../..');

const postgresUrl = process.env.DATABASE_URL;
const missing = [
  ...(postgresUrl ? [] : ['PostgreSQL (DATABASE_URL; npm test sets it when 127.0.0.1:5432 answers)']),
  ...(REDIS_SERVER ? [] : ['redis-server']),
  ...(NGINX ? [] : ['nginx']),
];
if (missing.length > 0) console.log(`two replicas behind nginx: skipped, missing ${missing.join(', ')}`);

/** What a replica printed from line `from` on, on one line: each log entry's message (and error), not its JSON. */
function printedSince(output: readonly string[], from: number): string {
  const lines = output.slice(from).map((line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
      return [entry.msg, entry.err?.message].filter(Boolean).join(': ');
    } catch {
      return line;
    }
  });
  return lines.filter(Boolean).join(' | ') || '(nothing)';
}

describe.skipIf(missing.length > 0)('two replicas behind nginx (PostgreSQL, Redis, S3)', () => {
  let dbName: string;
  let dbUrl: string;
  let database: Database;
  let s3: S3TestServer;
  let redis: ChildProcess | undefined;
  let nginx: Nginx | undefined;
  const childOutput: string[] = [];
  const replicas: Record<'A' | 'B', ServerProcess | undefined> = { A: undefined, B: undefined };
  let serverEnv: Record<string, string>;
  let agent: Awaited<ReturnType<typeof insertAgent>>;
  let termsId: number;
  const counts = { calls: 0, viaA: 0, viaB: 0 };

  const target = (which: 'A' | 'B' | 'nginx') =>
    httpTarget(
      `http://127.0.0.1:${which === 'A' ? PORT_A : which === 'B' ? PORT_B : NGINX_PORT}`,
      PUBLIC_URL,
      () => (counts.calls += 1),
    );
  const on = (which: 'A' | 'B' | 'nginx'): HttpInject => target(which).inject;

  async function startReplica(name: 'A' | 'B') {
    replicas[name] = await startServerProcess({ ...serverEnv, PORT: String(name === 'A' ? PORT_A : PORT_B) });
  }
  async function stopReplica(name: 'A' | 'B') {
    const replica = replicas[name];
    if (!replica) return;
    const printedBefore = replica.output.length;
    replica.kill('SIGTERM');
    replicas[name] = undefined;
    // a stop that is not clean says why in what the replica printed since the signal, first (a log that keeps one
    // line of the failure keeps that)
    const code = await replica.exited;
    expect(code, `replica ${name} stopped: ${printedSince(replica.output, printedBefore)}`).toBe(0);
  }

  beforeAll(async () => {
    dbName = `arc_replicas_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(postgresUrl!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    database = await openDatabase({ databaseUrl: dbUrl });
    termsId = (await insertTerms(database.db)).id;
    // signed up, terms of the version in force not accepted yet
    agent = await insertAgent(database.db, { password: PASSWORD, acceptTerms: false });

    s3 = await startS3Server('arc-replicas');
    redis = startRedis(REDIS_PORT, childOutput);
    nginx = startNginx(NGINX_PORT, [PORT_A, PORT_B], childOutput);

    serverEnv = {
      HOST: '127.0.0.1',
      PUBLIC_URL,
      DATABASE_URL: dbUrl,
      REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
      TRUST_PROXY: 'loopback',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...s3.env,
    };
    await waitForPort(`http://127.0.0.1:${REDIS_PORT}`).catch(() => undefined);
    // one first, so the two do not race to migrate (they would agree, but one at a time is how to deploy)
    await startReplica('A');
    await startReplica('B');
    await waitForPort(`${PUBLIC_URL}/healthz`);
  }, 120_000);

  // a case that failed with a replica stopped does not take the next cases down with it
  beforeEach(async () => {
    for (const name of ['A', 'B'] as const) if (!replicas[name]) await startReplica(name);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([stopReplica('A').catch(() => undefined), stopReplica('B').catch(() => undefined)]);
    await nginx?.stop();
    await stopChild(redis);
    await s3?.close();
    await database?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    console.log(
      `two replicas behind nginx: ${counts.calls} calls (${counts.viaA} answered through nginx by A, ` +
        `${counts.viaB} by B)`,
    );
  }, 60_000);

  it('balances round-robin over both replicas', async () => {
    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const res = await on('nginx')({ url: '/healthz' });
      expect(res.statusCode).toBe(200);
      const upstream = String(res.headers['x-upstream']);
      upstreams.add(upstream);
      if (upstream.endsWith(`:${PORT_A}`)) counts.viaA += 1;
      if (upstream.endsWith(`:${PORT_B}`)) counts.viaB += 1;
    }
    expect([...upstreams].sort()).toEqual([`127.0.0.1:${PORT_A}`, `127.0.0.1:${PORT_B}`]);
  });

  it('signs in through A and keeps working through B; terms accepted on A are seen by B at once', async () => {
    const a = on('A');
    const b = on('B');
    const { accessToken } = await signInThroughProvider(target('A'), { username: agent.npn, password: PASSWORD });
    // B verifies A's token (shared signing keys) and answers from the shared database
    const before = await b({ url: '/arc/user/info', headers: bearer(accessToken) });
    expect(before.statusCode).toBe(200);
    expect(before.json<{ agent: { tos: { stamp: string | null } } }>().agent.tos.stamp).toBeNull();
    // B has the answer cached now (USER_CACHE_TTL_MS is 5 s); the gate is closed on B
    const gated = await b({ url: '/arc/agent/enrollments', headers: bearer(accessToken) });
    expect(gated.statusCode).toBe(403);

    const accepted = await a({
      method: 'POST',
      url: '/arc/agent/tosagreed',
      headers: bearer(accessToken),
      payload: { tosid: termsId },
    });
    expect(accepted.statusCode).toBe(200);
    // at once, not after the cache's 5 s
    const after = await b({ url: '/arc/user/info', headers: bearer(accessToken) });
    expect(after.json<{ agent: { tos: { stamp: string | null } } }>().agent.tos.stamp).not.toBeNull();
    expect((await b({ url: '/arc/agent/enrollments', headers: bearer(accessToken) })).statusCode).toBe(200);
  });

  it('signs in through nginx with every step on whichever replica answers, and a file uploaded through A downloads through B', async () => {
    const { accessToken } = await signInThroughProvider(target('nginx'), { username: agent.npn, password: PASSWORD });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * 1024 * 1024 + 17)]);
    const body = multipart([
      { name: 'radio1', value: 'newapp' },
      { name: 'enrollment', filename: 'replica.pdf', body: pdf },
    ]);
    const uploaded = await on('A')({
      method: 'POST',
      url: '/arc/agent/enrollments',
      headers: { ...bearer(accessToken), 'content-type': body.contentType },
      payload: body.buffer(),
    });
    expect(uploaded.statusCode).toBe(201);
    expect(s3.storedKeys()).toHaveLength(1);
    const [file] = await database.db.select().from(files);
    const token = await on('B')({
      method: 'POST',
      url: '/arc/downloadtoken',
      headers: bearer(accessToken),
      payload: { file: file!.id },
    });
    expect(token.statusCode).toBe(200);
    const download = await fetch(`http://127.0.0.1:${PORT_B}/arc/download/${token.json<{ token: string }>().token}`);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect({ size: bytes.length, sha: sha(bytes) }).toEqual({ size: pdf.length, sha: sha(pdf) });
  });

  it('counts sign-in failures and rate limits across both replicas', async () => {
    const other = await insertAgent(database.db, { password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const t = target(i % 2 === 0 ? 'A' : 'B');
      const start = await startAuthorization(t);
      const res = await submitLogin(t, start, { username: other.npn, password: 'Wrong-Password-1' });
      statuses.push(res.statusCode);
      if (i === 4) expect(res.json<{ message: string }>().message).toBe(MESSAGES.accountLocked);
    }
    // the fifth failure locks, though no replica saw more than three
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    const t = target('A');
    const start = await startAuthorization(t);
    const right = await submitLogin(t, start, { username: other.npn, password: PASSWORD });
    expect(right.statusCode).toBe(423);

    // register: 10 a minute per client address, counted in Redis whichever replica answers
    const client = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await on(i % 2 === 0 ? 'A' : 'B')({
        method: 'POST',
        url: '/arc/registeraccount',
        payload: { agentNum: String(30_000_000 + i), action: 'registeraccount' },
        remoteAddress: client,
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('ends the session and its access token on both replicas at Log Out', async () => {
    const a = target('A');
    const b = target('B');
    const start = await startAuthorization(a);
    const login = await submitLogin(a, start, { username: agent.npn, password: PASSWORD });
    const callback = await followToCallback(b, start, login.json<{ redirectTo: string }>().redirectTo);
    const tokens = await tokenRequest(a, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: start.redirectUri,
      code_verifier: start.verifier,
    });
    expect(tokens.statusCode).toBe(200);
    const {
      id_token: idToken,
      refresh_token: refreshToken,
      access_token: accessToken,
    } = tokens.json<{
      id_token: string;
      refresh_token: string;
      access_token: string;
    }>();
    // both replicas accept the access token (and B remembers its grant as standing)
    for (const replica of [a, b]) {
      const res = await replica.inject({ url: '/arc/user/info', headers: bearer(accessToken) });
      expect(res.statusCode).toBe(200);
    }

    // Log Out on A: the provider's logout page, then its confirmation
    const endUrl = `/oidc/session/end?${new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: `${PUBLIC_URL}/sign-in`,
    })}`;
    const page = await a.inject({ url: endUrl, headers: { cookie: start.jar.header(endUrl) } });
    start.jar.store(page);
    expect(page.statusCode).toBe(200);
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    const confirmUrl = localPath(action);
    const confirm = await a.inject({
      method: 'POST',
      url: confirmUrl,
      headers: { cookie: start.jar.header(confirmUrl), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    start.jar.store(confirm);
    expect(confirm.statusCode).toBe(303);

    // B refuses the access token at once, though it has most of its 15 minutes left
    const refused = await b.inject({ url: '/arc/user/info', headers: bearer(accessToken) });
    expect(refused.statusCode).toBe(401);
    // B: the refresh token is dead and the session cookie signs in nobody
    const refresh = await tokenRequest(b, { grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(refresh.statusCode).toBe(400);
    const again = await startAuthorization(b);
    expect(again.uid).toEqual(expect.any(String));
  });

  it("brings a notification raised through A live to an agent streaming from B, and through nginx to another replica after the stream's replica goes away", async () => {
    // tokens signed with the stored keys, as the provider signs them (the shape the token helpers take)
    const secrets = await loadOrCreateProviderSecrets(database.db);
    const issuer = { app: { deps: { secrets } }, config: loadConfig(serverEnv), database } as unknown as TestApp;
    const streamer = await insertAgent(database.db, { password: PASSWORD });
    const token = await mintAccessToken(issuer, { agentId: streamer.id });
    const staff = (await mintStaffToken(issuer, await insertStaff(issuer, { role: 'operations' }))).token;
    const orders = [];
    for (let i = 0; i < 3; i += 1) orders.push(await insertSupplyOrder(database.db, { agentId: streamer.id }));
    const STREAM = '/arc/agent/notifications/stream';
    const ship = (which: 'A' | 'B', orderId: number) =>
      on(which)({
        method: 'POST',
        url: '/arc/staff/orders/actions',
        headers: bearer(staff),
        payload: {
          orders: [{ id: orderId, version: 1 }],
          action: { kind: 'shipped', shipper: 'UPS', tracking: 'RE1' },
        },
      });

    const onB = await openEventStream(`http://127.0.0.1:${PORT_B}${STREAM}`, token);
    const viaNginx = await openEventStream(`${PUBLIC_URL}${STREAM}`, token);
    expect((await onB.next<NotificationEvent>()).data).toEqual({ unread: 0, id: null });
    expect((await viaNginx.next<NotificationEvent>()).data).toEqual({ unread: 0, id: null });
    const started = Date.now();
    expect((await ship('A', orders[0]!.id)).statusCode).toBe(200);
    // Redis carried A's news to B; nginx passes the event on at once (no buffering)
    expect((await onB.next<NotificationEvent>(3000)).data.unread).toBe(1);
    expect((await viaNginx.next<NotificationEvent>(3000)).data.unread).toBe(1);
    expect(Date.now() - started).toBeLessThan(3000);
    onB.close();

    // the replica behind the nginx stream stops: the stream ends at once (the stop is clean), the notification
    // raised meanwhile through the other replica is in the count of the reconnected stream, and the next is live
    const upstream = viaNginx.headers.get('x-upstream') ?? '';
    const gone = upstream.endsWith(`:${PORT_A}`) ? 'A' : 'B';
    const left = gone === 'A' ? 'B' : 'A';
    const stopping = Date.now();
    await stopReplica(gone);
    await viaNginx.ended;
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect((await ship(left, orders[1]!.id)).statusCode).toBe(200);
    const again = await openEventStream(`${PUBLIC_URL}${STREAM}`, token);
    // (nginx may have tried the stopped one first: the last address answered)
    expect(again.headers.get('x-upstream')).toMatch(new RegExp(`127\\.0\\.0\\.1:${left === 'A' ? PORT_A : PORT_B}$`));
    expect((await again.next<NotificationEvent>()).data).toEqual({ unread: 2, id: null });
    await startReplica(gone);
    expect((await ship(gone, orders[2]!.id)).statusCode).toBe(200);
    expect((await again.next<NotificationEvent>(3000)).data.unread).toBe(3);
    again.close();
  }, 60_000);

  it('runs each import job started through A once, whichever replica picks it up', async () => {
    const secrets = await loadOrCreateProviderSecrets(database.db);
    const issuer = { app: { deps: { secrets } }, config: loadConfig(serverEnv), database } as unknown as TestApp;
    const staff = (await mintStaffToken(issuer, await insertStaff(issuer, { role: 'admin' }))).token;
    const header = 't65,prefix,first_name,middle,last_name,address1,address2,city,state,zip,county,phone,ncoa_date';
    const ids: string[] = [];
    for (let j = 0; j < 4; j += 1) {
      const lines = Array.from(
        { length: 500 + j },
        (_, n) => `2027-02-1${n % 10},,F${j}x${n},,L${n},${n} Main St,,Madison,WI,53703,55025,,2026-11-0${1 + j}`,
      );
      const body = multipart([
        { name: 'file', filename: `list-${j}.csv`, contentType: 'text/csv', body: [header, ...lines].join('\n') },
      ]);
      const res = await on('A')({
        method: 'POST',
        url: '/arc/staff/import-jobs/start/t65',
        headers: { ...bearer(staff), 'content-type': body.contentType },
        payload: body.buffer(),
      });
      expect(res.statusCode, res.body).toBe(202);
      ids.push(res.json<{ id: string }>().id);
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const statuses = await Promise.all(
        ids.map(
          async (id) =>
            (await on('B')({ url: `/arc/staff/import-jobs/${id}`, headers: bearer(staff) })).json<{ status: string }>()
              .status,
        ),
      );
      if (statuses.every((status) => status === 'done' || status === 'failed')) {
        expect(statuses).toEqual(['done', 'done', 'done', 'done']);
        break;
      }
      if (Date.now() > deadline) throw new Error(`import jobs not done: ${statuses.join(', ')}`);
      await sleep(200);
    }
    const pool = new pg.Client({ connectionString: dbUrl });
    await pool.connect();
    try {
      const runs = await pool.query<{ id: string; attempts: number; rows_read: number; applied: string }>(
        `select j.id, j.attempts, j.rows_read,
           (select count(*) from audit_log a where a.action = 'prospects.imported' and a.detail->>'jobId' = j.id) as applied
         from import_jobs j where j.id = any($1) order by j.rows_read`,
        [ids],
      );
      expect(runs.rows.map((r) => [r.attempts, r.rows_read, Number(r.applied)])).toEqual([
        [1, 500, 1],
        [1, 501, 1],
        [1, 502, 1],
        [1, 503, 1],
      ]);
      // pg-boss counts one completed run of each, and the list is whole (the last apply's file)
      const boss = await pool.query<{ n: string }>(
        `select count(*) as n from pgboss.job where name = 'import-jobs' and state = 'completed' and retry_count = 0 and data->>'jobId' = any($1)`,
        [ids],
      );
      expect(Number(boss.rows[0]!.n)).toBe(4);
      const list = await pool.query<{ total: number; n: string }>(
        'select total, (select count(*) from t65_prospects) as n from t65_list_info',
      );
      expect(Number(list.rows[0]!.n)).toBe(list.rows[0]!.total);
    } finally {
      await pool.end();
    }
  });

  it('keeps tokens issued before a signing key rotation valid on both replicas while they restart one by one', async () => {
    const signedIn = (t: SignInTarget) => signInThroughProvider(t, { username: agent.npn, password: PASSWORD });
    const before = await signedIn(target('nginx'));
    const oldKid = decodeProtectedHeader(before.accessToken).kid;

    const rotate = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/src/identity/cli/keys.ts'), 'rotate'], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: dbUrl, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    expect(rotate.status, rotate.stderr).toBe(0);
    expect(rotate.stdout).toMatch(new RegExp(`verification only: ${oldKid}`));

    // A restarts first and signs with the new key; B, not restarted yet, verifies A's new tokens
    await stopReplica('A');
    await startReplica('A');
    const after = await signedIn(target('A'));
    const newKid = decodeProtectedHeader(after.accessToken).kid;
    expect(newKid).not.toBe(oldKid);
    for (const which of ['A', 'B'] as const) {
      for (const token of [before.accessToken, after.accessToken]) {
        expect((await on(which)({ url: '/arc/user/info', headers: bearer(token) })).statusCode).toBe(200);
      }
    }
    await stopReplica('B');
    await startReplica('B');
    for (const token of [before.accessToken, after.accessToken]) {
      expect((await on('B')({ url: '/arc/user/info', headers: bearer(token) })).statusCode).toBe(200);
    }
    // the refresh token from before the rotation still works, and its new access token has the new key
    const refreshed = await tokenRequest(target('B'), {
      grant_type: 'refresh_token',
      refresh_token: before.refreshToken,
    });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeProtectedHeader(refreshed.json<{ access_token: string }>().access_token).kid).toBe(newKid);
  }, 90_000);
});
