/**
 * The spec's create-password rules (8+ characters with a lower-case letter, a capital and a number, both
 * entries equal) plus what the decision record below adds: up to 128 characters, never truncated,
 * and not a commonly used password (checked on the server). See docs/decisions/passwords-and-sign-in.md.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Said on the field (and by the server) when a password is longer than the maximum; the checklist stays true. */
export const PASSWORD_TOO_LONG = `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer.`;

/** Characters, not UTF-16 units or bytes: an emoji counts once. */
export const passwordLength = (password: string): number => [...password].length;

export interface PasswordRule {
  id: 'length' | 'lower' | 'upper' | 'digit' | 'match';
  label: string;
  test: (password: string, confirmation: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    // the upper bound is not a rule of the list: a long password meets "at least 8" (see PASSWORD_TOO_LONG)
    test: (p) => passwordLength(p) >= PASSWORD_MIN_LENGTH,
  },
  { id: 'lower', label: 'One lower case letter', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'upper', label: 'One capital letter', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'digit', label: 'One number', test: (p) => /\d/.test(p) },
  { id: 'match', label: 'Both passwords match', test: (p, c) => p.length > 0 && p === c },
];

export function checkPassword(password: string, confirmation: string) {
  return PASSWORD_RULES.map((rule) => ({ ...rule, ok: rule.test(password, confirmation) }));
}

export const isPasswordTooLong = (password: string): boolean => passwordLength(password) > PASSWORD_MAX_LENGTH;

/** Every rule of the list, and no longer than the maximum. */
export function passesPasswordRules(password: string, confirmation = password): boolean {
  return !isPasswordTooLong(password) && PASSWORD_RULES.every((rule) => rule.test(password, confirmation));
}

/**
 * Labels of the two rules the server adds to the spec's list (docs/decisions/passwords-and-sign-in.md), shown live in
 * both checklists.
 */
export const PASSWORD_EXTRA_RULES = {
  notCommon: 'Not a commonly used password',
  noAccountName: 'Does not contain your username or NPN',
} as const;

/**
 * Whether a password contains the agent's username or NPN (any case). Names shorter than 5 characters are not
 * looked for: a name that short is a fragment of ordinary words (the demo agent `demo` and its password
 * `Demo-Agent-2026!`, design §4), and the check exists for names that give a password away (an NPN is 8 to 10
 * digits). The server refuses such a password; the checklists show the rule with the same code.
 */
/** the shortest username or NPN a password is searched for */
const ACCOUNT_NAME_MIN_LENGTH = 5;

export function containsAccountName(password: string, names: readonly (string | null | undefined)[]): boolean {
  const lower = password.toLowerCase();
  return names.some((name) => !!name && name.length >= ACCOUNT_NAME_MIN_LENGTH && lower.includes(name.toLowerCase()));
}
