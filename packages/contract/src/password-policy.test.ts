import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  containsAccountName,
  isPasswordTooLong,
  passesPasswordRules,
  PASSWORD_MAX_LENGTH,
  PASSWORD_TOO_LONG,
} from './password-policy.ts';

describe('password rules', () => {
  it('passes a password with 8+ characters, lower, upper and a digit that matches its confirmation', () => {
    expect(passesPasswordRules('Abcdefg1', 'Abcdefg1')).toBe(true);
  });

  it.each([
    ['Abcdef1', 'length'],
    ['ABCDEFG1', 'lower'],
    ['abcdefg1', 'upper'],
    ['Abcdefgh', 'digit'],
  ])('fails %s on the %s rule', (password, rule) => {
    const failing = checkPassword(password, password)
      .filter((r) => !r.ok)
      .map((r) => r.id);
    expect(failing).toEqual([rule]);
  });

  it('fails when the confirmation differs', () => {
    expect(checkPassword('Abcdefg1', 'Abcdefg2').find((r) => r.id === 'match')?.ok).toBe(false);
  });

  it('accepts long passphrases up to the maximum and counts characters, not bytes', () => {
    const long = `Aa1${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`;
    expect(passesPasswordRules(long)).toBe(true);
    expect(passesPasswordRules(`${long}y`)).toBe(false);
    expect(passesPasswordRules('Ünïcödé1')).toBe(true);
  });

  it('a password over the maximum still meets "At least 8 characters"; it is refused as too long instead', () => {
    const long = `Aa1${'x'.repeat(297)}`;
    expect(checkPassword(long, long).every((rule) => rule.ok)).toBe(true);
    expect(isPasswordTooLong(long)).toBe(true);
    expect(passesPasswordRules(long, long)).toBe(false);
    expect(PASSWORD_TOO_LONG).toBe('Password must be 128 characters or fewer.');
  });

  it('finds a username or NPN of 5 characters or more in a password, and the demo password passes every rule', () => {
    expect(containsAccountName('Agent-17000003-x', ['someone', '17000003'])).toBe(true);
    expect(containsAccountName('my-NEWCOMER-pass', ['newcomer', '17000004'])).toBe(true);
    expect(containsAccountName('Demo-Agent-2026!', ['demo', '17000001'])).toBe(false);
    expect(passesPasswordRules('Demo-Agent-2026!')).toBe(true);
  });
});
