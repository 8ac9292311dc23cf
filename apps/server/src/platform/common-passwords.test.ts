import { passesPasswordRules } from '@arc/contract';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, COMMON_WORDS, isCommonPassword, loadBreachList } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it('lists a few hundred passwords, each of which passes the composition rules', async () => {
    expect(COMMON_PASSWORDS.length + COMMON_WORDS.length).toBeGreaterThan(500);
    expect(COMMON_PASSWORDS.filter((p) => !passesPasswordRules(p))).toEqual([]);
    expect((await Promise.all(COMMON_PASSWORDS.map(isCommonPassword))).every(Boolean)).toBe(true);
  });

  it('ships a breach-corpus list of at least the 10,000 most common passwords', async () => {
    const list = await loadBreachList();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    for (const common of ['123456', 'password', 'qwerty', 'iloveyou', 'trustno1']) expect(list.has(common)).toBe(true);
  });

  it('refuses the keyboard walks and padded digit runs of breach lists that pass the composition rules', async () => {
    for (const password of ['1qaz@WSX', 'Zaq1@wsx', '!QAZ2wsx', 'Qwe123qwe', 'Xx123456', 'Zxc123456']) {
      expect(passesPasswordRules(password)).toBe(true);
      expect({ password, common: await isCommonPassword(password) }).toEqual({ password, common: true });
    }
  });

  it('refuses common words padded with digits and symbols, in any case and with symbol swaps', async () => {
    for (const password of [
      'Password1',
      'PASSWORD1a',
      'Welcome2026!',
      'Medicare2025',
      'P@ssw0rd77',
      'Qwerty789!',
      'Summer1999#',
    ]) {
      expect({ password, common: await isCommonPassword(password) }).toEqual({ password, common: true });
    }
  });

  it('accepts passwords that are not just a common word', async () => {
    for (const password of [
      'Harbor-Lantern-58',
      'Demo-Agent-2026!',
      'Harbor-Agent-2026!',
      'Sunshine-Valley-Road-9',
      'Tq7vLm2xWp',
    ]) {
      expect({ password, common: await isCommonPassword(password) }).toEqual({ password, common: false });
    }
  });
});
