// `npm run soak` (docs/decisions/bench-and-load.md; bench/README.md, "Load and soak"): the session mix of scenario.mjs
// at half the rate `npm run load` sustained (.tmp/load-report.json of the same topology; else SOAK_RATE sessions/s,
// default 2) for SOAK_MINUTES (30), on PostgreSQL behind nginx (SOAK_REPLICAS, default 1). Every SOAK_SAMPLE_SECONDS
// (30) it samples each server's RSS and open file descriptors (/proc/<pid>), its heap after the last full collection
// (what the server writes to its LOAD_METRICS file), the database's connections (pg_stat_activity) and the
// latency of the calls since the last sample. After the warm-up (the first SOAK_WARMUP_MINUTES, default a sixth of
// the run) it checks: RSS and heap flat within 10 % (the mean of the last third of the samples against the first
// third), no growth of descriptors (the fewest open in the last third against the first) or connections, and
// latency at the end as at the start (the median sample of each third: p50 within 20 % + 2 ms, p95 within 30 % +
// 5 ms: why, in bench/README.md). Writes .tmp/soak-report.json; exits 1 when a check fails.
// `npm run bench` runs a shortened soak (BENCH_ONLY=soak: 3 minutes, a sample every 10 s).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { percentile, root, round } from '../lib.mjs';
import { connectionsFor, offeredRate, openFds, readMetrics, rssMb, runMix } from './mix.mjs';
import { missingTools, sessionSetup, startPortal } from './portal.mjs';
import { callsPerSession } from './scenario.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 30);
const WARMUP_MINUTES = Number(process.env.SOAK_WARMUP_MINUTES ?? MINUTES / 6);
const REPLICAS = Number(process.env.SOAK_REPLICAS ?? 1);
const AGENTS = Number(process.env.LOAD_AGENTS ?? 1000);
const UPLOAD_BYTES = Number(process.env.LOAD_UPLOAD_MB ?? 2) * 1024 * 1024;
/** a staff access token lives 15 minutes: a fresh one every 10 */
const STAFF_RENEW_MS = 10 * 60_000;
const tmp = path.join(root, '.tmp');

const missing = missingTools();
if (missing.length > 0) {
  console.error(`npm run soak needs ${missing.join(' and ')} (apt-get install nginx redis-server)`);
  // in npm run bench it is skipped with this message, as Lighthouse as deployed is without nginx
  process.exit(process.env.SOAK_SKIP_WHEN_MISSING === '1' ? 0 : 2);
}

function soakRate() {
  if (process.env.SOAK_RATE) return { rate: Number(process.env.SOAK_RATE), from: 'SOAK_RATE' };
  try {
    const report = JSON.parse(fs.readFileSync(path.join(tmp, 'load-report.json'), 'utf8'));
    const sustained = report.topologies?.[REPLICAS]?.sustainedSessionsPerSec;
    if (sustained > 0) return { rate: round(sustained / 2, 2), from: `half of ${sustained} (.tmp/load-report.json)` };
  } catch {
    // no load report yet
  }
  return { rate: 2, from: 'default (no load report of this topology)' };
}

const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
// the project's one p50 (bench/lib.mjs), of the samples in order
const median = (list) =>
  percentile(
    [...list].sort((a, b) => a - b),
    0.5,
  );
const thirds = (list) => {
  const n = Math.max(1, Math.floor(list.length / 3));
  return { first: list.slice(0, n), last: list.slice(-n) };
};

const { rate, from } = soakRate();
const portal = await startPortal({ replicas: REPLICAS, agents: AGENTS, metricsDir: path.join(tmp, 'soak-metrics') });
const samples = [];
let result;
try {
  const setup = await sessionSetup(portal, { agents: AGENTS, uploadBytes: UPLOAD_BYTES });
  const calls = callsPerSession(setup);
  const plan = connectionsFor(rate, calls);
  const client = new pg.Client({ connectionString: portal.databaseUrl });
  await client.connect();
  const database = new URL(portal.databaseUrl).pathname.slice(1);
  const started = Date.now();
  console.log(
    `soak: ${offeredRate(plan, calls)} sessions/s (${from}) for ${MINUTES} min, ${REPLICAS} replica(s), ` +
      `a sample every ${SAMPLE_SECONDS} s`,
  );
  const renew = setInterval(() => void setup.renewStaffToken().catch(() => undefined), STAFF_RENEW_MS);
  // every sample: the calls since the last one, each server's memory and descriptors, the database's connections
  const onSample = (taken) => {
    const times = [...taken.values()].flatMap((call) => call.times).sort((a, b) => a - b);
    const errors = [...taken.values()].reduce((sum, call) => sum + call.errors, 0);
    const servers = portal.servers.map((server, i) => {
      const metrics = readMetrics(portal.metricsFiles[i]);
      return {
        rssMb: rssMb(server.pid),
        heapAfterGcMb: metrics?.heapAfterGcBytes ? round(metrics.heapAfterGcBytes / 1024 ** 2, 1) : null,
        heapUsedMb: metrics ? round(metrics.heapUsedBytes / 1024 ** 2, 1) : null,
        fds: openFds(server.pid),
      };
    });
    const sample = {
      minute: round((Date.now() - started) / 60_000, 2),
      requests: times.length,
      errors,
      p50Ms: round(percentile(times, 0.5) ?? 0),
      p95Ms: round(percentile(times, 0.95) ?? 0),
      servers,
    };
    samples.push(sample);
    void client
      .query('select count(*)::int as n from pg_stat_activity where datname = $1', [database])
      .then(({ rows }) => {
        sample.dbConnections = rows[0].n;
        console.log(
          `  ${sample.minute.toFixed(1).padStart(5)} min  ${sample.requests} calls, ${errors} errors, p50 ${sample.p50Ms} ms, ` +
            `p95 ${sample.p95Ms} ms · ${servers.map((s) => `RSS ${s.rssMb} MB heap ${s.heapAfterGcMb ?? '-'} MB fds ${s.fds}`).join(' | ')} · db ${sample.dbConnections}`,
        );
      });
  };
  const figures = await runMix({
    portal,
    setup,
    calls,
    plan,
    seconds: MINUTES * 60,
    onSample,
    sampleSeconds: SAMPLE_SECONDS,
  });
  clearInterval(renew);
  await client.end();

  const after = samples.filter((s) => s.minute >= WARMUP_MINUTES && s.dbConnections !== undefined);
  const { first, last } = thirds(after);
  const growth = (pick) => {
    const a = mean(first.map(pick));
    const b = mean(last.map(pick));
    return a > 0 ? round(((b - a) / a) * 100, 1) : 0;
  };
  const checks = {};
  const perServer = portal.servers.map((_, i) => {
    const heapOf = (s) => s.servers[i].heapAfterGcMb ?? s.servers[i].heapUsedMb ?? 0;
    return {
      rssGrowthPercent: growth((s) => s.servers[i].rssMb),
      heapAfterGcGrowthPercent: growth(heapOf),
      fdsFirstMin: Math.min(...first.map((s) => s.servers[i].fds)),
      fdsLastMin: Math.min(...last.map((s) => s.servers[i].fds)),
      fdsFirstMax: Math.max(...first.map((s) => s.servers[i].fds)),
      fdsLastMax: Math.max(...last.map((s) => s.servers[i].fds)),
    };
  });
  checks.rssFlatWithin10Percent = perServer.every((s) => Math.abs(s.rssGrowthPercent) <= 10);
  checks.heapFlatWithin10Percent = perServer.every((s) => Math.abs(s.heapAfterGcGrowthPercent) <= 10);
  // A descriptor is a socket or a file. The open connections follow the latency (a slow minute keeps more of
  // nginx's connections busy at once) and come back; a leak never gives its descriptors back, so it raises the
  // floor: the fewest open in the last third against the fewest in the first.
  checks.noFdGrowth = perServer.every((s) => s.fdsLastMin <= s.fdsFirstMin + 4);
  const dbFirst = Math.max(...first.map((s) => s.dbConnections));
  const dbLast = Math.max(...last.map((s) => s.dbConnections));
  checks.noDbConnectionGrowth = dbLast <= dbFirst;
  // the typical sample of each third (its median): a few slow minutes that recover do not move it, a drift that
  // lasts (a growing heap scanned by every collection, a pool waiting longer) does; the means are kept beside it
  const latency = {
    startP50Ms: round(median(first.map((s) => s.p50Ms))),
    endP50Ms: round(median(last.map((s) => s.p50Ms))),
    startP95Ms: round(median(first.map((s) => s.p95Ms))),
    endP95Ms: round(median(last.map((s) => s.p95Ms))),
    meanStartP50Ms: round(mean(first.map((s) => s.p50Ms))),
    meanEndP50Ms: round(mean(last.map((s) => s.p50Ms))),
    meanStartP95Ms: round(mean(first.map((s) => s.p95Ms))),
    meanEndP95Ms: round(mean(last.map((s) => s.p95Ms))),
  };
  checks.latencyP50AsAtStart = latency.endP50Ms <= latency.startP50Ms * 1.2 + 2;
  checks.latencyP95AsAtStart = latency.endP95Ms <= latency.startP95Ms * 1.3 + 5;
  checks.noErrors = samples.every((sample) => sample.errors === 0);
  result = {
    at: new Date().toISOString(),
    machine: { cores: os.availableParallelism(), loadAverage: os.loadavg().map((n) => round(n, 2)) },
    minutes: MINUTES,
    warmupMinutes: WARMUP_MINUTES,
    replicas: REPLICAS,
    sessionsPerSec: offeredRate(plan, calls),
    rateFrom: from,
    servers: perServer,
    dbConnections: { firstThirdMax: dbFirst, lastThirdMax: dbLast },
    latency,
    cpuPercent: figures.cpuPercent,
    calls: figures.calls,
    checks,
    passed: Object.values(checks).every(Boolean),
    samples,
  };
} finally {
  await portal.stop();
}
fs.writeFileSync(path.join(tmp, 'soak-report.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('\n══ Soak summary ══');
console.log(
  `${result.minutes} min at ${result.sessionsPerSec} sessions/s, ${result.replicas} replica(s); checks after ${round(result.warmupMinutes, 1)} min of warm-up:`,
);
for (const [i, server] of result.servers.entries()) {
  console.log(
    `  server ${i + 1}: RSS ${server.rssGrowthPercent > 0 ? '+' : ''}${server.rssGrowthPercent} %, heap after GC ` +
      `${server.heapAfterGcGrowthPercent > 0 ? '+' : ''}${server.heapAfterGcGrowthPercent} %, fds (fewest) ${server.fdsFirstMin} → ${server.fdsLastMin}, (most) ${server.fdsFirstMax} → ${server.fdsLastMax}`,
  );
}
console.log(
  `  db connections ${result.dbConnections.firstThirdMax} → ${result.dbConnections.lastThirdMax}; latency p50 ` +
    `${result.latency.startP50Ms} → ${result.latency.endP50Ms} ms, p95 ${result.latency.startP95Ms} → ${result.latency.endP95Ms} ms`,
);
for (const [name, ok] of Object.entries(result.checks)) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}`);
console.log(`report: ${path.relative(root, path.join(tmp, 'soak-report.json'))}`);
if (!result.passed) process.exitCode = 1;
