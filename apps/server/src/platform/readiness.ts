// The server's readiness (`GET /readyz`, docs/decisions/outages-readiness-backup.md): a health state kept in memory and
// refreshed in the background, so a load balancer's probe costs the database nothing.

/** How often the database is asked (`select 1`) while the server is up. */
export const READY_REFRESH_MS = 250;
/**
 * A ping not answered within this time counts as a failure: a database that stopped answering (no reset, no
 * refusal) is reported within READY_REFRESH_MS + READY_TIMEOUT_MS, one second.
 */
const READY_TIMEOUT_MS = 750;

/** How long the app waits, at start, for the first ping (a new connection) before it listens. */
const FIRST_ANSWER_MS = 5000;

export interface Readiness {
  /** true while the last ping answered and none has been waiting longer than READY_TIMEOUT_MS */
  isReady(): boolean;
  /** settles when the first ping answered or failed, or FIRST_ANSWER_MS passed (app.ts waits for it at start) */
  firstAnswer: Promise<void>;
  /** stops the background pings and waits for the one in flight */
  close(): Promise<void>;
}

/**
 * Pings the database every `refreshMs` on an unref'd timer (it never keeps the process alive) and keeps the
 * answer. A ping that fails marks the server not ready at once; one that hangs marks it not ready once it has
 * waited `timeoutMs`, for as long as it waits; a ping that answers marks it ready again. Starts not ready until
 * the first ping answers (the app waits for it before it listens: `firstAnswer`).
 */
export function createReadiness(
  ping: () => Promise<unknown>,
  { refreshMs = READY_REFRESH_MS, timeoutMs = READY_TIMEOUT_MS } = {},
): Readiness {
  let ready = false;
  let inFlight: Promise<void> | undefined;
  let pingStarted = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const refresh = () => {
    if (inFlight) {
      // still waiting: past the timeout the database is not answering, whatever the ping says later
      if (performance.now() - pingStarted > timeoutMs) ready = false;
      return;
    }
    pingStarted = performance.now();
    inFlight = ping()
      .then(
        () => {
          // answered, if late: the database is there (while it was late, isReady said no)
          ready = true;
        },
        () => {
          ready = false;
        },
      )
      .finally(() => {
        inFlight = undefined;
      });
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      refresh();
      schedule();
    }, refreshMs);
    timer.unref();
  };
  refresh();
  const first = inFlight;
  schedule();

  return {
    firstAnswer: new Promise<void>((resolve) => {
      void first?.finally(resolve);
      // a first connection can take longer than a ping (PostgreSQL's pool gives up after 5 s)
      setTimeout(resolve, FIRST_ANSWER_MS).unref();
    }),
    isReady: () => ready && !(inFlight && performance.now() - pingStarted > timeoutMs),
    async close() {
      closed = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
