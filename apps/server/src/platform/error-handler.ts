import { MESSAGES, type ErrorResponse } from '@arc/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './database-errors.ts';
import { AppError, errorCodeForStatus } from './errors.ts';
import { captureRequestError } from './sentry.ts';
import { sendUnavailable } from './unavailable.ts';

/**
 * The one error handler: every answer is the contract's ErrorResponse. Validation errors list their fields
 * (fieldErrors, by field) and say the first problem in words (message, without the field's name),
 * AppErrors keep their code, a database that cannot be reached is a 503 with Retry-After (the client may try
 * again; nothing was half-written, every multi-row write is one transaction), and anything else unexpected is
 * logged with the request, sent to Sentry when SENTRY_DSN is set (platform/sentry.ts) and masked as a 500.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      (fieldErrors[key] ??= []).push(issue.message ?? 'Invalid value');
    }
    // the message is for people: the first problem in words, never a schema field name (those stay in fieldErrors)
    const [, firstMessages] = Object.entries(fieldErrors)[0] ?? ['_', ['Invalid request']];
    const body: ErrorResponse = { code: 'BAD_REQUEST', message: firstMessages[0] ?? 'Invalid request', fieldErrors };
    return reply.code(400).send(body);
  }
  if (!(error instanceof AppError && error.status < 500) && isDatabaseUnavailable(error)) {
    request.log.warn({ err: error, url: request.url }, 'database unavailable');
    return sendUnavailable(reply);
  }
  if (error instanceof AppError) {
    if (error.status >= 500) {
      request.log.error({ err: error }, error.message);
      captureRequestError(error, request);
    }
    const body: ErrorResponse = { code: error.code, message: error.message };
    if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(error.status).send(body);
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, url: request.url }, 'response did not match the contract');
    captureRequestError(error, request);
    return reply.code(500).send({ code: 'INTERNAL', message: 'Internal server error' });
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error, url: request.url }, 'unhandled error');
    captureRequestError(error, request);
    return reply.code(status).send({ code: 'INTERNAL', message: 'Internal server error' });
  }
  const code = errorCodeForStatus(status);
  const message = status === 429 ? MESSAGES.tooManyRequests : (FRAMEWORK_MESSAGES[error.code] ?? error.message);
  return reply.code(status).send({ code, message });
}

/**
 * Fastify's own errors (FST_ERR_*) in words a caller can act on; those not listed keep Fastify's message (a bad
 * or empty JSON body says what is wrong already). The code is always the app's, from the status.
 */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This call does not take a body of that content type.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_BAD_URL: 'The address is not a valid address: it holds a broken percent-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
};
