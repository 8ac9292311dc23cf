/** Every error a service throws on purpose. The code picks the HTTP status in one table. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** the current terms version is not accepted yet (the web app's terms gate) */
  TERMS_NOT_ACCEPTED: 403,
  NOT_FOUND: 404,
  /** a body that did not arrive in time (BODY_TIMEOUT_MS) */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  LOCKED: 423,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The code of an HTTP status that Fastify or a plugin raised itself (405, 413 from a body limit, 429 from the
 * rate limiter …): the same table read backwards; a status it lacks is a BAD_REQUEST (4xx) or INTERNAL.
 */
export function errorCodeForStatus(status: number): ErrorCode {
  const entry = Object.entries(ERROR_STATUS).find(([, value]) => value === status);
  if (entry) return entry[0] as ErrorCode;
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** sent as `Retry-After` (a 429 that knows when the caller may try again) */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fieldErrors?: Record<string, string[]>; cause?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fieldErrors = options.fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
