import { passesPasswordRules } from '@arc/contract';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, COMMON_WORDS, isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it('lists a few hundred passwords, each of which passes the composition rules', () => {
    expect(COMMON_PASSWORDS.length + COMMON_WORDS.length).toBeGreaterThan(500);
    expect(COMMON_PASSWORDS.filter((p) => !passesPasswordRules(p))).toEqual([]);
    expect(COMMON_PASSWORDS.every(isCommonPassword)).toBe(true);
  });

  it('refuses common words padded with digits and symbols, in any case and with symbol swaps', () => {
    for (const password of [
      'Password1',
      'PASSWORD1a',
      'Welcome2026!',
      'Medicare2025',
      'P@ssw0rd77',
      'Qwerty789!',
      'Summer1999#',
    ]) {
      expect({ password, common: isCommonPassword(password) }).toEqual({ password, common: true });
    }
  });

  it('accepts passwords that are not just a common word', () => {
    for (const password of ['Harbor-Lantern-58', 'Demo-Agent-2026!', 'Sunshine-Valley-Road-9', 'Tq7vLm2xWp']) {
      expect({ password, common: isCommonPassword(password) }).toEqual({ password, common: false });
    }
  });
});
