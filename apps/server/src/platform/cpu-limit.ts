// The CPU this process may use (docs/operations.md, "Replicas with CPU limits"): a container's CPU limit is a cgroup
// quota (cgroup v2 `cpu.max`, v1 `cpu.cfs_quota_us` over `cpu.cfs_period_us`), which neither Node's
// `os.availableParallelism()` nor the libuv thread pool know of on cgroup v1. Read once at start; the password hash's
// concurrency is sized from it (passwords.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const read = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/**
 * The quota of the cgroup named in `/proc/self/cgroup` (`cgroupRoot`, `procSelfCgroup` are for the tests), in cores:
 * 0.5 for 50 ms every 100 ms; null with no quota (or no cgroups: not Linux, not readable).
 */
export function cgroupCpuQuota(cgroupRoot = '/sys/fs/cgroup', procSelfCgroup = '/proc/self/cgroup'): number | null {
  const lines = read(procSelfCgroup)?.split('\n') ?? [];
  for (const line of lines) {
    const [, controllers = '', where = '/'] = line.split(':');
    const at = where.replace(/^\/+/, '');
    if (controllers === '') {
      // v2: "0::/path"; cpu.max is "max 100000" or "<quota> <period>"
      const max = read(path.join(cgroupRoot, at, 'cpu.max'));
      const [quota, period] = max?.split(' ') ?? [];
      if (quota && quota !== 'max' && Number(period) > 0) return Number(quota) / Number(period);
    } else if (controllers.split(',').includes('cpu')) {
      // v1: the cpu controller's own hierarchy (mounted as cpu, or cpu,cpuacct)
      for (const mount of ['cpu', 'cpu,cpuacct', 'cpuacct,cpu']) {
        const dir = path.join(cgroupRoot, mount, at);
        const quota = Number(read(path.join(dir, 'cpu.cfs_quota_us')));
        const period = Number(read(path.join(dir, 'cpu.cfs_period_us')));
        if (quota > 0 && period > 0) return quota / period;
      }
    }
  }
  return null;
}

/** The cores this process may keep busy: its cgroup quota when it has one, else the cores it may run on. */
export function cpuLimitCores(): number {
  const cores = os.availableParallelism();
  const quota = cgroupCpuQuota();
  return quota === null ? cores : Math.min(cores, quota);
}
