import { HOTP, Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotpStep, newTotpSecret, totpCode, totpUri } from './totp.ts';

/** RFC 6238 appendix B: the SHA-1 seed is the ASCII of "12345678901234567890"; codes of 8 digits. */
const RFC_SEED = Secret.fromLatin1('12345678901234567890');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('answers the RFC test vectors (SHA-1), of which our 6-digit codes are the last six digits', () => {
    for (const [seconds, expected] of RFC_VECTORS) {
      const counter = Math.floor(seconds / 30);
      expect(HOTP.generate({ secret: RFC_SEED, algorithm: 'SHA1', digits: 8, counter })).toBe(expected);
      expect(totpCode(RFC_SEED.base32, new Date(seconds * 1000))).toBe(expected.slice(-6));
    }
  });

  it('accepts a code one step either side of now, answering its step, and nothing further', () => {
    const secret = RFC_SEED.base32;
    const at = new Date(1111111111 * 1000);
    const step = Math.floor(1111111111 / 30);
    expect(matchTotpStep(secret, totpCode(secret, at), at)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() - 90_000)), at)).toBeUndefined();
    expect(matchTotpStep(secret, '12345', at)).toBeUndefined();
    expect(matchTotpStep(secret, 'abcdef', at)).toBeUndefined();
  });

  it('makes 160-bit base32 secrets and an otpauth URI an authenticator app reads', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, 'admin@staff.test', 'Agent Resource Center'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
