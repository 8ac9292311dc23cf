/**
 * The characters around which a mail client's auto-linker sees an address: the dot of `evil.com` and `www.`, the
 * colon and slashes of `http://`, the `@` of `a@b.c`, the backslash some read as a slash, and their full-width
 * and ideographic forms.
 */
const LINK_SEPARATORS = /[.:/@\\\u3002\uFF0E\uFF61\uFF1A\uFF0F\uFF20]/gu;
const ZERO_WIDTH_SPACE = '\u200B';

/**
 * Text someone typed (a beneficiary's name, a case's description), made inert for an e-mail sent in the provider's
 * name. Mail clients turn anything that looks like an address (`http://…`, `www.…`, `evil.com`, `a@b.c`) into a
 * link, in the plain-text part too; a zero-width space on each side of every separator stops them (`www` is no
 * longer followed by a dot, nor `com` preceded by one) while the text reads the same. Only the provider's own
 * links (built by the server, never typed) stay linkable. In an HTML part, escape it as well
 * (`escapeHtml(inertText(value))`).
 */
export function inertText(value: string): string {
  return value.replace(LINK_SEPARATORS, (separator) => `${ZERO_WIDTH_SPACE}${separator}${ZERO_WIDTH_SPACE}`);
}
