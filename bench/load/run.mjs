// `npm run load` (docs/decisions/bench-and-load.md; bench/README.md, "Load and soak"): the session mix of scenario.mjs,
// driven by autocannon, against the production build on PostgreSQL behind nginx — one replica, two, three, each
// replica in a CPU cap of its own (cpu-cap.mjs: LOAD_CPU_CAP cores, default 0.5, every LOAD_CPU_PERIOD_US, default
// 100,000 µs as container platforms use; LOAD_CPU_CAP=0: no cap). Before the load, a capped busy loop must be held to
// its quota. For each topology, LOAD_SEARCHES (3) step searches over offered session rates, their median the point:
// a step passes when every call's p95 is under LOAD_P95_MS (300) and no call failed; the rate doubles from
// LOAD_START_RATE × replicas until a step fails, then LOAD_BISECT halvings between the last pass and the first
// failure. Each step runs LOAD_STEP_SECONDS (30) counted, after a warm-up of the same rate as long as the longest
// session (or LOAD_WARMUP_SECONDS, when longer), not counted. Per point: each part's CPU per session, each
// replica's throttling (cpu.stat) and event loop. PostgreSQL, Redis, nginx and the generator are never capped.
// Prints a summary and writes .tmp/load-report.json. LOAD_REPLICAS=1,2 runs those topologies only;
// LOAD_CPU_PROF=1 starts the servers with --cpu-prof (profiles in .tmp/load-profiles). All traffic is to loopback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, round } from '../lib.mjs';
import { capSupport, checkCap, createCaps } from './cpu-cap.mjs';
import { connectionsFor, offeredRate, runMix } from './mix.mjs';
import { missingTools, sessionSetup, startPortal } from './portal.mjs';
import { callsPerSession } from './scenario.mjs';

const P95_MS = Number(process.env.LOAD_P95_MS ?? 300);
const START_RATE = Number(process.env.LOAD_START_RATE ?? 1);
const MAX_RATE = Number(process.env.LOAD_MAX_RATE ?? 64);
const BISECT = Number(process.env.LOAD_BISECT ?? 2);
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 0);
const AGENTS = Number(process.env.LOAD_AGENTS ?? 1000);
const UPLOAD_BYTES = Number(process.env.LOAD_UPLOAD_MB ?? 2) * 1024 * 1024;
const TOPOLOGIES = (process.env.LOAD_REPLICAS ?? '1,2,3').split(',').map(Number);
const SEARCHES = Number(process.env.LOAD_SEARCHES ?? 3);
const CPU_CAP = Number(process.env.LOAD_CPU_CAP ?? 0.5);
const CPU_PERIOD_US = Number(process.env.LOAD_CPU_PERIOD_US ?? 100_000);
/**
 * each cap's weight against the rest of the machine (cpu.shares / cpu.weight; unset: the default). On a machine
 * shared with other work, a weight high enough gives each replica its quota, as a platform honours a CPU request
 * (a Guaranteed pod's request equals its limit): the quota is then the replica's limit, not the others' load
 */
const CPU_WEIGHT = process.env.LOAD_CPU_WEIGHT ? Number(process.env.LOAD_CPU_WEIGHT) : undefined;
const tmp = path.join(root, '.tmp');

const missing = missingTools();
if (missing.length > 0) {
  console.error(`npm run load needs ${missing.join(' and ')} (apt-get install nginx redis-server)`);
  process.exit(2);
}

let caps;
let capCheck;
if (CPU_CAP > 0) {
  const support = capSupport();
  if (support.reason) {
    console.error(`npm run load cannot cap the replicas' CPU: ${support.reason}`);
    process.exit(2);
  }
  caps = createCaps({ cores: CPU_CAP, periodUs: CPU_PERIOD_US, weight: CPU_WEIGHT });
  capCheck = await checkCap(caps);
  console.log(`CPU cap (cgroup v${caps.version}, ${caps.quotaUs} µs every ${CPU_PERIOD_US} µs): ${capCheck.message}`);
  if (!capCheck.ok) {
    caps.removeAll();
    process.exit(1);
  }
}

/** why a step failed: the calls over the p95 limit or with errors, and transport errors */
function failures(step) {
  const reasons = [];
  for (const [name, call] of Object.entries(step.calls)) {
    if (call.p95Ms >= P95_MS) reasons.push(`${name} p95 ${call.p95Ms} ms`);
    if (call.errors > 0) reasons.push(`${name} ${call.errors} errors ${JSON.stringify(call.statuses)}`);
  }
  if (step.transport.errors > 0) reasons.push(`${step.transport.errors} connection errors`);
  if (step.transport.timeouts > 0) reasons.push(`${step.transport.timeouts} timeouts`);
  return reasons;
}

function printStep(replicas, step) {
  const cpu = step.cpuPercent;
  console.log(
    `  ${replicas} replica(s) · offered ${step.offeredSessionsPerSec} sessions/s (${step.connections} connections) → ` +
      `${step.signedInPerSec} signed in/s · ${step.passed ? 'PASS' : `FAIL: ${step.failures.slice(0, 3).join('; ')}`}`,
  );
  console.log(
    `    CPU % of one core: generator ${cpu.generator}, servers ${cpu.servers.join(' + ')}, nginx ${cpu.nginx}, ` +
      `redis ${cpu.redis}, postgres backends ${cpu.postgresBackends}; machine busy ${cpu.machineBusyOfAllCores}% ` +
      `of ${cpu.cores} cores`,
  );
  if (step.throttling.length > 0) {
    console.log(
      `    throttled: ${step.throttling.map((t) => `${t.throttledMs} ms in ${t.throttledPeriods}/${t.periods} periods`).join(' · ')}; ` +
        `event loop p99 delay (worst second) ${step.servers.map((m) => m.eventLoopDelayP99MsMax).join(' · ')} ms`,
    );
  }
}

async function stepAt(portal, setup, calls, rate, replicas) {
  const plan = connectionsFor(rate, calls);
  const figures = await runMix({ portal, setup, calls, plan, seconds: STEP_SECONDS, warmupSeconds: WARMUP_SECONDS });
  const reasons = failures(figures);
  const step = {
    offeredSessionsPerSec: offeredRate(plan, calls),
    connections: Object.values(plan).reduce((a, b) => a + b, 0),
    plan,
    passed: reasons.length === 0,
    failures: reasons,
    ...figures,
  };
  printStep(replicas, step);
  return step;
}

/** one step search: doubling from the start rate until a step fails, then BISECT halvings */
async function search(portal, setup, calls, replicas) {
  const steps = [];
  let passed = null;
  let failed = null;
  for (let rate = START_RATE * replicas; rate <= MAX_RATE; rate *= 2) {
    const step = await stepAt(portal, setup, calls, rate, replicas);
    steps.push(step);
    if (step.passed) passed = step;
    else {
      failed = step;
      break;
    }
  }
  if (failed) {
    // below the start rate when the first step failed
    let low = passed?.offeredSessionsPerSec ?? 0;
    let high = failed.offeredSessionsPerSec;
    for (let i = 0; i < BISECT; i += 1) {
      const step = await stepAt(portal, setup, calls, round((low + high) / 2, 2), replicas);
      steps.push(step);
      if (step.passed) {
        low = step.offeredSessionsPerSec;
        passed = step.offeredSessionsPerSec > (passed?.offeredSessionsPerSec ?? 0) ? step : passed;
      } else high = step.offeredSessionsPerSec;
    }
  }
  return {
    sustainedSessionsPerSec: passed?.offeredSessionsPerSec ?? 0,
    sustainedSignedInPerSec: passed?.signedInPerSec ?? 0,
    atSustained: passed,
    steps,
  };
}

/** the step searches on one topology */
async function measure(replicas) {
  const metricsDir = path.join(tmp, 'load-metrics');
  const profileDir = path.join(tmp, 'load-profiles', `replicas-${replicas}`);
  const serverArgs = process.env.LOAD_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const portal = await startPortal({ replicas, agents: AGENTS, metricsDir, serverArgs, caps });
  let renew;
  try {
    const setup = await sessionSetup(portal, { agents: AGENTS, uploadBytes: UPLOAD_BYTES });
    // a staff access token lives 15 minutes: a fresh one every 10, for a long search
    renew = setInterval(() => void setup.renewStaffToken().catch(() => undefined), 10 * 60_000);
    const calls = callsPerSession(setup);
    const searches = [];
    for (let n = 0; n < SEARCHES; n += 1) {
      console.log(`  search ${n + 1} of ${SEARCHES}`);
      searches.push(await search(portal, setup, calls, replicas));
    }
    // the point: the median search (by its sustained rate) and its figures
    const median = [...searches].sort((a, b) => a.sustainedSessionsPerSec - b.sustainedSessionsPerSec)[
      Math.floor((searches.length - 1) / 2)
    ];
    return {
      replicas,
      callsPerSession: calls,
      prospectsInCountySearch: setup.prospectsFound,
      sustainedSessionsPerSec: median.sustainedSessionsPerSec,
      sustainedSignedInPerSec: median.sustainedSignedInPerSec,
      searchesSustained: searches.map((one) => one.sustainedSessionsPerSec),
      atSustained: median.atSustained,
      searches,
      profiles: serverArgs.length > 0 ? profileDir : undefined,
    };
  } finally {
    clearInterval(renew);
    await portal.stop();
  }
}

const report = {
  at: new Date().toISOString(),
  machine: {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model,
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    loadAverageAtStart: os.loadavg().map((n) => round(n, 2)),
  },
  settings: { P95_MS, STEP_SECONDS, WARMUP_SECONDS, AGENTS, UPLOAD_BYTES, START_RATE, BISECT, SEARCHES },
  cpuCap: caps
    ? {
        cores: CPU_CAP,
        periodUs: CPU_PERIOD_US,
        quotaUs: caps.quotaUs,
        weight: CPU_WEIGHT ?? 'default',
        cgroup: caps.version,
        check: capCheck,
      }
    : null,
  topologies: {},
};
try {
  for (const replicas of TOPOLOGIES) {
    console.log(
      `\n▶ ${replicas} replica(s)${caps ? `, each capped at ${CPU_CAP} core` : ''}, behind nginx, PostgreSQL`,
    );
    report.topologies[replicas] = await measure(replicas);
  }
} finally {
  caps?.removeAll();
}
report.machine.loadAverageAtEnd = os.loadavg().map((n) => round(n, 2));
const one = report.topologies[1]?.sustainedSessionsPerSec;
// each point against N times one replica (the target: at least 0.9 × N; above N, one replica's own limit was not CPU)
report.scaling = {};
for (const topology of Object.values(report.topologies)) {
  if (topology.replicas === 1 || !one) continue;
  report.scaling[topology.replicas] = round(topology.sustainedSessionsPerSec / (one * topology.replicas), 2);
}
fs.mkdirSync(tmp, { recursive: true });
fs.writeFileSync(path.join(tmp, 'load-report.json'), `${JSON.stringify(report, null, 2)}\n`);

console.log('\n══ Load summary (every call p95 < %d ms, no error) ══', P95_MS);
console.log(
  `machine: ${report.machine.cores} cores, load average ${report.machine.loadAverageAtStart.join(' ')} at start, ` +
    `${report.machine.loadAverageAtEnd.join(' ')} at the end`,
);
if (caps) console.log(`each replica capped: ${CPU_CAP} core every ${CPU_PERIOD_US / 1000} ms (${capCheck.message})`);
console.log(
  '\nreplicas  sustained sessions/s (searches)   ÷ (N × one)   CPU ms per session: servers / postgres / nginx / generator',
);
for (const topology of Object.values(report.topologies)) {
  const per = topology.atSustained?.cpuMsPerSession;
  const scale = report.scaling[topology.replicas];
  console.log(
    `${String(topology.replicas).padStart(8)}  ${String(topology.sustainedSessionsPerSec).padStart(9)} ` +
      `(${topology.searchesSustained.join(', ')})`.padEnd(24) +
      `${scale === undefined ? '—' : `${scale}${scale > 1 ? ' (above N×)' : ''}`}`.padStart(12) +
      `   ${per ? `${per.servers} / ${per.postgresBackends} / ${per.nginx} / ${per.generator}` : '—'}`,
  );
}
for (const topology of Object.values(report.topologies)) {
  const at = topology.atSustained;
  console.log(`\n${topology.replicas} replica(s): sustained ${topology.sustainedSessionsPerSec} sessions/s`);
  if (!at) {
    // no step passed: what the lowest step of each search cost and why it failed
    for (const [n, one] of topology.searches.entries()) {
      const low = [...one.steps].sort((a, b) => a.offeredSessionsPerSec - b.offeredSessionsPerSec)[0];
      const per = low.cpuMsPerSession;
      console.log(
        `  search ${n + 1}: at ${low.offeredSessionsPerSec} sessions/s ${low.failures.slice(0, 3).join('; ')}; ` +
          `CPU ms per session: servers ${per?.servers}, postgres ${per?.postgresBackends}; throttled ` +
          `${low.throttling.map((t) => `${t.throttledMs} ms`).join(' · ') || '—'}; machine busy ` +
          `${low.cpuPercent.machineBusyOfAllCores}%`,
      );
    }
    continue;
  }
  console.log(
    `  at that rate — CPU % of one core: generator ${at.cpuPercent.generator}, servers ${at.cpuPercent.servers.join(' + ')}, ` +
      `postgres ${at.cpuPercent.postgresBackends}, nginx ${at.cpuPercent.nginx}; machine busy ${at.cpuPercent.machineBusyOfAllCores}%`,
  );
  if (at.throttling.length > 0) {
    console.log(
      `  throttled (cpu.stat, over ${at.seconds} s): ` +
        at.throttling
          .map((t, i) => `replica ${i + 1} ${t.throttledMs} ms in ${t.throttledPeriods} of ${t.periods} periods`)
          .join(' · '),
    );
  }
  console.log(
    `  event loop: use ${at.servers.map((m) => m.eventLoopUtilization).join(' · ')}, p99 delay (worst second) ` +
      `${at.servers.map((m) => m.eventLoopDelayP99MsMax).join(' · ')} ms`,
  );
  console.log('  call                          req/s    p50    p95    p99  errors');
  for (const [name, call] of Object.entries(at.calls)) {
    console.log(
      `  ${name.padEnd(28)} ${String(call.reqPerSec).padStart(6)} ${String(call.p50Ms).padStart(6)} ` +
        `${String(call.p95Ms).padStart(6)} ${String(call.p99Ms).padStart(6)} ${String(call.errors).padStart(7)}`,
    );
  }
}
console.log(`\nreport: ${path.relative(root, path.join(tmp, 'load-report.json'))}`);
