import { ErrorResponseSchema } from '@arc/contract';

/** Any non-2xx answer, in the contract's error shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(status: number, code: string, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

/** No answer at all (offline, DNS, a dropped connection): the app's one message for it. */
export const networkError = (): ApiError =>
  new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');

/** A refusal's error: the server's message from its JSON body (the contract's shape), else its status. */
export function refusalError(status: number, body: unknown): ApiError {
  const parsed = ErrorResponseSchema.safeParse(body);
  return parsed.success
    ? new ApiError(status, parsed.data.code, parsed.data.message, parsed.data.fieldErrors)
    : new ApiError(status, 'HTTP_ERROR', `The server answered ${status}.`);
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';
