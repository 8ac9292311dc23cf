// Figures for the load bench and the soak (bench/load, docs/decisions/bench-and-load.md), only when LOAD_METRICS names
// a file: every second the process writes there its heap after the last full garbage collection, the event loop's delay
// and use over that second, and the database pool's clients and waits. Nothing is served over HTTP and nothing runs
// when LOAD_METRICS is unset; the file is written whole each time (a temporary file renamed over it).
import fs from 'node:fs';
import {
  constants,
  monitorEventLoopDelay,
  performance,
  PerformanceObserver,
  type PerformanceEntry,
} from 'node:perf_hooks';
import v8 from 'node:v8';

export interface LoadMetricsSource {
  /** the database pool now (PostgreSQL only) */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

const WRITE_EVERY_MS = 1000;
const POOL_SAMPLE_MS = 50;
/** the event-loop delay histogram's timer (its figures include it: it is taken off) */
const DELAY_RESOLUTION_MS = 10;

const delayMs = (ns: number) => Math.max(0, Math.round(ns / 1e4) / 100 - DELAY_RESOLUTION_MS);

/** Starts writing the figures to `file`; answers the function that stops it. */
export function startLoadMetrics(file: string, source: LoadMetricsSource = {}): () => void {
  let heapAfterGc: number | null = null;
  let majorGcs = 0;
  let gcPauseMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcPauseMs += entry.duration;
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        majorGcs += 1;
        heapAfterGc = v8.getHeapStatistics().used_heap_size;
      }
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  delay.enable();
  let utilization = performance.eventLoopUtilization();
  let poolWaitingMax = 0;
  let poolWaitSamples = 0;
  let poolSamples = 0;
  const poolTimer = source.poolStats
    ? setInterval(() => {
        const { waiting } = source.poolStats!();
        poolWaitingMax = Math.max(poolWaitingMax, waiting);
        poolSamples += 1;
        if (waiting > 0) poolWaitSamples += 1;
      }, POOL_SAMPLE_MS)
    : undefined;
  poolTimer?.unref();
  const temporary = `${file}.${process.pid}.tmp`;
  const write = () => {
    const now = performance.eventLoopUtilization();
    const memory = process.memoryUsage();
    const figures = {
      at: new Date().toISOString(),
      pid: process.pid,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapAfterGcBytes: heapAfterGc,
      majorGcs,
      gcPauseMs: Math.round(gcPauseMs),
      eventLoop: {
        utilization: Math.round(performance.eventLoopUtilization(now, utilization).utilization * 1000) / 1000,
        delayP50Ms: delayMs(delay.percentile(50)),
        delayP99Ms: delayMs(delay.percentile(99)),
        delayMaxMs: delayMs(delay.max),
      },
      pool: source.poolStats
        ? {
            ...source.poolStats(),
            waitingMax: poolWaitingMax,
            // the share of samples with a request waiting for a client over the last second
            waitingShare: poolSamples === 0 ? 0 : Math.round((poolWaitSamples / poolSamples) * 100) / 100,
          }
        : null,
    };
    utilization = now;
    delay.reset();
    gcPauseMs = 0;
    poolWaitingMax = 0;
    poolWaitSamples = 0;
    poolSamples = 0;
    try {
      fs.writeFileSync(temporary, JSON.stringify(figures));
      fs.renameSync(temporary, file);
    } catch {
      // a figure missed: the next second writes again
    }
  };
  const timer = setInterval(write, WRITE_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (poolTimer) clearInterval(poolTimer);
    delay.disable();
    gc.disconnect();
  };
}
