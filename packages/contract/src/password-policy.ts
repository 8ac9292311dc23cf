/**
 * The spec's create-password rules (8+ characters with a lower-case letter, a capital and a number, both
 * entries equal) plus what the decision record below adds: up to 128 characters, never truncated,
 * and not a commonly used password (checked on the server). See docs/decisions/002-password-policy.md.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export interface PasswordRule {
  id: 'length' | 'lower' | 'upper' | 'digit' | 'match';
  label: string;
  test: (password: string, confirmation: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => [...p].length >= PASSWORD_MIN_LENGTH && [...p].length <= PASSWORD_MAX_LENGTH,
  },
  { id: 'lower', label: 'One lower case letter', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'upper', label: 'One capital letter', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'digit', label: 'One number', test: (p) => /\d/.test(p) },
  { id: 'match', label: 'Both passwords match', test: (p, c) => p.length > 0 && p === c },
];

export function checkPassword(password: string, confirmation: string) {
  return PASSWORD_RULES.map((rule) => ({ ...rule, ok: rule.test(password, confirmation) }));
}

export function passesPasswordRules(password: string, confirmation = password): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password, confirmation));
}
