import { Secret, TOTP } from 'otpauth';

/**
 * The staff second factor (docs/decisions/back-office.md): TOTP as RFC 6238 and every authenticator app expect it —
 * HMAC-SHA-1, 6 digits, 30-second steps, a 160-bit secret shown in base32.
 */
const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps either side of now a code is still good for: a phone clock a little off, a code typed at a step's end. */
const WINDOW = 1;

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totp = (secret: string, label = '', issuer = '') =>
  new TOTP({ ...PARAMS, secret: Secret.fromBase32(secret), label, issuer });

/** The `otpauth://totp/…` URI an authenticator app scans. */
export const totpUri = (secret: string, account: string, issuer: string): string =>
  totp(secret, account, issuer).toString();

/** The code of a moment (tests, and the demo's e2e compute it the same way). */
export const totpCode = (secret: string, at: Date): string => totp(secret).generate({ timestamp: at.getTime() });

/**
 * The 30-second step a code is good for at `at` (within one step either side), or undefined. The caller keeps the
 * last step accepted and refuses a step not after it, so that a code is good once (RFC 6238 §5.2).
 */
export function matchTotpStep(secret: string, code: string, at: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret).validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return undefined;
  return TOTP.counter({ period: PARAMS.period, timestamp: at.getTime() }) + delta;
}
