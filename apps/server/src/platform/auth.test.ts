import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearerToken } from './auth.ts';

const withHeader = (authorization: string | undefined) => ({ headers: { authorization } }) as FastifyRequest;

describe('bearerToken', () => {
  it('reads the usual "Bearer <token>" and the forms RFC 6750 allows', () => {
    expect(bearerToken(withHeader('Bearer abc.def.ghi'))).toBe('abc.def.ghi');
    expect(bearerToken(withHeader('bearer abc.def.ghi'))).toBe('abc.def.ghi');
    expect(bearerToken(withHeader('Bearer   abc.def.ghi'))).toBe('abc.def.ghi');
    expect(bearerToken(withHeader('Bearer\tabc.def.ghi'))).toBe('abc.def.ghi');
  });

  it('finds no token in anything else', () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Bearer a b', 'Bearer a\tb', 'Basic abc', 'Bearerabc']) {
      expect(bearerToken(withHeader(header))).toBeUndefined();
    }
  });
});
