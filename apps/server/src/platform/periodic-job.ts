import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `job` every `everyMs` (never two at once; a failure is logged and the next run tries again).
 * Returns the stop function, which waits for a run in progress.
 */
export function startPeriodicJob(options: {
  name: string;
  everyMs: number;
  log: FastifyBaseLogger;
  job: () => Promise<unknown>;
}): () => Promise<void> {
  const { name, everyMs, log, job } = options;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = job()
      .then(() => undefined)
      .catch((err: unknown) => log.warn({ err, job: name }, 'periodic job failed'))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
