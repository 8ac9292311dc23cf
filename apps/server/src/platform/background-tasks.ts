interface LoggerLike {
  error(obj: unknown, msg?: string): void;
}

/**
 * Work that must not change how long a request takes (e-mailing a link only when the NPN is known).
 * Failures are logged; `idle()` lets the app wait for what is in flight before it closes.
 */
export function createBackgroundTasks(log: LoggerLike) {
  const running = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<void>): void {
      const promise = task()
        .catch((err: unknown) => log.error({ err, task: name }, 'background task failed'))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
