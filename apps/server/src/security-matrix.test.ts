/**
 * The security matrix (docs/decisions/route-access.md), generated from the contract: every entry that takes a
 * credential (docs/decisions/route-access.md) — present and future, whichever area adds it — gets
 * 0. its path spelled other ways (a letter of each segment percent-encoded, upper case): never an answer without
 *    the credential (401 or 404, never 2xx); an integration-key call is 404 on a server without the key, and 401
 *    without it, with a wrong one or with an agent's token on a server with it;
 * 1. (agent calls) 401 for no token (the one "Missing token" answer, whatever the body: the only place that case is
 *    tested), a forged one, an expired one, one for another audience (and a few more);
 *    (staff calls, docs/decisions/route-access.md) 401 without a token, 403 for an agent's token, and for each staff
 * role 403 unless
 *    the entry names it;
 * 2. 404 and none of the first demo agent's bytes when the second demo agent uses the first one's ids
 *    (ids from the first agent's own lists, registered per call in test/security/id-sources.ts: a call with
 *    path parameters and no registered source fails here);
 * 3. property-based requests generated from its zod schemas, plus hostile strings and raw bodies, answering
 *    2xx or a 4xx with the contract's error shape — never a 5xx, never HTML; and any hostile text stored on
 *    the way comes back only as JSON data. Public calls get this part too.
 * It prints how many cases each call received. MATRIX_RUNS (default 20) and MATRIX_SEED change the run.
 */
import * as contract from '@arc/contract';
import { ErrorResponseSchema, isoDate, MESSAGES, STAFF_ROLES, type RouteEntry, type StaffRole } from '@arc/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateProspects } from './modules/prospects/generator.ts';
import { replaceProspectList } from './modules/prospects/loader.ts';
import { loadPlacesIndex } from './modules/prospects/queries.ts';
import { findCurrentTermsId } from './modules/terms/queries.ts';
import { DEMO_AGENT_ID, DEMO2_AGENT_ID } from './seed/demo-agents.ts';
import { seedDemoData } from './seed/index.ts';
import { addAgent } from './test/agent-app.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { multipart } from './test/multipart.ts';
import { requestPartArbitrary, setAt, stringPaths } from './test/security/arbitraries.ts';
import { deepArray, deepJson, HOSTILE_STRINGS, ONE_MEGABYTE, SCRIPT_MARKERS } from './test/security/hostile.ts';
import { ID_SOURCES, TOKEN_SOURCES, type MatrixContext, type RequestParts } from './test/security/id-sources.ts';
import { insertStaff, mintStaffToken } from './test/staff.ts';
import { mintAccessToken } from './test/tokens.ts';

const RUNS = Number(process.env.MATRIX_RUNS ?? 20);
const SEED = Number(process.env.MATRIX_SEED ?? 20261123);

const isRouteEntry = (value: unknown): value is RouteEntry =>
  !!value &&
  typeof value === 'object' &&
  'method' in value &&
  'path' in value &&
  'auth' in value &&
  'responses' in value;
const ENTRIES: [string, RouteEntry][] = (Object.entries(contract) as [string, unknown][])
  .flatMap(([name, value]): [string, RouteEntry][] => (isRouteEntry(value) ? [[name, value]] : []))
  .sort(([a], [b]) => a.localeCompare(b));
const AUTH_ENTRIES = ENTRIES.filter(([, entry]) => entry.auth === 'agent');
const INTEGRATION_ENTRIES = ENTRIES.filter(([, entry]) => entry.auth === 'integration');
const STAFF_ENTRIES = ENTRIES.filter(([, entry]) => typeof entry.auth === 'object');
const staffRolesOf = (entry: RouteEntry): readonly StaffRole[] =>
  typeof entry.auth === 'object' ? entry.auth.staff : [];
const CREDENTIAL_ENTRIES = ENTRIES.filter(([, entry]) => entry.auth !== 'none');
/** the integration key (STAFF_API_KEY) of the matrix's server */
const INTEGRATION_KEY = 'matrix-integration-key-0123456789abcdef';
const pathParams = (entry: RouteEntry) => [...entry.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

let t: TestApp;
let first: { id: string; token: string };
let second: { id: string; token: string };
let ctx: MatrixContext;
/** a signed-in staff member of each role */
const staffTokens = {} as Record<StaffRole, string>;
/** cases per call, by outcome, printed at the end */
const tally = new Map<string, Map<string, number>>();
let addressCounter = 0;

function count(name: string, outcome: string) {
  const row = tally.get(name) ?? new Map<string, number>();
  row.set(outcome, (row.get(outcome) ?? 0) + 1);
  tally.set(name, row);
}

/** Each request from its own address, so the per-IP rate limits stay out of the way. */
function nextAddress() {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function urlOf(entry: RouteEntry, params: Record<string, unknown> | undefined): string {
  return entry.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    const text = value === undefined ? 'x' : typeof value === 'string' ? value : JSON.stringify(value);
    // a lone surrogate cannot be sent as UTF-8: a client sends U+FFFD instead
    return encodeURIComponent(text.toWellFormed());
  });
}

/**
 * The entry's path (parameters filled in) spelled the ways a router that decodes and a check that does not
 * would disagree on: one letter of each segment percent-encoded (upper- and lower-case hex), every letter
 * encoded, and in upper case (the router is case-sensitive: those are other paths, 404).
 */
function spellingsOf(entry: RouteEntry): string[] {
  const segments = entry.path.split('/');
  const fill = (parts: string[]) => urlOf({ ...entry, path: parts.join('/') }, undefined);
  const encodeLetter = (segment: string, hex: (code: number) => string) => {
    const at = segment.search(/[A-Za-z]/);
    return at < 0 ? segment : `${segment.slice(0, at)}%${hex(segment.charCodeAt(at))}${segment.slice(at + 1)}`;
  };
  const fixed = (i: number) => segments[i] !== '' && !segments[i]!.startsWith(':');
  const spellings = new Set<string>();
  segments.forEach((segment, i) => {
    if (!fixed(i)) return;
    const upperHex = (code: number) => code.toString(16).toUpperCase();
    const lowerHex = (code: number) => code.toString(16);
    for (const spelled of [encodeLetter(segment, upperHex), encodeLetter(segment, lowerHex), segment.toUpperCase()]) {
      spellings.add(fill(segments.map((s, j) => (j === i ? spelled : s))));
    }
  });
  const everyLetter = segments.map((segment, i) =>
    fixed(i) ? segment.replace(/[A-Za-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`) : segment,
  );
  spellings.add(fill(everyLetter));
  spellings.add(fill(segments.map((segment, i) => (fixed(i) ? segment.toUpperCase() : segment))));
  spellings.delete(fill(segments));
  return [...spellings];
}

function queryOf(query: unknown): Record<string, string | string[]> | undefined {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return undefined;
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
        : typeof value === 'string'
          ? value
          : JSON.stringify(value),
    ]),
  );
}

/** Header values a client can actually send (light-my-request refuses the rest, as Node's HTTP client would). */
function headersOf(headers: unknown): Record<string, string> {
  if (!headers || typeof headers !== 'object') return {};
  return Object.fromEntries(
    Object.entries(headers)
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)] as const)
      .filter(([, value]) => /^[\t\x20-\x7e]*$/.test(value ?? '')),
  );
}

interface SendOptions {
  token: string | null;
  /** another spelling of the entry's path (spellingsOf) */
  url?: string;
  /** a raw body with its content type, instead of `parts.body` as JSON */
  raw?: { payload: string | Buffer; contentType: string };
}

async function send(entry: RouteEntry, parts: RequestParts, options: SendOptions): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...headersOf(parts.headers) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | Buffer | undefined;
  if (options.raw) {
    headers['content-type'] = options.raw.contentType;
    payload = options.raw.payload;
  } else if (parts.body !== undefined && entry.method !== 'GET') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(parts.body);
  }
  const query = queryOf(parts.query);
  const request = {
    method: entry.method,
    url: options.url ?? urlOf(entry, parts.params),
    headers,
    remoteAddress: nextAddress(),
    ...(query ? { query } : {}),
    ...(payload !== undefined ? { payload } : {}),
  };
  if (!EVENT_STREAMS.has(entry)) return t.app.inject(request);
  return untilFirstEvent(await t.app.inject({ ...request, payloadAsStream: true }));
}

/**
 * Calls whose answer is an event stream that stays open (docs/decisions/notifications.md): read until the first event.
 */
const EVENT_STREAMS = new Set<RouteEntry>([contract.streamNotifications]);

/** An answer read as a stream, up to its first event (or its end), then left: the server forgets the stream. */
async function untilFirstEvent(res: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) {
    chunks.push(Buffer.from(chunk as Uint8Array));
    if (Buffer.concat(chunks).includes('\n\n')) break;
  }
  (res.raw.res as unknown as { destroy(): void }).destroy();
  const rawPayload = Buffer.concat(chunks);
  const body = rawPayload.toString();
  return Object.assign(res, { rawPayload, payload: body, body, json: () => JSON.parse(body) as unknown });
}

/** 2xx, or a 4xx whose body is the contract's error; never a 5xx, never HTML. Answers the outcome's label. */
function expectSafeAnswer(name: string, res: LightMyRequestResponse, sent: unknown): string {
  const where = `${name}: ${res.statusCode} for ${JSON.stringify(sent)?.slice(0, 300)}\n${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(String(res.headers['content-type'] ?? ''), where).not.toMatch(/html/);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    expect(ErrorResponseSchema.safeParse(res.json()).success, where).toBe(true);
  }
  return `${Math.floor(res.statusCode / 100)}xx`;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PROSPECT_SEARCHES_PER_MINUTE: '100000', STAFF_API_KEY: INTEGRATION_KEY } });
  const db = t.database.db;
  // a small prospect list first, so the demo seed does not generate its 20,000 rows
  const asOf = isoDate(2026, 1, 1);
  const places = await loadPlacesIndex(db);
  await replaceProspectList(db, generateProspects(places, { rows: 200, states: ['WI'], asOf }), { source: 'matrix' });
  await seedDemoData({ db, storage: t.app.deps.storage, clock: t.clock, config: t.config });
  first = { id: DEMO_AGENT_ID, token: await mintAccessToken(t, { agentId: DEMO_AGENT_ID }) };
  second = { id: DEMO2_AGENT_ID, token: await mintAccessToken(t, { agentId: DEMO2_AGENT_ID }) };
  for (const role of STAFF_ROLES) {
    staffTokens[role] = (await mintStaffToken(t, await insertStaff(t, { role }))).token;
  }
  ctx = { t, first, asFirst: (entry, request = {}) => send(entry, request, { token: first.token }) };
}, 180_000);

afterAll(async () => {
  if (tally.size > 0) {
    const lines = [...tally.entries()].map(([name, outcomes]) => {
      const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
      const detail = [...outcomes.entries()].map(([k, v]) => `${k} ${v}`).join(', ');
      return `  ${name.padEnd(34)} ${String(total).padStart(5)} cases  (${detail})`;
    });
    const total = [...tally.values()].flatMap((o) => [...o.values()]).reduce((a, b) => a + b, 0);
    console.log(
      `security matrix: ${tally.size} calls (${AUTH_ENTRIES.length} agent, ${STAFF_ENTRIES.length} staff, ${INTEGRATION_ENTRIES.length} integration key), ${total} cases (seed ${SEED}, ${RUNS} generated runs per call)\n${lines.join('\n')}`,
    );
  }
  await t?.close();
});

describe('security matrix: the contract', () => {
  it('has calls with auth to cover', () => {
    expect(AUTH_ENTRIES.length).toBeGreaterThan(20);
  });

  it('names an id source for every call with path parameters (test/security/id-sources.ts)', () => {
    const missing = AUTH_ENTRIES.filter(([name, entry]) => pathParams(entry).length > 0 && !ID_SOURCES[name]).map(
      ([name, entry]) => `${name} (${entry.method} ${entry.path})`,
    );
    expect(missing, `add an id source for: ${missing.join(', ')}`).toEqual([]);
    const stale = Object.keys({ ...ID_SOURCES, ...TOKEN_SOURCES }).filter((name) => !ENTRIES.some(([n]) => n === name));
    expect(stale, 'id sources for calls the contract no longer has').toEqual([]);
  });
});

describe('security matrix: the same path spelled another way', () => {
  it('spells every path several ways', () => {
    expect(spellingsOf(contract.findStaffEnrollments)).toEqual(
      expect.arrayContaining(['/arc/%73taff/enrollments', '/%61rc/staff/enrollments', '/ARC/staff/enrollments']),
    );
  });

  for (const [name, entry] of CREDENTIAL_ENTRIES) {
    it(`${name}: ${entry.method} ${entry.path} answers no spelling of its path without the credential`, async () => {
      const wrongCredentials: Array<[string, string | null]> = [
        ['no credential', null],
        ['a made-up one', 'x'.repeat(40)],
        // an agent's token is not the integration key nor a staff token, nor the other way round
        ['the other kind', entry.auth === 'agent' ? INTEGRATION_KEY : first.token],
      ];
      // a staff call refuses a signed-in agent with 403 (docs/decisions/route-access.md)
      const refusals = typeof entry.auth === 'object' ? [401, 403, 404] : [401, 404];
      for (const url of spellingsOf(entry)) {
        for (const [kind, token] of wrongCredentials) {
          const res = await send(entry, { body: {} }, { token, url });
          const where = `${name} at ${url} with ${kind}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(refusals, where).toContain(res.statusCode);
          expect(ErrorResponseSchema.safeParse(res.json()).success, where).toBe(true);
          count(name, `spelled ${res.statusCode}`);
        }
      }
    });
  }

  it('has no integration-key call at all on a server without STAFF_API_KEY, however spelled (404)', async () => {
    expect(INTEGRATION_ENTRIES.length).toBeGreaterThan(0);
    const off = await createTestApp({ databaseOf: t });
    try {
      for (const [name, entry] of INTEGRATION_ENTRIES) {
        for (const url of [urlOf(entry, undefined), ...spellingsOf(entry)]) {
          for (const token of [null, INTEGRATION_KEY, first.token]) {
            const res = await off.app.inject({
              method: entry.method,
              url,
              headers: token ? { authorization: `Bearer ${token}` } : {},
              remoteAddress: nextAddress(),
              ...(entry.method === 'GET' ? {} : { payload: {} }),
            });
            expect(res.statusCode, `${name} at ${url}`).toBe(404);
            expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
            count(name, 'no key: 404');
          }
        }
      }
    } finally {
      await off.close();
    }
  }, 60_000);
});

describe('security matrix: tokens', () => {
  async function badTokens(): Promise<Record<string, string | null>> {
    const key = t.app.deps.secrets.jwks.keys[0]!;
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ scope: 'openid profile email', client_id: 'arc-web' })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
      .setSubject(DEMO_AGENT_ID)
      .setIssuer(t.config.oidcIssuer)
      .setAudience(t.config.apiAudience)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    const valid = await mintAccessToken(t, { agentId: DEMO_AGENT_ID });
    const [header, payload] = valid.split('.');
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    return {
      'no token': null,
      'forged (another key, same kid)': forged,
      expired: await mintAccessToken(t, { agentId: DEMO_AGENT_ID, expiresIn: -60 }),
      'another audience': await mintAccessToken(t, {
        agentId: DEMO_AGENT_ID,
        audience: 'https://elsewhere.example/api',
      }),
      'another issuer': await mintAccessToken(t, { agentId: DEMO_AGENT_ID, issuer: 'https://elsewhere.example/oidc' }),
      'an ID token, not an access token': await mintAccessToken(t, { agentId: DEMO_AGENT_ID, typ: 'JWT' }),
      'alg none': `${unsignedHeader}.${payload}.`,
      'signature cut off': `${header}.${payload}.`,
      garbage: 'not-a-jwt',
    };
  }

  for (const [name, entry] of AUTH_ENTRIES) {
    it(`${name}: ${entry.method} ${entry.path} answers 401 to every bad token`, async () => {
      for (const [kind, token] of Object.entries(await badTokens())) {
        const res = await send(entry, { body: {} }, { token });
        expect(res.statusCode, `${name} with ${kind}`).toBe(401);
        expect(ErrorResponseSchema.parse(res.json()).code).toBe('UNAUTHORIZED');
        count(name, '401');
      }
      // without a token: the one answer, whatever the body (checked before it is validated)
      for (const body of [{}, { unexpected: 'x'.repeat(50) }]) {
        const res = await send(entry, { body }, { token: null });
        expect(res.statusCode, `${name} without a token`).toBe(401);
        expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: MESSAGES.unauthorized });
      }
    });
  }
});

/** Every string of an answer (JSON leaves, or 24-byte windows of a binary body) worth looking for elsewhere. */
function fingerprints(res: LightMyRequestResponse): string[] {
  const found = new Set<string>();
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) {
    const walk = (value: unknown) => {
      if (typeof value === 'string' && value.length >= 6) found.add(value);
      else if (typeof value === 'number' && Math.abs(value) >= 1000) found.add(String(value));
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    walk(res.json());
  } else {
    const bytes = res.rawPayload;
    for (let at = 0; at + 24 <= bytes.length && found.size < 16; at += Math.max(24, Math.floor(bytes.length / 16))) {
      found.add(bytes.subarray(at, at + 24).toString('latin1'));
    }
  }
  return [...found];
}

function expectNothingOf(owner: string[], res: LightMyRequestResponse, where: string) {
  const body = res.rawPayload.toString('latin1');
  const leaked = owner.filter((piece) => body.includes(piece));
  expect(leaked, `${where} leaked the first agent's data`).toEqual([]);
}

describe('security matrix: staff calls and roles', () => {
  it('has staff calls to cover', () => {
    expect(STAFF_ENTRIES.length).toBeGreaterThan(0);
  });

  for (const [name, entry] of STAFF_ENTRIES) {
    it(`${name}: ${entry.method} ${entry.path} answers 401 without a token, 403 to an agent and to other roles`, async () => {
      const none = await send(entry, { body: {} }, { token: null });
      expect(none.statusCode, `${name} without a token`).toBe(401);
      const agent = await send(entry, { body: {} }, { token: first.token });
      expect(agent.statusCode, `${name} with an agent's token`).toBe(403);
      count(name, 'no token 401, agent 403');
      for (const role of STAFF_ROLES) {
        const res = await send(entry, { body: {} }, { token: staffTokens[role] });
        const where = `${name} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (staffRolesOf(entry).includes(role)) expect([401, 403], where).not.toContain(res.statusCode);
        else expect(res.statusCode, where).toBe(403);
        count(name, `${role} ${res.statusCode}`);
      }
    });
  }
});

describe("security matrix: the second agent and the first agent's ids", () => {
  for (const [name, entry] of AUTH_ENTRIES) {
    const source = ID_SOURCES[name];
    if (source?.kind !== 'owned') continue;
    it(`${name}: the second agent gets 404 and none of the first agent's bytes`, async () => {
      const requests = await source.requests(ctx);
      expect(requests.length, `${name}: the first agent's lists gave no id to try`).toBeGreaterThan(0);
      for (const request of requests) {
        const mine = await send(entry, request, { token: first.token });
        expect(mine.statusCode, `${name}: the first agent's own ${JSON.stringify(request)}`).toBeLessThan(300);
        const theirs = await send(entry, request, { token: second.token });
        expect(theirs.statusCode, `${name} ${JSON.stringify(request)} as the second agent`).toBe(404);
        expectSafeAnswer(name, theirs, request);
        const values = Object.values({ ...request.params, ...(request.body as object) }).map(String);
        expectNothingOf([...fingerprints(mine), ...values], theirs, name);
        count(name, 'cross-agent 404');
      }
    });
  }

  for (const [name, makeToken] of Object.entries(TOKEN_SOURCES)) {
    const entry = ENTRIES.find(([n]) => n === name)?.[1];
    if (!entry) continue;
    it(`${name}: the first agent's single-use token is 404 for the second agent and still works for the first`, async () => {
      const request = await makeToken(ctx);
      const theirs = await send(entry, request, { token: second.token });
      expect(theirs.statusCode, `${name} as the second agent`).toBe(404);
      expectSafeAnswer(name, theirs, request);
      const mine = await send(entry, request, { token: first.token });
      expect(mine.statusCode, `${name} as the first agent afterwards`).toBe(200);
      expectNothingOf([...fingerprints(mine), ...Object.values(request.params ?? {}).map(String)], theirs, name);
      count(name, 'cross-agent 404');
    });
  }

  it("no list of the second agent holds an id of the first agent's own", async () => {
    const fresh = await addAgent(t);
    const lists = AUTH_ENTRIES.filter(([, e]) => e.method === 'GET' && pathParams(e).length === 0 && !e.query);
    const idsOf = (res: LightMyRequestResponse): Set<string> => {
      const ids = new Set<string>();
      const walk = (value: unknown, key = '') => {
        if (Array.isArray(value)) value.forEach((v) => walk(v, key));
        else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => walk(v, k));
        else if ((typeof value === 'string' || typeof value === 'number') && /(^id$|Id$|_id$|^ActID$|^file$)/.test(key))
          ids.add(String(value));
      };
      if (String(res.headers['content-type']).startsWith('application/json')) walk(res.json());
      return ids;
    };
    let checked = 0;
    for (const [name, entry] of lists) {
      const mine = await send(entry, {}, { token: first.token });
      if (mine.statusCode !== 200) continue;
      // what a brand-new agent also sees is shared (catalogues, documents); the rest is the first agent's own
      const shared = idsOf(await send(entry, {}, { token: fresh.token }));
      const own = [...idsOf(mine)].filter((id) => !shared.has(id) && id.length >= 2);
      const theirs = await send(entry, {}, { token: second.token });
      const leaked = own.filter((id) => idsOf(theirs).has(id));
      expect(leaked, `${name} shows the second agent ids of the first`).toEqual([]);
      checked += 1;
      count(name, 'list isolation');
    }
    expect(checked).toBeGreaterThan(3);
  });
});

/** Raw bodies no schema describes: each must be refused with a 4xx, never crash the parser or the handler. */
function rawBodies(): { label: string; payload: string | Buffer; contentType: string }[] {
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  const form = multipart([
    { name: 'radio1', value: 'newapp' },
    // no slash in the name: a path is cut off before it is stored
    { name: 'enrollment', filename: `${SCRIPT_MARKERS[1]}.pdf`, body: pdf },
  ]);
  return [
    { label: 'deep object', payload: deepJson(100_000), contentType: 'application/json' },
    { label: 'deep array', payload: deepArray(100_000), contentType: 'application/json' },
    { label: 'broken JSON', payload: '{"a":', contentType: 'application/json' },
    { label: '1 MB string', payload: JSON.stringify({ q: ONE_MEGABYTE }), contentType: 'application/json' },
    {
      label: 'prototype pollution',
      payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
      contentType: 'application/json',
    },
    { label: 'NUL bytes', payload: '{"a":"\\u0000"}\u0000', contentType: 'application/json' },
    { label: 'text/plain', payload: 'hello', contentType: 'text/plain' },
    {
      label: 'XML',
      payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      contentType: 'application/xml',
    },
    { label: 'multipart, hostile file name', payload: form.buffer(), contentType: form.contentType },
  ];
}

describe('security matrix: generated and hostile requests', () => {
  // every call, public ones too (they are the ones anybody can reach); an integration call with its key, to get
  // past the key to the handler
  for (const [name, entry] of ENTRIES) {
    it(`${name}: ${entry.method} ${entry.path} answers 2xx or a contract 4xx, never a 5xx`, async () => {
      const token =
        entry.auth === 'integration'
          ? INTEGRATION_KEY
          : typeof entry.auth === 'object'
            ? staffTokens.admin
            : second.token;
      const part = (schema: RouteEntry['params'], hostile: readonly string[]) =>
        schema ? requestPartArbitrary(schema, hostile) : fc.constant(undefined);
      const request = (hostile: readonly string[]) =>
        fc.record({
          params: part(entry.params, hostile),
          query: part(entry.query, hostile),
          body: part(entry.body, hostile),
          headers: part(entry.headers, hostile),
        }) as fc.Arbitrary<RequestParts>;

      // 1. generated from the schemas: half clean (to reach the handler), half with hostile strings mixed in
      await fc.assert(
        fc.asyncProperty(fc.oneof(request([]), request(HOSTILE_STRINGS)), async (parts) => {
          count(name, expectSafeAnswer(name, await send(entry, parts, { token }), parts));
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );

      // 2. every hostile string once, each in the next string position of a valid request
      const [base] = fc.sample(request([]), { numRuns: 1, seed: SEED });
      const positions = (['params', 'query', 'body', 'headers'] as const).flatMap((key) =>
        stringPaths(base?.[key]).map((path) => [key, ...path]),
      );
      const long = [ONE_MEGABYTE];
      for (const [i, hostile] of [...HOSTILE_STRINGS, ...long].entries()) {
        if (positions.length === 0) break;
        const path = positions[i % positions.length]!;
        const parts = setAt(base, path, hostile) as RequestParts;
        count(name, expectSafeAnswer(name, await send(entry, parts, { token }), parts));
      }
      for (const param of pathParams(entry)) {
        for (const hostile of [...HOSTILE_STRINGS, ONE_MEGABYTE]) {
          const parts = { ...base, params: { ...base?.params, [param]: hostile } };
          count(name, expectSafeAnswer(name, await send(entry, parts, { token }), param));
        }
      }

      // 3. raw bodies
      if (entry.method !== 'GET') {
        for (const raw of rawBodies()) {
          const res = await send(entry, base ?? {}, { token, raw });
          count(name, expectSafeAnswer(name, res, raw.label));
        }
      }
    }, 120_000);
  }

  it('gives back stored hostile text only as JSON data, never as HTML', async () => {
    // the generated calls above may have published a terms version (the back office's publish call): the second
    // agent accepts it first, or every list would answer the terms gate instead of its rows
    const tosid = await findCurrentTermsId(t.database.db, t.clock.now());
    if (tosid) {
      const accepted = await send(contract.acceptTerms, { body: { tosid } }, { token: second.token });
      expect(accepted.statusCode).toBeLessThan(300);
    }
    const lists = AUTH_ENTRIES.filter(([, e]) => e.method === 'GET' && pathParams(e).length === 0 && !e.query);
    let echoed = 0;
    for (const [name, entry] of lists) {
      const res = await send(entry, {}, { token: second.token });
      const type = String(res.headers['content-type'] ?? '');
      expect(type, name).not.toMatch(/html/);
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      if (SCRIPT_MARKERS.some((marker) => res.body.includes(marker))) {
        // stored as typed and sent as a JSON string: the web app renders it as text (React escapes it)
        expect(type, name).toMatch(/^application\/json/);
        echoed += 1;
        count(name, 'hostile text echoed as data');
      }
    }
    expect(echoed, 'the hostile upload name should come back in the enrollments list').toBeGreaterThan(0);
  });
});
