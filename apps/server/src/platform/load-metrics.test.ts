import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startLoadMetrics } from './load-metrics.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const waitFor = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('LOAD_METRICS', () => {
  it('is off unless it names a file', () => {
    expect(loadConfig({}).loadMetricsFile).toBeUndefined();
    expect(loadConfig({ LOAD_METRICS: '/tmp/arc-metrics.json' }).loadMetricsFile).toBe('/tmp/arc-metrics.json');
  });

  it('writes the heap, the event loop and the pool to the file every second, whole', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-load-metrics-'));
    const file = path.join(dir, 'server.json');
    const stop = startLoadMetrics(file, { poolStats: () => ({ total: 3, idle: 1, waiting: 2 }) });
    cleanups.push(() => {
      stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await waitFor(() => fs.existsSync(file));
    const figures = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(figures).toMatchObject({
      pid: process.pid,
      rssBytes: expect.any(Number),
      heapUsedBytes: expect.any(Number),
      eventLoop: {
        utilization: expect.any(Number),
        delayP50Ms: expect.any(Number),
        delayP99Ms: expect.any(Number),
      },
      pool: { total: 3, idle: 1, waiting: 2, waitingMax: 2, waitingShare: 1 },
    });
    // written through a temporary file renamed over it: nothing half-written is left beside it
    expect(fs.readdirSync(dir)).toEqual(['server.json']);
  });

  it('writes no pool figures for the embedded database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-load-metrics-'));
    const file = path.join(dir, 'server.json');
    const stop = startLoadMetrics(file);
    cleanups.push(() => {
      stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await waitFor(() => fs.existsSync(file));
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pool).toBeNull();
  });
});
