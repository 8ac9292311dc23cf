/** node's socket errors and node-postgres' own words for a connection that failed, broke or timed out */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/**
 * PostgreSQL's SQLSTATEs for "the server is not there for you right now": class 08 (connection exception),
 * 57P01–57P03 (shutdown, crash, cannot connect now) and 53300 (too many connections).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
const NETWORK_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Connection refused|the database system is (starting up|shutting down)/i;

/**
 * True when `error` (or anything in its `cause` chain: Drizzle wraps the driver's error) says the database could
 * not be reached, as opposed to a query that failed on its own. Those answer 503 with Retry-After, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (NETWORK_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
