// `npm run bench`: the figures bench/README.md describes, measured on this machine.
//   1. time from start to ready on an existing data directory (target < 1 s)
//   2. GET /arc/user/info with a valid token: throughput and p99, as a ratio to a bare Fastify route that logs the
//      same access-log line, both at the production log level, info (target ≥ 0.7)
//   3. gzipped JavaScript loaded by /sign-in (target < 150 KB) and by / when signed in
//   4. address suggestions: p95 latency while typing (target < 30 ms); counties of a state
//   5. spreadsheet export: 10,000 rows (target < 0.5 s) and peak memory of 100,000 rows vs 10,000 (target ≤ 1.3×)
//   5b. supplies: MA plans of a county with 100+ plans and an order submission (p95 of each)
//   6. the DataTable in Chromium: sort and search 10,000 rows (target: each under 100 ms, one frame budget x6)
//   7. commission statements (500 for the demo agent): list and CSV download latency
//   8. gzipped JavaScript of each training, compliance, commissions, final expense and marketing route (< 250 KB)
//   9. per route: bytes over the wire (as sent, compressed), JavaScript and CSS; Lighthouse performance and
//      accessibility (mobile preset) on /sign-in, / and each business route (target ≥ 95)
//  10. the 5,000-agent hierarchy: API, tree open, search keystroke (< 100 ms), 5,000-row roster (< 1 s, memory)
//  11. the back office's queues at 1,000,000 orders and 1,000,000 enrollments on PostgreSQL (p95 < 100 ms a page)
//  12. commission statements: a file of 100,000 lines published on PostgreSQL (< 1 min)
//  13. a shortened soak: the load's session mix for 3 minutes (bench/load/soak.mjs; `npm run soak` is the long one)
// BENCH_ONLY=start,api,upload,web,lighthouse,datatable,contracts,xlsx,prospects,agents,contracts-import,queues,
// notifications,statements,soak runs only those parts.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { measureContracts } from './contracts.mjs';
import { measureDataTable } from './data-table.mjs';
import { deployedUnavailable, startTlsProxy } from './deployed.mjs';
import { measureEnrollmentUpload } from './enrollment-upload.mjs';
import {
  medianMax,
  memoryFirstTouchMsPerGb,
  percentile,
  root,
  round,
  signIn,
  signInPage,
  startServer,
  stop,
  waitReady,
} from './lib.mjs';
import { measureLighthouse } from './lighthouse.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8290);
const BARE_PORT = PORT + 9;
const BASE = `http://localhost:${PORT}`;
const dataDir = path.join(root, '.tmp', 'bench-data');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const results = {};
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const wants = (part) => ONLY.size === 0 || ONLY.has(part);

// the machine the figures were taken on: what the start-up, browser and Lighthouse figures depend on beside the
// code (Lighthouse's own CPU index is in each of its routes, `cpuIndex`); only for a run that measures those
if (['start', 'web', 'lighthouse'].some(wants))
  results.machine = { memoryFirstTouchMsPerGb: memoryFirstTouchMsPerGb() };

// the order loop sends far more orders and kits than the provider's caps allow one agent
const startAppServer = () =>
  startServer({
    port: PORT,
    dataDir,
    env: { SUPPLY_ORDERS_PER_HOUR: '100000', SUPPLY_KITS_PER_DAY: '10000000' },
  });

/** The session the web app keeps after signing in (apps/web/src/auth/session-store.ts), for a signed-in Lighthouse run. */
function storedUser(tokens) {
  return {
    key: 'arc.session',
    value: JSON.stringify({
      accessToken: tokens.access_token,
      idToken: tokens.id_token,
      expiresAt: Math.floor(Date.now() / 1000) + tokens.expires_in,
    }),
  };
}

/**
 * A new signed-in session through `base`, as `storedUser` (one per signed-in Lighthouse route); `isSelfSigned`: the
 * deployed set-up's certificate is the run's own (made by startTlsProxy), and this process signs in through it too.
 */
async function newStoredUser(base, isSelfSigned = false) {
  if (isSelfSigned) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  try {
    return storedUser(await signIn(base));
  } finally {
    if (isSelfSigned) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  }
}

function load(url, headers = {}, seconds = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 20, duration: seconds, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/**
 * What a page loads while `action` runs: JavaScript gzipped at level 9 (`kb`), CSS likewise (`cssKb`), and every
 * response's bytes as they came over the wire, headers and compressed body (`wireKb`, `requests`), per phase.
 */
async function measureJs(page, action, phaseOf = () => 'all') {
  const scripts = new Map();
  const wire = [];
  // bytes as received (headers and the body as encoded), from Chromium's own network log
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.loadingFinished', (event) => {
    wire.push({ phase: phaseOf(page.url()), bytes: event.encodedDataLength });
  });
  const onResponse = (response) => {
    const type = response.headers()['content-type'] ?? '';
    const phase = phaseOf(page.url());
    const kind = type.includes('javascript') ? 'js' : type.includes('text/css') ? 'css' : null;
    if (kind && response.status() === 200)
      scripts.set(`${phase} ${response.url()}`, { phase, kind, url: response.url() });
  };
  page.on('response', onResponse);
  // the notification stream never finishes, so the network would never be idle: refused here, the bell polls
  // (its module is still loaded and counted; docs/decisions/notifications.md)
  const refuseStream = (route) => route.abort();
  await page.route('**/arc/agent/notifications/stream', refuseStream);
  await action();
  await page.waitForLoadState('networkidle');
  await page.unroute('**/arc/agent/notifications/stream', refuseStream);
  page.off('response', onResponse);
  await cdp.detach();
  // each file as the server has it (a page that navigated away no longer hands out its bodies), gzip -9
  const gzipped = new Map();
  for (const { url } of scripts.values()) {
    if (!gzipped.has(url)) {
      const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      gzipped.set(url, zlib.gzipSync(body, { level: 9 }).length);
    }
  }
  const all = [...scripts.values()].map((e) => ({ ...e, bytes: gzipped.get(e.url) }));
  const kb = (entries) => Math.round((entries.reduce((a, e) => a + e.bytes, 0) / 1024) * 10) / 10;
  const unique = (entries) => [...new Map(entries.map((e) => [e.url, e])).values()];
  const byPhase = {};
  for (const phase of new Set([...all, ...wire].map((e) => e.phase))) {
    const js = all.filter((e) => e.phase === phase && e.kind === 'js');
    const css = all.filter((e) => e.phase === phase && e.kind === 'css');
    const sent = wire.filter((e) => e.phase === phase);
    byPhase[phase] = { kb: kb(js), files: js.length, cssKb: kb(css), wireKb: kb(sent), requests: sent.length };
  }
  // every phase together, each file once (the sign-in flow: /sign-in, then the form)
  byPhase.union = {
    kb: kb(unique(all.filter((e) => e.kind === 'js'))),
    cssKb: kb(unique(all.filter((e) => e.kind === 'css'))),
    wireKb: kb(wire),
  };
  return byPhase;
}

/** Sequential requests (one user typing), each URL in turn, `rounds` times: latency percentiles in ms. */
async function latencies(urls, headers, rounds) {
  const times = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const url of urls) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q) => round(percentile(times, q));
  return { requests: times.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
}

/** The spreadsheet export server (bench/xlsx-export.mjs) in its own process, so its peak memory is its own. */
async function xlsxServer() {
  const child = spawn(process.execPath, [path.join(root, 'bench/xlsx-export.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const { port } = JSON.parse((await lines.next()).value);
  const base = `http://127.0.0.1:${port}`;
  return {
    async exportRows(rows) {
      const started = performance.now();
      const res = await fetch(`${base}/export?rows=${rows}`);
      if (!res.ok) throw new Error(`export answered ${res.status}`);
      let bytes = 0;
      for await (const chunk of res.body) bytes += chunk.length;
      return { ms: performance.now() - started, bytes };
    },
    peakRssMb: async () => (await (await fetch(`${base}/stats`)).json()).peakRssMb,
    stop: () => stop(child),
  };
}

/** One fresh export server per size: a 1,000-row warm-up, then the export; its peak RSS and time. */
async function measureExport(rows, repeats) {
  const server = await xlsxServer();
  await server.exportRows(1000);
  const runs = [];
  for (let i = 0; i < repeats; i += 1) runs.push(await server.exportRows(rows));
  const peakRssMb = await server.peakRssMb();
  await server.stop();
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  return { rows, medianMs: Math.round(percentile(ms, 0.5)), bytes: runs[0].bytes, peakRssMb };
}

// ── build and first start ──────────────────────────────────────────────────────────────────────────
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  spawnSync('vite', ['build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
let server;
if (wants('start') || !fs.existsSync(path.join(dataDir, 'pgdata'))) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = startAppServer();
  results.firstStartMs = Math.round(await waitReady(`${BASE}/readyz`, 120_000));
  await stop(server);
}

// ── 1. ready on an existing data directory (median of 3) ───────────────────────────────────────────
if (wants('start')) {
  const readyTimes = [];
  for (let i = 0; i < 3; i += 1) {
    server = startAppServer();
    readyTimes.push(await waitReady(`${BASE}/readyz`));
    await stop(server);
  }
  readyTimes.sort((a, b) => a - b);
  results.readyOnExistingDataMs = Math.round(readyTimes[1]);
}

// ── 2. user info vs bare Fastify ───────────────────────────────────────────────────────────────────
server = startAppServer();
await waitReady(`${BASE}/readyz`);
const tokens = await signIn(BASE);
const token = tokens.access_token;
if (wants('api')) {
  // its log goes where the server's goes (stdout, ignored); BENCH_BARE_PORT=0 lets it take any free port
  const bare = spawn(process.execPath, [path.join(root, 'bench/bare-server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, PORT: process.env.BENCH_BARE_PORT ?? String(BARE_PORT) },
  });
  const barePort = await new Promise((resolve, reject) => {
    bare.once('message', (message) => resolve(message.port));
    bare.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  await waitReady(`http://127.0.0.1:${barePort}/bare`);
  const check = await fetch(`${BASE}/arc/user/info`, { headers: { authorization: `Bearer ${token}` } });
  if (!check.ok) throw new Error(`user info answered ${check.status}`);
  // Both servers warm up for a second, then run in the order bare, user info, user info, bare (each for the full
  // duration): a drift of the machine's speed during the run (another process, the CPU's clock) weighs on both
  // sides alike, and the ratio is of the two sums.
  const loadBare = (seconds) => load(`http://127.0.0.1:${barePort}/bare`, {}, seconds);
  const loadInfo = (seconds) =>
    load(`http://localhost:${PORT}/arc/user/info`, { authorization: `Bearer ${token}` }, seconds);
  await loadBare(1);
  await loadInfo(1);
  const bareRounds = [await loadBare()];
  const infoRounds = [await loadInfo(), await loadInfo()];
  // the readiness probe a load balancer sends: a state kept in memory (docs/decisions/outages-readiness-backup.md), no
  // database work per call
  const readyRounds = [await load(`http://localhost:${PORT}/readyz`, {})];
  bareRounds.push(await loadBare());
  await stop(bare);
  const sumOf = (rounds) => rounds.reduce((total, round) => total + round.requests.average, 0);

  // ── 4. commission statements: the list (first and last page of 500) and one CSV download ─────────────
  const auth = { authorization: `Bearer ${token}` };
  const firstPage = await (await fetch(`${BASE}/arc/agent/commissions/all/0`, { headers: auth })).json();
  if (firstPage.total < 500) throw new Error(`expected 500 statements, found ${firstPage.total}`);
  const latency = (result) => ({
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  });
  results.commissionsList = latency(await load(`${BASE}/arc/agent/commissions/all/0`, auth));
  results.commissionsListLastPage = latency(await load(`${BASE}/arc/agent/commissions/all/490`, auth));
  results.commissionCsvDownload = latency(
    await load(`${BASE}/arc/agent/commissions/${firstPage.data[0].id}`, { ...auth, 'accept-encoding': 'gzip' }),
  );

  const non2xx = infoRounds.reduce((total, round) => total + round.non2xx, 0);
  if (non2xx > 0) throw new Error(`user info answered ${non2xx} non-2xx responses`);
  const rounds = (list) => ({
    reqPerSec: Math.round(sumOf(list) / list.length),
    p99Ms: Math.max(...list.map((round) => round.latency.p99)),
    rounds: list.map((round) => Math.round(round.requests.average)),
  });
  results.bareFastify = rounds(bareRounds);
  results.userInfo = rounds(infoRounds);
  results.userInfoToBareRatio = Math.round((sumOf(infoRounds) / sumOf(bareRounds)) * 100) / 100;
  if (readyRounds[0].non2xx > 0) throw new Error(`/readyz answered ${readyRounds[0].non2xx} non-2xx responses`);
  results.readyz = rounds(readyRounds);
  results.readyzToBareRatio = Math.round((sumOf(readyRounds) / (sumOf(bareRounds) / bareRounds.length)) * 100) / 100;

  // ── 4. address suggestions while typing, and the counties of a state ──────────────────────────────
  const typing = [
    '53703',
    '123 Main St Madison WI',
    '123 Main St Madis WI',
    '500 W Washington Ave Apt 4 Madison, Wisconsin',
    '1600 Pennsylvania Ave NW Washington DC',
    '350 5th Ave New York NY',
    '1 Infinite Loop Cupertino CA 95014',
    '742 Evergreen Terrace Springfield IL',
  ];
  const suggestionUrls = typing.map((q) => `${BASE}/arc/geo/address-suggestions?q=${encodeURIComponent(q)}`);
  await latencies(suggestionUrls, { authorization: `Bearer ${token}` }, 2); // warm-up
  results.addressSuggestions = await latencies(suggestionUrls, { authorization: `Bearer ${token}` }, 40);
  results.counties = await latencies(
    ['WI', 'TX', 'CA', 'VI'].map((state) => `${BASE}/arc/counties/${state}`),
    {},
    20,
  );

  // ── 5b. supplies: MA plans of a county with 100+ plans, and an order submission (p95 of each) ──────
  /** Runs `call` from `concurrency` loops for `ms`; each call's latency counts; answers p50/p95 and throughput. */
  async function loopLatencies(call, { concurrency = 10, ms = DURATION * 1000 } = {}) {
    const times = [];
    let failures = 0;
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const started = performance.now();
          const ok = await call();
          times.push(performance.now() - started);
          if (!ok) failures += 1;
        }
      }),
    );
    times.sort((a, b) => a - b);
    const at = (q) => round(percentile(times, q));
    return {
      requests: times.length,
      failures,
      reqPerSec: Math.round(times.length / (ms / 1000)),
      p50Ms: at(0.5),
      p95Ms: at(0.95),
    };
  }
  {
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = (url, body, headers = auth) =>
      fetch(`${BASE}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const la = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    }).formatToParts(new Date());
    const part = (type) => Number(la.find((p) => p.type === type).value);
    // the first open product year (spec part 2 §9): this year until 29 October, then next year
    const year = part('month') > 10 || (part('month') === 10 && part('day') >= 30) ? part('year') + 1 : part('year');
    const carriers = await (await post('/arc/products/bycounty', { countyid: '55079', year })).json();
    const companies = carriers[0].groups[0].companies.map((c) => c.name);
    let planCount = 0;
    let busiest = { company: companies[0], plans: 0 };
    for (const company of companies) {
      const plans = await (
        await post('/arc/products/malandscapedata', { county: '55079', state: 'WI', year, company })
      ).json();
      planCount += plans.length;
      if (plans.length > busiest.plans) busiest = { company, plans: plans.length };
    }
    results.maPlans = {
      county: 'Milwaukee County, WI (55079)',
      plansInCounty: planCount,
      carrier: busiest.company,
      carrierPlans: busiest.plans,
      ...(await loopLatencies(async () => {
        const res = await post('/arc/products/malandscapedata', {
          county: '55079',
          state: 'WI',
          year,
          company: busiest.company,
        });
        await res.arrayBuffer();
        return res.ok;
      })),
    };
    const kits = await (
      await post('/arc/products/bystate', { stateabbr: 'WI', year, productType: 'Medicare Supplement' })
    ).json();
    const kit = kits[0].companies[0].product.id;
    const order = {
      address: {
        street_number: '1200',
        route: 'John Q Hammons Dr',
        locality: 'Madison',
        administrative_area_level_1: 'WI',
        postal_code: '53717',
        specialinstruct: '',
      },
      supplies: [{ productId: kit, qty: 1 }],
    };
    // an order is exactly the agent's cart: each round puts the line in the cart and sends it, one agent at a
    // time (two concurrent orders of one agent would race for one cart)
    results.supplyOrder = await loopLatencies(
      async () => {
        const put = await fetch(`${BASE}/arc/agent/supplies/cart/items/${encodeURIComponent(kit)}`, {
          method: 'PUT',
          headers: auth,
          body: JSON.stringify({ qty: 1 }),
        });
        await put.arrayBuffer();
        const res = await post('/arc/agent/supplies/orders', order, {
          ...auth,
          'idempotency-key': crypto.randomUUID(),
        });
        await res.arrayBuffer();
        return put.ok && res.ok;
      },
      { concurrency: 1 },
    );
  }
}

// ── 2b. a 100 MB enrollment PDF upload vs writing the same bytes to the same disk ───────────────────
if (wants('upload')) {
  results.enrollmentUpload = await measureEnrollmentUpload({
    base: BASE,
    token,
    serverPid: server.pid,
    dataDir,
    barePort: BARE_PORT,
  });
}

// ── 3. JavaScript loaded by /sign-in and by / ──────────────────────────────────────────────────────
/** Business routes with the heading each shows when drawn: issue 14's, then the other areas' */
const ISSUE_ROUTES = [
  ['/training/videos', 'Videos On Demand'],
  [`/training/videos/${encodeURIComponent('Sales & Marketing')}`, 'Videos On Demand'],
  [
    `/training/videos/${encodeURIComponent('Sales & Marketing')}/${encodeURIComponent('Compliant Scope of Appointment Basics')}`,
    'Videos On Demand',
  ],
  ['/training/compliance-guides', 'Compliance Guides'],
  ['/commissions', 'Commission Statements'],
  ['/finalexpense', 'Final Expense'],
  ['/medischolar', 'Medicare Scholar'],
  ['/leadstar', 'LeadStar'],
  ['/proshop', 'Compliant Marketing Materials'],
];
const OTHER_ROUTES = [
  ['/products', 'Order Supplies'],
  ['/prospects', 'Prospect Lists'],
  ['/enrollments', 'Enrollment Upload'],
];
if (wants('web') || wants('datatable') || wants('contracts')) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  if (wants('web')) {
    // /sign-in itself (until the browser leaves for the provider), then the sign-in form it lands on (a new
    // document: the hashed files /sign-in loaded come from the browser's cache, as for a real visitor)
    const signInJs = await measureJs(
      page,
      async () => {
        await page.goto('/sign-in');
        await page.waitForURL(/\/interaction\//);
        await page.getByLabel('Username or NPN').waitFor();
      },
      (url) => (url.includes('/interaction/') ? 'form' : 'route'),
    );
    results.signInJsGzipKb = signInJs.route;
    results.signInFormJsGzipKb = signInJs.form;
    results.signInFlowJsGzipKb = signInJs.union.kb;
    results.signInFlowWireKb = signInJs.union.wireKb;
    await page.getByLabel('Username or NPN').fill('demo');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo-Agent-2026!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    results.dashboardJsGzipKb = (
      await measureJs(page, async () => {
        await page.reload();
        await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 30_000 });
      })
    ).all;

    // ── 8. each business route, cache disabled: JavaScript, CSS and bytes over the wire ─────────────
    results.issueRoutesJsGzipKb = {};
    results.otherRoutesJsGzipKb = {};
    for (const [routes, into] of [
      [ISSUE_ROUTES, results.issueRoutesJsGzipKb],
      [OTHER_ROUTES, results.otherRoutesJsGzipKb],
    ]) {
      for (const [route, heading] of routes) {
        into[decodeURIComponent(route)] = (
          await measureJs(page, async () => {
            await page.goto(route);
            await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 30_000 });
          })
        ).all;
      }
    }
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });

    // ── 8b. time to the screen: from navigation to the screen's heading in the page, signed in, the files in
    // the browser's cache, the CPU four times slower (as Lighthouse's phone); median of 5 per route. Lighthouse's
    // simulation leaves out waits on timers (React's 300 ms Suspense fallback throttle,
    // docs/decisions/web-loading-and-budget.md): this does not. The observer is installed only while this tab carries
    // the flag: the DataTable and hierarchy measurements that follow on this page run without it.
    await context.addInitScript(() => {
      if (globalThis.sessionStorage.getItem('bench-screen-shown') !== '1') return;
      const seen = {};
      globalThis.__headingShownAt = seen;
      new globalThis.MutationObserver(() => {
        for (const heading of globalThis.document.querySelectorAll('h1')) {
          const text = heading.textContent ?? '';
          if (text && !(text in seen)) seen[text] = performance.now();
        }
      }).observe(globalThis.document, { childList: true, subtree: true, characterData: true });
    });
    await page.evaluate(() => globalThis.sessionStorage.setItem('bench-screen-shown', '1'));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    results.screenShownMs = {};
    for (const [route, heading] of [['/', 'Dashboard'], ...OTHER_ROUTES, ['/finalexpense', 'Final Expense']]) {
      const times = [];
      for (let run = 0; run < 5; run++) {
        await page.goto(route);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 30_000 });
        times.push(await page.evaluate((text) => globalThis.__headingShownAt[text], heading));
      }
      results.screenShownMs[route] = round(medianMax(times).medianMs, 0);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.evaluate(() => globalThis.sessionStorage.removeItem('bench-screen-shown'));

    // the signed-out welcome on /, in a fresh context (no session, empty cache)
    const signedOut = await browser.newContext({ baseURL: BASE });
    const welcome = await signedOut.newPage();
    results.welcomeJsGzipKb = (
      await measureJs(welcome, async () => {
        await welcome.goto('/');
        await welcome.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      })
    ).all;
    await signedOut.close();
  }

  // ── 4. the DataTable: sort and search 10,000 rows ────────────────────────────────────────────────
  if (!wants('web')) await signInPage(page);
  if (wants('datatable')) results.dataTable10k = await measureDataTable(page);

  // ── 10. the 5,000-agent hierarchy: API, opening the tree, search keystrokes, the 5,000-row roster ────
  if (wants('contracts')) {
    results.contracts5000 = await measureContracts({ page, base: BASE, token, serverPid: server.pid });
  }
  await browser.close();
}

// ── 9. Lighthouse, mobile preset: /sign-in, the signed-out /, and each business route signed in ───────
/** /sign-in, the signed-out /, and each business route signed in */
// BENCH_LIGHTHOUSE_ROUTES=dashboard,products: only the routes whose name contains one of these;
// BENCH_LIGHTHOUSE_DIRECT=0: only the deployed runs
const lighthouseOnly = (process.env.BENCH_LIGHTHOUSE_ROUTES ?? '').split(',').filter(Boolean);
const LIGHTHOUSE_ROUTES = [
  { name: '/sign-in', path: '/sign-in', signedIn: false },
  { name: '/ (signed out)', path: '/', signedIn: false },
  { name: '/ (dashboard)', path: '/', signedIn: true },
  ...[...ISSUE_ROUTES, ...OTHER_ROUTES].map(([route]) => ({
    name: decodeURIComponent(route),
    path: route,
    signedIn: true,
  })),
].filter((route) => lighthouseOnly.length === 0 || lighthouseOnly.some((part) => route.name.includes(part)));
if (wants('lighthouse') && process.env.BENCH_LIGHTHOUSE_DIRECT !== '0') {
  // straight to the server over plain HTTP/1.1, as the figures were taken before the bench measured the deployed portal
  // (docs/decisions/bench-and-load.md)
  results.lighthouseDirect = await measureLighthouse({
    base: BASE,
    newStoredUser: () => newStoredUser(BASE),
    routes: LIGHTHOUSE_ROUTES,
    // reported beside the deployed figures, not a target: one run each unless asked
    runs: Number(process.env.BENCH_LIGHTHOUSE_DIRECT_RUNS ?? 1),
  });
}
await stop(server);

// ── 9b. Lighthouse as deployed (docs/operations.md): nginx with TLS and HTTP/2 in front
// (docs/decisions/bench-and-load.md) ───
if (wants('lighthouse')) {
  const unavailable = deployedUnavailable();
  if (unavailable) {
    console.warn(`Lighthouse as deployed skipped: ${unavailable}`);
  } else {
    const tlsPort = PORT + 7;
    const tlsBase = `https://localhost:${tlsPort}`;
    const deployedServer = startServer({
      port: PORT,
      dataDir,
      env: { PUBLIC_URL: tlsBase, TRUST_PROXY: '127.0.0.1' },
    });
    const proxy = await startTlsProxy({ tlsPort, upstreamPort: PORT });
    try {
      await waitReady(`${BASE}/readyz`);
      results.lighthouse = await measureLighthouse({
        base: tlsBase,
        newStoredUser: () => newStoredUser(tlsBase, true),
        routes: LIGHTHOUSE_ROUTES,
        isSelfSigned: true,
      });
    } finally {
      await proxy.stop();
      await stop(deployedServer);
    }
  }
}

// ── 5. spreadsheet export: time and peak memory ─────────────────────────────────────────────────────
if (wants('xlsx')) {
  const export10k = await measureExport(10_000, 3);
  const export100k = await measureExport(100_000, 1);
  results.xlsx = {
    rows10k: export10k,
    rows100k: export100k,
    peakMemoryRatio100kTo10k: Math.round((export100k.peakRssMb / export10k.peakRssMb) * 100) / 100,
  };
}

/** the performance score a route must reach: 95 for /sign-in and / (signed out or in), 90 for every other route */
const lighthouseTarget = (name) => (name === '/sign-in' || name.startsWith('/ (') ? 95 : 90);

/** a figure this run measured, else a throw: the target is left out (BENCH_ONLY) rather than reported unmet */
function measured(value) {
  if (value === undefined) throw new Error('not measured');
  return value;
}

/** each target whose figure this run measured (BENCH_ONLY leaves the others out) */
const checks = {
  readyOnExistingDataMs: () => measured(results.readyOnExistingDataMs) < 1000,
  userInfoToBareRatio: () => measured(results.userInfoToBareRatio) >= 0.7,
  signInJsGzipKb: () => results.signInJsGzipKb.kb < 150,
  signInFlowJsGzipKb: () => measured(results.signInFlowJsGzipKb) < 150,
  signInFlowWireKb: () => measured(results.signInFlowWireKb) < 200,
  addressSuggestionsP95Ms: () => results.addressSuggestions.p95Ms < 30,
  xlsx10kMs: () => results.xlsx.rows10k.medianMs < 500,
  xlsxPeakMemoryRatio: () => results.xlsx.peakMemoryRatio100kTo10k <= 1.3,
  maPlansNoFailures: () => results.maPlans.failures === 0 && results.maPlans.plansInCounty >= 100,
  supplyOrderNoFailures: () => results.supplyOrder.failures === 0,
  dataTableSortMs: () => results.dataTable10k.sort.medianMs < 100,
  dataTableFilterMs: () => results.dataTable10k.filter.medianMs < 100,
  screenShownMs: () => Object.values(measured(results.screenShownMs)).every((ms) => ms < 1500),
  issueRoutesJsGzipKb: () => Object.values(results.issueRoutesJsGzipKb).every((entry) => entry.kb < 250),
  otherRoutesJsGzipKb: () => Object.values(results.otherRoutesJsGzipKb).every((entry) => entry.kb < 250),
  // as deployed (docs/decisions/bench-and-load.md); the direct figures are reported beside them. Issue 29's restated
  // targets: /sign-in and / at least 95, every other route at least 90 (median of 3)
  lighthousePerformance: () =>
    Object.entries(results.lighthouse).every(([name, entry]) => entry.performance >= lighthouseTarget(name)),
  lighthouseAccessibility: () => Object.values(results.lighthouse).every((entry) => entry.accessibility >= 95),
  lighthouseDirectPerformance: () =>
    Object.entries(results.lighthouseDirect).every(([name, e]) => e.performance >= lighthouseTarget(name)),
  lighthouseDirectAccessibility: () => Object.values(results.lighthouseDirect).every((e) => e.accessibility >= 95),
  hierarchySearchKeystrokeMs: () => results.contracts5000.searchKeystroke.maxMs < 100,
  roster5000Ms: () => results.contracts5000.roster5000.maxMs < 1000,
  enrollmentUploadMemoryMB: () => results.enrollmentUpload.serverRssGrowthMB < 64,
  enrollmentUploadThroughput: () => results.enrollmentUpload.throughputRatio >= 0.5,
};
const targets = {};
for (const [name, check] of Object.entries(checks)) {
  try {
    targets[name] = check();
  } catch {
    // not measured in this run
  }
}
console.log(JSON.stringify({ results, targetsMet: targets }, null, 2));
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
fs.writeFileSync(
  path.join(root, '.tmp', 'bench-results.json'),
  JSON.stringify({ at: new Date().toISOString(), results, targets }, null, 2),
);

// ── 4. prospect lists at 1 and 5 million rows (bench/prospects.mjs; BENCH_PROSPECTS=0 skips it) ──────
if (process.env.BENCH_PROSPECTS !== '0' && wants('prospects')) {
  const prospects = spawnSync(process.execPath, [path.join(root, 'bench/prospects.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (prospects.status !== 0) process.exitCode = 1;
}

// ── 5. the roster import at 50,000 agents (bench/agent-roster.mjs; BENCH_AGENTS=0 skips it) ─────────
if (process.env.BENCH_AGENTS !== '0' && wants('agents')) {
  const roster = spawnSync(process.execPath, [path.join(root, 'bench/agent-roster.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (roster.status !== 0) process.exitCode = 1;
}

// ── 5b. the back office's queues at 1,000,000 orders and enrollments (bench/staff-queues.mjs; BENCH_QUEUES=0 skips it)
if (process.env.BENCH_QUEUES !== '0' && wants('queues')) {
  const queues = spawnSync(process.execPath, [path.join(root, 'bench/staff-queues.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (queues.status !== 0) process.exitCode = 1;
}

// ── 5c. commission statements, 100,000 lines published (bench/statements.mjs; BENCH_STATEMENTS=0 skips it) ──
if (process.env.BENCH_STATEMENTS !== '0' && wants('statements')) {
  const statements = spawnSync(process.execPath, [path.join(root, 'bench/statements.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (statements.status !== 0) process.exitCode = 1;
}

// ── 6. the contracts import at 500,000 contracts (bench/contracts-import.mjs; BENCH_CONTRACTS_IMPORT=0 skips it) ──
if (process.env.BENCH_CONTRACTS_IMPORT !== '0' && wants('contracts-import')) {
  const contractsImport = spawnSync(process.execPath, [path.join(root, 'bench/contracts-import.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (contractsImport.status !== 0) process.exitCode = 1;
}

// ── 7. the notification stream at 5,000 connected agents (bench/notifications.mjs; BENCH_NOTIFICATIONS=0 skips it) ──
if (process.env.BENCH_NOTIFICATIONS !== '0' && wants('notifications')) {
  const notifications = spawnSync(process.execPath, [path.join(root, 'bench/notifications.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (notifications.status !== 0) process.exitCode = 1;
}

// ── 8. a shortened soak: memory, descriptors, connections and latency over 3 minutes of the load's mix
// (bench/load/soak.mjs, docs/decisions/bench-and-load.md; BENCH_SOAK=0 skips it, BENCH_SOAK_MINUTES sets its length) ──
if (process.env.BENCH_SOAK !== '0' && wants('soak')) {
  const soak = spawnSync(process.execPath, [path.join(root, 'bench/load/soak.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      SOAK_MINUTES: process.env.BENCH_SOAK_MINUTES ?? '3',
      SOAK_SAMPLE_SECONDS: process.env.SOAK_SAMPLE_SECONDS ?? '10',
      SOAK_SKIP_WHEN_MISSING: '1',
    },
  });
  if (soak.status !== 0) process.exitCode = 1;
}
