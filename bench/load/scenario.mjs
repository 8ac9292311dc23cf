// The session mix of the load (docs/decisions/bench-and-load.md; bench/README.md, "Load and soak" — weights and think
// times). Each kind of session is an autocannon request sequence: a connection runs its sequence again and again, each
// pass one session of one agent (the connection's own agent: one cart per agent, so no two of its sessions overlap).
// Every agent session signs in through the real provider (authorization code + PKCE: authorize, password, resume,
// token) and opens the dashboard; then its business. The staff share runs on the demo admin's token (a staff sign-in
// needs a TOTP code, one per 30 s step: the staff sign in once and keep the token, as staff do all day).
// Each call's latency is timed from the moment autocannon builds the request (right before it writes it) to the
// moment the whole answer is parsed, and counted under the call's name; an unexpected status is an error.
import crypto from 'node:crypto';

export const PASSWORD = 'Demo-Agent-2026!';

/**
 * Kinds of agent session, each with its share of sessions (`weight`): why these shares, in bench/README.md. The
 * staff sessions come on top, `STAFF_SHARE` of the agent sessions.
 */
export const SESSION_WEIGHTS = { prospects: 0.3, supplies: 0.3, enrollment: 0.2, commissions: 0.2 };
export const STAFF_SHARE = 0.1;

/** a `bytes`-long PDF as the enrollment form sends it (mode, then the file) */
function enrollmentBody(bytes) {
  const boundary = `----load${crypto.randomBytes(8).toString('hex')}`;
  const pdf = Buffer.alloc(bytes, 0x20);
  pdf.write('%PDF-1.7\n');
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="radio1"\r\n\r\nnewapp\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="enrollment"; filename="enrollment.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Each call's latencies (ms) and errors since the last take(), by name. */
export function createRecorder() {
  let calls = new Map();
  const entry = (name) => {
    let found = calls.get(name);
    if (!found) {
      found = { times: [], errors: 0, statuses: {} };
      calls.set(name, found);
    }
    return found;
  };
  return {
    /** `ms` null: the call was not sent (an earlier answer lacked what it needs), an error without a time */
    record(name, ms, ok, status) {
      const e = entry(name);
      if (ms !== null) e.times.push(ms);
      if (!ok) {
        e.errors += 1;
        e.statuses[status] = (e.statuses[status] ?? 0) + 1;
      }
    },
    /** what was recorded since the last take, and a fresh start */
    take() {
      const taken = calls;
      calls = new Map();
      return taken;
    },
  };
}

const cookieHeader = (jar) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
function storeCookies(jar, headers) {
  const lines = headers['set-cookie'];
  for (const line of Array.isArray(lines) ? lines : lines ? [lines] : []) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    jar[pair.slice(0, at).trim()] = pair.slice(at + 1);
  }
}
const localPath = (location) => {
  const url = new URL(location, 'http://x');
  return `${url.pathname}${url.search}`;
};
const json = (body) => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};

/**
 * One step of a session: `build(context)` answers the request's method, path, headers and body, or null when an
 * earlier answer lacked what it needs (an error of this call, not sent; the session ends there and the next
 * begins); `expect` the status that counts as success; `read(context, body, headers)` keeps what later steps need.
 */
function step(recorder, name, expect, build, read) {
  return {
    setupRequest(request, context) {
      // a step after a failed one is not sent (the failure is counted already): the next session begins
      if (context.failed) return null;
      const built = build(context);
      if (!built) {
        recorder.record(name, null, false, 'not sent');
        context.failed = true;
        return null;
      }
      context.sentAt = performance.now();
      return { ...request, ...built, headers: { ...request.headers, ...built.headers } };
    },
    onResponse(status, body, context, rawHeaders) {
      const ok = status === expect;
      recorder.record(name, performance.now() - context.sentAt, ok, status);
      if (!ok) {
        context.failed = true;
        return;
      }
      if (!read) return;
      // header names as the server wrote them (Set-Cookie, Location): read in lower case
      const headers = {};
      for (const [key, value] of Object.entries(rawHeaders ?? {})) headers[key.toLowerCase()] = value;
      read(context, body, headers);
    },
  };
}

/**
 * The requests of one kind of session for autocannon. `setup` holds what the run looked up once: `base` (the
 * portal's public URL), `year`, `county` and `state` (prospects and catalogue), `kit` (a kit product id),
 * `range` (the prospect search's dates), `uploadBytes`, and `staffToken()` for the staff kind.
 */
export function sessionRequests(kind, setup, recorder) {
  const bearer = (context) => ({ authorization: `Bearer ${context.token}` });
  const agentStep = (name, expect, build, read) =>
    step(recorder, name, expect, (c) => (c.token ? build(c) : null), read);
  const jsonBody = (context, body) => ({
    headers: { ...bearer(context), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const redirectUri = `${setup.base}/login/callback`;
  const signIn = [
    step(
      recorder,
      'sign-in: authorize',
      303,
      (context) => {
        context.failed = false;
        context.jar = {};
        context.verifier = crypto.randomBytes(32).toString('base64url');
        const challenge = crypto.createHash('sha256').update(context.verifier).digest('base64url');
        const query = new URLSearchParams({
          client_id: 'arc-web',
          response_type: 'code',
          scope: 'openid profile email',
          redirect_uri: redirectUri,
          code_challenge: challenge,
          code_challenge_method: 'S256',
          state: crypto.randomBytes(8).toString('hex'),
        });
        return { method: 'GET', path: `/oidc/auth?${query}`, headers: {} };
      },
      (context, _body, headers) => {
        storeCookies(context.jar, headers);
        context.interaction = localPath(headers.location).replace(/\/$/, '');
      },
    ),
    step(
      recorder,
      'sign-in: password',
      200,
      (context) =>
        !context.interaction
          ? null
          : {
              method: 'POST',
              path: `${context.interaction}/login`,
              headers: { 'content-type': 'application/json', cookie: cookieHeader(context.jar) },
              body: JSON.stringify({ username: context.agent, password: PASSWORD }),
            },
      (context, body, headers) => {
        storeCookies(context.jar, headers);
        context.resume = localPath(json(body)?.redirectTo ?? '/');
      },
    ),
    step(
      recorder,
      'sign-in: resume',
      303,
      (context) =>
        context.resume ? { method: 'GET', path: context.resume, headers: { cookie: cookieHeader(context.jar) } } : null,
      (context, _body, headers) => {
        context.code = new URL(headers.location, setup.base).searchParams.get('code');
      },
    ),
    step(
      recorder,
      'sign-in: token',
      200,
      (context) =>
        !context.code
          ? null
          : {
              method: 'POST',
              path: '/oidc/token',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({
                grant_type: 'authorization_code',
                code: context.code,
                redirect_uri: redirectUri,
                client_id: 'arc-web',
                code_verifier: context.verifier,
              }).toString(),
            },
      (context, body) => {
        context.token = json(body)?.access_token;
      },
    ),
    agentStep('user info', 200, (c) => ({ method: 'GET', path: '/arc/user/info', headers: bearer(c) })),
    agentStep(
      'dashboard files',
      200,
      (c) => ({ method: 'GET', path: '/arc/agent/dashboard/files', headers: bearer(c) }),
      (context, body) => {
        context.file = json(body)?.files?.find((f) => f.file)?.file;
      },
    ),
  ];
  const download = [
    agentStep(
      'download token',
      200,
      (c) => (c.file ? { method: 'POST', path: '/arc/downloadtoken', ...jsonBody(c, { file: c.file }) } : null),
      (context, body) => {
        context.downloadToken = json(body)?.token;
      },
    ),
    agentStep('download', 200, (c) =>
      c.downloadToken ? { method: 'GET', path: `/arc/download/${c.downloadToken}`, headers: {} } : null,
    ),
  ];
  const commissions = agentStep(
    'commissions',
    200,
    (c) => ({ method: 'GET', path: '/arc/agent/commissions/all/0', headers: bearer(c) }),
    (context, body) => {
      context.statement = json(body)?.data?.[0]?.id;
    },
  );
  const search = { kind: 'county', county: [setup.county], ...setup.range };
  const upload = setup.uploadBytes ? enrollmentBody(setup.uploadBytes) : null;
  const sessions = {
    prospects: [
      ...signIn,
      ...download,
      agentStep('prospect counties', 200, (c) => ({
        method: 'GET',
        path: `/arc/t65/counties/${setup.state}`,
        headers: bearer(c),
      })),
      agentStep(
        'prospect county search',
        200,
        (c) => ({
          method: 'POST',
          path: '/arc/agent/t65/list',
          ...jsonBody(c, { county: [setup.county], ...setup.range }),
        }),
        (context, body) => {
          context.ids = (json(body)?.rows ?? []).slice(0, 100).map((row) => row.id);
        },
      ),
      agentStep('prospect export', 200, (c) =>
        c.ids?.length
          ? { method: 'POST', path: '/arc/agent/t65/countysearch/download', ...jsonBody(c, { search, ids: c.ids }) }
          : null,
      ),
      commissions,
    ],
    supplies: [
      ...signIn,
      agentStep('catalogue by county', 200, (c) => ({
        method: 'POST',
        path: '/arc/products/bycounty',
        ...jsonBody(c, { countyid: setup.county, year: setup.year }),
      })),
      agentStep('catalogue by state', 200, (c) => ({
        method: 'POST',
        path: '/arc/products/bystate',
        ...jsonBody(c, { stateabbr: setup.state, year: setup.year, productType: 'Medicare Supplement' }),
      })),
      agentStep('cart add', 200, (c) => ({
        method: 'PUT',
        path: `/arc/agent/supplies/cart/items/${encodeURIComponent(setup.kit)}`,
        ...jsonBody(c, { qty: 1 }),
      })),
      agentStep('order', 200, (c) => {
        const request = { method: 'POST', path: '/arc/agent/supplies/orders', ...jsonBody(c, setup.order) };
        request.headers['idempotency-key'] = crypto.randomUUID();
        return request;
      }),
    ],
    enrollment: [
      ...signIn,
      ...download,
      agentStep('enrollment upload', 201, (c) => ({
        method: 'POST',
        path: '/arc/agent/enrollments',
        headers: { ...bearer(c), 'content-type': upload.contentType },
        body: upload.body,
      })),
      agentStep('enrollment list', 200, (c) => ({ method: 'GET', path: '/arc/agent/enrollments', headers: bearer(c) })),
      commissions,
    ],
    commissions: [
      ...signIn,
      commissions,
      agentStep('commission CSV', 200, (c) =>
        c.statement
          ? {
              method: 'GET',
              path: `/arc/agent/commissions/${encodeURIComponent(c.statement)}`,
              headers: { ...bearer(c), 'accept-encoding': 'gzip' },
            }
          : null,
      ),
    ],
    staff: [
      step(
        recorder,
        'staff: order queue',
        200,
        (context) => {
          context.failed = false;
          context.token = setup.staffToken();
          // oldest first: the agents' sessions add new orders all the time, and in the default order (newest first)
          // every new one shifted the rows under the slots, so two connections could note one order at once
          return { method: 'GET', path: '/arc/staff/orders?status=Not%20Completed&sort=id', headers: bearer(context) };
        },
        (context, body) => {
          const rows = json(body)?.rows ?? [];
          // each staff connection acts on its own row: two at once on one order would be a (correct) 409
          context.order = rows[context.slot % Math.max(rows.length, 1)];
        },
      ),
      step(recorder, 'staff: order note', 200, (c) =>
        !c.order
          ? null
          : {
              method: 'POST',
              path: '/arc/staff/orders/actions',
              headers: { ...bearer(c), 'content-type': 'application/json' },
              body: JSON.stringify({
                orders: [{ id: c.order.id, version: c.order.version }],
                action: { kind: 'note', text: 'Checked during the load run', isVisibleToAgent: false },
              }),
            },
      ),
      step(recorder, 'staff: enrollment queue', 200, (c) => ({
        method: 'GET',
        path: '/arc/staff/enrollments/queue',
        headers: bearer(c),
      })),
    ],
  };
  return sessions[kind];
}

/** calls per session of each kind (what one pass of its sequence sends when nothing fails) */
export function callsPerSession(setup) {
  const recorder = createRecorder();
  return Object.fromEntries(
    [...Object.keys(SESSION_WEIGHTS), 'staff'].map((kind) => [
      kind,
      sessionRequests(kind, { ...setup, uploadBytes: 16 }, recorder).length,
    ]),
  );
}
