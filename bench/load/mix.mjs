// Runs the session mix (scenario.mjs) at an offered rate with autocannon, and the figures around it: each call's
// throughput and latency, the generator's own CPU (process.cpuUsage), each server's, nginx's, Redis's and the
// database backends' CPU (/proc/<pid>/stat), the machine's, and what the servers write to their LOAD_METRICS
// files (event-loop use and delay, the pool's waits).
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { percentile, round } from '../lib.mjs';
import { throttledSince } from './cpu-cap.mjs';
import { createRecorder, SESSION_WEIGHTS, sessionRequests, STAFF_SHARE } from './scenario.mjs';

/** the pause of one connection between its calls (autocannon's connectionRate: one call a second) */
export const THINK_SECONDS = 1;
/** connections of one kind start in this many groups spread over a second, so their calls do not all go at once */
const GROUPS = 10;

const TICKS = 100; // USER_HZ: /proc's clock ticks a second on Linux

/** CPU seconds of `pid` so far (user + system), from /proc; 0 once it is gone */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** the machine's busy and total CPU seconds so far, all cores (/proc/stat) */
function machineSeconds() {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = values.map(Number);
  const idle = n[3] + n[4];
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024, 1);
  } catch {
    return 0;
  }
}

export function openFds(pid) {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return 0;
  }
}

export function readMetrics(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** the database's backends now (pg_stat_activity), as process ids */
export async function backendPids(client, database) {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = $1', [database]);
  return rows.map((row) => row.pid);
}

/** Per call: requests a second, p50/p95/p99 and errors of what `recorder` took. */
export function callFigures(taken, seconds) {
  const calls = {};
  for (const [name, { times, errors, statuses }] of [...taken].sort(([a], [b]) => a.localeCompare(b))) {
    times.sort((a, b) => a - b);
    calls[name] = {
      requests: times.length,
      reqPerSec: round(times.length / seconds, 1),
      p50Ms: round(percentile(times, 0.5)),
      p95Ms: round(percentile(times, 0.95)),
      p99Ms: round(percentile(times, 0.99)),
      errors,
      ...(errors > 0 ? { statuses } : {}),
    };
  }
  return calls;
}

/** connections of each kind for `sessionsPerSecond`: a connection sends a call every THINK_SECONDS */
export function connectionsFor(sessionsPerSecond, calls) {
  const plan = {};
  for (const [kind, weight] of Object.entries(SESSION_WEIGHTS)) {
    plan[kind] = Math.max(1, Math.round(sessionsPerSecond * weight * calls[kind] * THINK_SECONDS));
  }
  plan.staff = Math.max(1, Math.round(sessionsPerSecond * STAFF_SHARE * calls.staff * THINK_SECONDS));
  return plan;
}

/** the session rate the plan offers (each kind's connections over its session's length) */
export function offeredRate(plan, calls) {
  return round(
    Object.entries(plan)
      .filter(([kind]) => kind !== 'staff')
      .reduce((sum, [kind, connections]) => sum + connections / (calls[kind] * THINK_SECONDS), 0),
    2,
  );
}

/** the time a session of `kind` takes when each call is quick: its calls, a THINK_SECONDS apart */
const sessionSeconds = (calls, kind) => calls[kind] * THINK_SECONDS;

/**
 * Runs `plan` (connections per kind) for `warmupSeconds` and then `seconds` against `portal`. Each kind's
 * connections start in groups spread over one session's length, so that at any moment the connections are at
 * every point of their sequence (the mix of calls is the session's, not all sign-ins at once); the warm-up is at
 * least that long and is not counted. `setup` as scenario.mjs asks, `calls` its calls per session; `onSample`,
 * when given, is called every `sampleSeconds` with the calls since the last sample (the soak). Answers the calls,
 * the sessions signed in, the CPU of each process and the servers' metrics, over the counted part.
 */
export async function runMix({ portal, setup, calls, plan, seconds, warmupSeconds = 0, onSample, sampleSeconds = 10 }) {
  const recorder = createRecorder();
  let nextAgent = 0;
  let nextSlot = 0;
  const instances = [];
  const client = new pg.Client({ connectionString: portal.databaseUrl });
  await client.connect();
  const database = new URL(portal.databaseUrl).pathname.slice(1);
  const pids = {
    servers: portal.servers.map((server) => server.pid),
    nginx: portal.nginxPid,
    redis: portal.redisPid,
  };
  const cpuOf = async () => ({
    generator: process.cpuUsage(),
    servers: pids.servers.map(cpuSeconds),
    nginx: cpuSeconds(pids.nginx),
    redis: cpuSeconds(pids.redis),
    backends: Object.fromEntries((await backendPids(client, database)).map((pid) => [pid, cpuSeconds(pid)])),
    machine: machineSeconds(),
    throttling: (portal.caps ?? []).map((cap) => cap.throttling()),
    at: performance.now(),
  });
  const metrics = portal.metricsFiles.map(() => []);
  let counting = false;
  const metricsTimer = setInterval(() => {
    if (!counting) return;
    portal.metricsFiles.forEach((file, i) => {
      const m = readMetrics(file);
      if (m) metrics[i].push(m);
    });
  }, 1000);

  const warmup = Math.max(warmupSeconds, ...Object.keys(plan).map((kind) => sessionSeconds(calls, kind)));
  const total = warmup + seconds;
  for (const [kind, connections] of Object.entries(plan)) {
    const groups = Math.min(GROUPS, connections);
    const spreadMs = sessionSeconds(calls, kind) * 1000;
    for (let g = 0; g < groups; g += 1) {
      const size = Math.floor(connections / groups) + (g < connections % groups ? 1 : 0);
      const requests = sessionRequests(kind, setup, recorder);
      const delayMs = (g * spreadMs) / groups;
      instances.push(
        new Promise((resolve, reject) => {
          setTimeout(() => {
            const instance = autocannon(
              {
                url: setup.base,
                connections: size,
                connectionRate: 1 / THINK_SECONDS,
                duration: total - delayMs / 1000,
                timeout: 30,
                requests,
                setupClient(c) {
                  // the connection's own agent (or staff slot), for every session it runs
                  const own =
                    kind === 'staff' ? { slot: nextSlot++ } : { agent: `load${1 + (nextAgent++ % setup.agents)}` };
                  Object.assign(c.requestIterator.initialContext, own);
                  Object.assign(c.requestIterator.context, own);
                },
              },
              (err, result) => (err ? reject(err) : resolve(result)),
            );
            instance.on('error', () => undefined);
          }, delayMs);
        }),
      );
    }
  }
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
  recorder.take();
  counting = true;
  const before = await cpuOf();
  const started = performance.now();
  let sampler;
  if (onSample) {
    sampler = setInterval(() => onSample(recorder.take()), sampleSeconds * 1000);
  }
  const results = await Promise.all(instances);
  if (sampler) clearInterval(sampler);
  clearInterval(metricsTimer);
  const after = await cpuOf();
  counting = false;
  await client.end();
  const wall = (performance.now() - started) / 1000;
  const elapsed = (after.at - before.at) / 1000;
  const share = (seconds) => round((seconds / elapsed) * 100, 0);
  const generator =
    (after.generator.user - before.generator.user + after.generator.system - before.generator.system) / 1e6;
  const backendSeconds = Object.entries(after.backends).reduce(
    (sum, [pid, s]) => sum + s - (before.backends[pid] ?? 0),
    0,
  );
  const taken = recorder.take();
  const callsMeasured = callFigures(taken, wall);
  const transport = results.reduce(
    (sum, r) => ({ errors: sum.errors + r.errors, timeouts: sum.timeouts + r.timeouts }),
    { errors: 0, timeouts: 0 },
  );
  const tokens = callsMeasured['sign-in: token'];
  const completed = (tokens?.requests ?? 0) - (tokens?.errors ?? 0);
  const mean = (list, pick) => (list.length ? round(list.reduce((a, m) => a + pick(m), 0) / list.length, 3) : null);
  return {
    seconds: round(wall, 1),
    sessionsStartedPerSec: round((callsMeasured['sign-in: authorize']?.requests ?? 0) / wall, 2),
    signedInPerSec: round(completed / wall, 2),
    calls: callsMeasured,
    transport,
    // % of one core over the run: the generator (this process), each server, nginx, Redis, the database's
    // backends of this database; the machine's busy share of all its cores (others' work included)
    cpuPercent: {
      generator: share(generator),
      servers: after.servers.map((s, i) => share(s - before.servers[i])),
      nginx: share(after.nginx - before.nginx),
      redis: share(after.redis - before.redis),
      postgresBackends: share(backendSeconds),
      machineBusyOfAllCores: round(
        ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) * 100,
        0,
      ),
      cores: os.availableParallelism(),
    },
    // CPU milliseconds a signed-in session costs each part: what the rate a quiet machine can carry follows from
    cpuMsPerSession:
      completed === 0
        ? null
        : {
            generator: round((generator * 1000) / completed, 1),
            servers: round((after.servers.reduce((a, s, i) => a + s - before.servers[i], 0) * 1000) / completed, 1),
            postgresBackends: round((backendSeconds * 1000) / completed, 1),
            nginx: round(((after.nginx - before.nginx) * 1000) / completed, 1),
          },
    // each capped replica's throttling over the counted part (cpu.stat): periods it ran in, periods it was
    // throttled in, and the time its threads waited for the next period
    throttling: after.throttling.map((a, i) => {
      const t = throttledSince(before.throttling[i], a);
      return { ...t, throttledShare: t.periods ? round(t.throttledPeriods / t.periods, 2) : 0 };
    }),
    servers: metrics.map((list) => ({
      eventLoopUtilization: mean(list, (m) => m.eventLoop.utilization),
      eventLoopDelayP99MsMax: list.length ? Math.max(...list.map((m) => m.eventLoop.delayP99Ms)) : null,
      poolWaitingShare: mean(list, (m) => m.pool?.waitingShare ?? 0),
      poolWaitingMax: list.length ? Math.max(...list.map((m) => m.pool?.waitingMax ?? 0)) : null,
      eventLoopDelayMaxMs: list.length ? Math.max(...list.map((m) => m.eventLoop.delayMaxMs)) : null,
    })),
  };
}
