import { describe, expect, it } from 'vitest';
import { AppError, ERROR_STATUS, errorCodeForStatus, type ErrorCode } from './errors.ts';

describe('the one status table', () => {
  it('gives every code its status, and every status of the table back its first (general) code', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS) as Array<[ErrorCode, number]>) {
      expect(new AppError(code, 'x').status).toBe(status);
      const general = errorCodeForStatus(status);
      expect(ERROR_STATUS[general]).toBe(status);
    }
    // a status shared by a special case reads back as the general code: a Fastify 403 is not a terms refusal
    expect(errorCodeForStatus(403)).toBe('FORBIDDEN');
    expect(new AppError('TERMS_NOT_ACCEPTED', 'x').status).toBe(403);
  });

  it('answers BAD_REQUEST for another 4xx and INTERNAL for another 5xx', () => {
    expect(errorCodeForStatus(405)).toBe('BAD_REQUEST');
    expect(errorCodeForStatus(418)).toBe('BAD_REQUEST');
    expect(errorCodeForStatus(502)).toBe('INTERNAL');
  });
});
