import * as z from 'zod/mini';

/**
 * What makes a text more than one line of plain text: control characters (line breaks, tabs, NUL …), the Unicode
 * line and paragraph separators, and the bidirectional embeddings, overrides and isolates (text shown in another
 * order than it is stored).
 */
const NOT_ONE_PLAIN_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export const PERSON_NAME_MESSAGES = {
  oneLine: 'A name is one line of plain text: no line breaks, tabs or control characters.',
  required: 'Enter a name.',
  tooLong: (max: number) => `At most ${max} characters.`,
} as const;

export interface PersonNameOptions {
  /** the most characters, after trimming */
  max: number;
  /** the fewest characters, after trimming (default 1; 0: may be left empty) */
  min?: number;
  messages?: { required?: string; tooLong?: string };
}

/**
 * A person's name (a beneficiary, a signer, a member, an agent, a client), in every request of the contract: one
 * line of plain text, trimmed. The lengths are checked first and stop the checks (`abort`), so the pattern never
 * runs on a value past its limit.
 */
export function personNameSchema({ max, min = 1, messages = {} }: PersonNameOptions) {
  return z.string().check(
    z.trim(),
    z.minLength(min, { error: messages.required ?? PERSON_NAME_MESSAGES.required, abort: true }),
    z.maxLength(max, { error: messages.tooLong ?? PERSON_NAME_MESSAGES.tooLong(max), abort: true }),
    z.refine((value) => !NOT_ONE_PLAIN_LINE.test(value), PERSON_NAME_MESSAGES.oneLine),
  );
}
