import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { cgroupCpuQuota } from './cpu-limit.ts';
import {
  hashPassword,
  passwordHashConcurrency,
  passwordHashNice,
  setPasswordHashConcurrency,
  setPasswordHashNice,
  verifyPassword,
} from './passwords.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** a cgroup file system of `files` (paths under its root) and a /proc/self/cgroup naming `lines` */
function fakeCgroups(files: Record<string, string>, lines: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-cgroup-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'fs', file)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'fs', file), `${text}\n`);
  }
  fs.writeFileSync(path.join(dir, 'self'), `${lines.join('\n')}\n`);
  return [path.join(dir, 'fs'), path.join(dir, 'self')] as const;
}

describe('the CPU limit of the process', () => {
  it('reads a cgroup v2 quota (cpu.max) of the process’s own group', () => {
    const [root, self] = fakeCgroups({ 'kubepods/pod1/cpu.max': '50000 100000' }, ['0::/kubepods/pod1']);
    expect(cgroupCpuQuota(root, self)).toBe(0.5);
  });

  it('reads a cgroup v1 quota over its period, on a cpu or cpu,cpuacct hierarchy', () => {
    const [root, self] = fakeCgroups(
      { 'cpu/arc/replica-0/cpu.cfs_quota_us': '150000', 'cpu/arc/replica-0/cpu.cfs_period_us': '100000' },
      ['4:memory:/x', '1:cpu:/arc/replica-0', '0::/'],
    );
    expect(cgroupCpuQuota(root, self)).toBe(1.5);
    const [root2, self2] = fakeCgroups(
      { 'cpu,cpuacct/docker/c1/cpu.cfs_quota_us': '25000', 'cpu,cpuacct/docker/c1/cpu.cfs_period_us': '100000' },
      ['3:cpu,cpuacct:/docker/c1'],
    );
    expect(cgroupCpuQuota(root2, self2)).toBe(0.25);
  });

  it('is no limit with no quota, an unlimited one, or no cgroups at all', () => {
    const [root, self] = fakeCgroups({ 'cpu.max': 'max 100000' }, ['0::/']);
    expect(cgroupCpuQuota(root, self)).toBeNull();
    const [root1, self1] = fakeCgroups({ 'cpu/cpu.cfs_quota_us': '-1', 'cpu/cpu.cfs_period_us': '100000' }, [
      '1:cpu:/',
    ]);
    expect(cgroupCpuQuota(root1, self1)).toBeNull();
    expect(cgroupCpuQuota('/nonexistent', '/nonexistent/cgroup')).toBeNull();
  });
});

describe('password hashes under a CPU limit', () => {
  it('PASSWORD_HASH_CONCURRENCY is a whole number from 1 to 64, unset by default', () => {
    expect(loadConfig({}).passwordHashConcurrency).toBeUndefined();
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '2' }).passwordHashConcurrency).toBe(2);
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });

  it('runs more hashes than slots one after another, each answering its own result', async () => {
    const before = passwordHashConcurrency();
    setPasswordHashConcurrency(1);
    try {
      const hashes = await Promise.all(['a-Pass-1!', 'b-Pass-2!', 'c-Pass-3!'].map((p) => hashPassword(p)));
      const checks = await Promise.all([
        verifyPassword('a-Pass-1!', hashes[0]!),
        verifyPassword('b-Pass-2!', hashes[1]!),
        verifyPassword('wrong', hashes[2]!),
        verifyPassword('c-Pass-3!', hashes[2]!),
      ]);
      expect(checks).toEqual([true, true, false, true]);
    } finally {
      setPasswordHashConcurrency(before);
    }
  });

  it.runIf(process.platform === 'linux')('hashes on a thread of its own, at nice 10 under a CPU limit', async () => {
    const niceOfThreads = () =>
      fs.readdirSync('/proc/self/task').map((tid) => {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    const before = passwordHashNice();
    setPasswordHashNice(10);
    try {
      await hashPassword('d-Pass-4!');
      expect(niceOfThreads()).toContain(10);
      expect(niceOfThreads()[0]).toBe(0); // the main thread keeps its priority
    } finally {
      setPasswordHashNice(before);
    }
  });
});
