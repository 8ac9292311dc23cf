// CPU caps for the load's replicas (bench/README.md, "Load and soak"): each server process in a cgroup of its own with a
// CPU quota, the way a container runtime applies a CPU limit (Kubernetes' `resources.limits.cpu`, Docker's `--cpus`):
// `quota` microseconds of CPU every `period` microseconds for all of the process's threads together; once spent, every
// thread of it waits for the next period. cgroup v2 (`cpu.max`) when the unified hierarchy has the cpu controller, else
// cgroup v1 (`cpu.cfs_period_us`, `cpu.cfs_quota_us`). The caps are made under one directory of this run
// (`arc-load-<pid>`) and removed by `remove()` (and on exit). Needs root and a writable cgroup file system:
// `capSupport()` says why not otherwise. Only the servers go in: PostgreSQL, Redis, nginx and the generator stay out.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const V2_ROOT = '/sys/fs/cgroup';
const V1_ROOT = '/sys/fs/cgroup/cpu';

const readText = (file) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** Which cgroup version can cap CPU here: `{ version, root }`, or `{ reason }` saying why none can. */
export function capSupport() {
  if (process.platform !== 'linux') return { reason: 'CPU caps need Linux cgroups' };
  if (process.getuid?.() !== 0) {
    return { reason: 'CPU caps need root (they create cgroups): run as root, or LOAD_CPU_CAP=0 for no cap' };
  }
  const v2 = readText(path.join(V2_ROOT, 'cgroup.controllers'));
  if (v2 !== null && v2.split(/\s+/).includes('cpu')) return { version: 2, root: V2_ROOT };
  if (readText(path.join(V1_ROOT, 'cpu.cfs_quota_us')) !== null) return { version: 1, root: V1_ROOT };
  return {
    reason:
      'no cgroup file system with the cpu controller (neither /sys/fs/cgroup/cgroup.controllers with cpu nor ' +
      '/sys/fs/cgroup/cpu/cpu.cfs_quota_us): mount one, or LOAD_CPU_CAP=0 for no cap',
  };
}

/** `cpu.stat` as numbers: `{ nr_periods, nr_throttled, throttled_usec (v2) | throttled_time (v1, ns), … }` */
function readStat(dir) {
  const text = readText(path.join(dir, 'cpu.stat')) ?? '';
  return Object.fromEntries(
    text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [key, number] = line.split(' ');
        return [key, Number(number)];
      }),
  );
}

/** The throttling so far: periods, throttled periods, throttled milliseconds (one format for both versions). */
function throttling(version, dir) {
  const s = readStat(dir);
  return {
    periods: s.nr_periods ?? 0,
    throttledPeriods: s.nr_throttled ?? 0,
    throttledMs: version === 2 ? (s.throttled_usec ?? 0) / 1000 : (s.throttled_time ?? 0) / 1e6,
  };
}

/**
 * The caps of one run: `cap(name)` makes a cgroup of `cores` (e.g. 0.5) per `periodUs`, with `weight` when given, and answers
 * `{ name, dir, add(pid), throttling(), remove() }`; `removeAll()` removes every cap and the run's directory.
 */
export function createCaps({ cores, periodUs, weight }) {
  const support = capSupport();
  if (support.reason) throw new Error(support.reason);
  const { version, root } = support;
  const quotaUs = Math.round(cores * periodUs);
  if (quotaUs < 1000) throw new Error(`a quota of ${quotaUs} µs per period is under the kernel's 1 ms minimum`);
  const base = path.join(root, `arc-load-${process.pid}`);
  fs.mkdirSync(base, { recursive: true });
  // v2: a child can only have the cpu controller when its parent hands it down
  if (version === 2) fs.writeFileSync(path.join(base, 'cgroup.subtree_control'), '+cpu');
  const made = [];

  const remove = (dir) => {
    // whatever is still in it goes back to the root group first (a cgroup with processes cannot be removed)
    for (const pid of (readText(path.join(dir, 'cgroup.procs')) ?? '').split('\n').filter(Boolean)) {
      try {
        fs.writeFileSync(path.join(root, 'cgroup.procs'), pid);
      } catch {
        // gone meanwhile
      }
    }
    try {
      fs.rmdirSync(dir);
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
    }
  };
  const removeAll = () => {
    for (const cap of made.splice(0)) remove(cap.dir);
    remove(base);
  };
  process.once('exit', () => {
    try {
      removeAll();
    } catch {
      // best effort on the way out
    }
  });

  return {
    version,
    quotaUs,
    periodUs,
    cores,
    cap(name) {
      const dir = path.join(base, name);
      fs.mkdirSync(dir);
      if (version === 2) fs.writeFileSync(path.join(dir, 'cpu.max'), `${quotaUs} ${periodUs}`);
      else {
        // the period first: a quota larger than the old period is refused the other way round
        fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(periodUs));
        fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quotaUs));
      }
      // the group's weight against the machine's other work (v1 cpu.shares, 2–262144; v2 cpu.weight, 1–10000), as
      // a container platform sets it from the CPU request: unset leaves the default (1024 / 100)
      if (weight) {
        if (version === 2) fs.writeFileSync(path.join(dir, 'cpu.weight'), String(Math.min(10_000, weight)));
        else fs.writeFileSync(path.join(dir, 'cpu.shares'), String(Math.min(262_144, weight)));
      }
      const cap = {
        name,
        dir,
        /** moves the process (all of its threads, and the ones it starts later) into the cap */
        add(pid) {
          fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
        },
        throttling: () => throttling(version, dir),
        remove: () => {
          remove(dir);
          made.splice(made.indexOf(cap), 1);
        },
      };
      made.push(cap);
      return cap;
    },
    removeAll,
  };
}

/** throttling since `before` (both from `cap.throttling()`) */
export const throttledSince = (before, after) => ({
  periods: after.periods - before.periods,
  throttledPeriods: after.throttledPeriods - before.throttledPeriods,
  throttledMs: Math.round(after.throttledMs - before.throttledMs),
});

const TICKS = 100;
const cpuSecondsOf = (pid) => {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
};

/**
 * The check before a run: a busy loop of `threads` threads (worker threads of one Node process) in a cap for
 * `seconds`. Its CPU over the wall time must not pass the quota (5 % and one clock tick of measuring slack).
 * Answers `{ ok, cores, usedCores, periods, throttledPeriods, throttledMs, message }`. On a busy machine the loop
 * may get less than the quota (other work takes the cores): that is reported, not failed.
 */
export async function checkCap(caps, { seconds = 3, threads = 2 } = {}) {
  const cap = caps.cap('check');
  // workers from an eval: each runs the same spin as the main thread
  const script = `
    const { Worker } = require('node:worker_threads');
    const spin = 'const end = Date.now() + ${seconds * 1000 + 500}; while (Date.now() < end);';
    for (let i = 1; i < ${threads}; i += 1) new Worker(spin, { eval: true });
    eval(spin);
  `;
  // a shell that moves itself into the cap, then becomes the loop: nothing of it runs uncapped
  const child = spawn(
    'sh',
    ['-c', `echo $$ > ${path.join(cap.dir, 'cgroup.procs')} && exec "$0" -e "$1"`, process.execPath, script],
    {
      stdio: 'ignore',
    },
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 400)); // the workers started
    const before = { cpu: cpuSecondsOf(child.pid), at: performance.now(), stat: cap.throttling() };
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const after = { cpu: cpuSecondsOf(child.pid), at: performance.now(), stat: cap.throttling() };
    const usedCores = (after.cpu - before.cpu) / ((after.at - before.at) / 1000);
    const throttled = throttledSince(before.stat, after.stat);
    const limit = caps.cores * 1.05 + 1 / TICKS / seconds;
    // held: never above the quota. Not throttled at all and under it: the machine's other work kept the loop
    // from its quota, so the cap was not tested (said, not failed)
    const ok = usedCores <= limit;
    const used = Math.round(usedCores * 100) / 100;
    const message = ok
      ? `a ${threads}-thread busy loop in a ${caps.cores}-core cap used ${used} of a core ` +
        `(throttled in ${throttled.throttledPeriods} of ${throttled.periods} periods)` +
        (usedCores < caps.cores * 0.8
          ? `: less than its quota, the machine is busy${throttled.throttledPeriods === 0 ? ' (the cap was not reached: not tested)' : ''}`
          : '')
      : `the cap does not hold: a ${threads}-thread busy loop in a ${caps.cores}-core cap used ${used} of a core ` +
        `(throttled in ${throttled.throttledPeriods} periods)`;
    return { ok, cores: caps.cores, usedCores: used, ...throttled, message };
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) =>
      child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', resolve),
    );
    cap.remove();
  }
}
