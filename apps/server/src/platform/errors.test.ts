import { describe, expect, it } from 'vitest';
import { AppError, ERROR_STATUS, errorCodeForStatus, type ErrorCode } from './errors.ts';

describe('the one status table', () => {
  it('gives every code its status, and every status of the table back its code', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS) as Array<[ErrorCode, number]>) {
      expect(new AppError(code, 'x').status).toBe(status);
      expect(errorCodeForStatus(status)).toBe(code);
    }
  });

  it('answers BAD_REQUEST for another 4xx and INTERNAL for another 5xx', () => {
    expect(errorCodeForStatus(405)).toBe('BAD_REQUEST');
    expect(errorCodeForStatus(418)).toBe('BAD_REQUEST');
    expect(errorCodeForStatus(502)).toBe('INTERNAL');
  });
});
