import { describe, expect, it } from 'vitest';
import { LoginRequestSchema } from './identity.ts';
import { signInBody, validateSignIn } from './sign-in-form.ts';

const CASES: Array<[string, string]> = [
  ['demo', 'Harbor-Agent-2026!'],
  ['', 'x'],
  ['   ', 'x'],
  [' demo ', ''],
  ['x'.repeat(200), 'p'],
  ['x'.repeat(201), 'p'],
  [` ${'x'.repeat(200)} `, 'p'],
  ['demo', 'a'.repeat(128)],
  ['demo', 'a'.repeat(129)],
  ['demo', '😀'.repeat(128)],
  ['demo', '😀'.repeat(129)],
  ['\u00a0demo\u2003', 'p'],
];

describe('validateSignIn', () => {
  it.each(CASES)('says what LoginRequestSchema says for %j / %j', (username, password) => {
    const parsed = LoginRequestSchema.safeParse({ username, password });
    const errors = validateSignIn({ username, password });
    const zodErrors: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) zodErrors[String(issue.path[0])] ??= issue.message;
    expect(errors).toEqual(zodErrors);
    if (parsed.success) expect(signInBody({ username, password })).toEqual(parsed.data);
  });
});
