import { describe, expect, it } from 'vitest';
import { computeSecurityHeaders } from './security-headers.ts';

describe('computeSecurityHeaders', () => {
  it("turns helmet's options into the fixed header list", () => {
    const headers = new Map(
      computeSecurityHeaders({
        hsts: false,
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } },
      }),
    );
    expect(headers.get('content-security-policy')).toBe("default-src 'self';object-src 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.has('strict-transport-security')).toBe(false);
  });
});
