import * as z from 'zod/mini';

/**
 * The schemes an outbound address may use: in rich text and in the back office's link fields
 * (docs/decisions/content-publishing.md).
 */
export const SAFE_URL_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** Whether `url` is an absolute address with a safe scheme (`javascript:`, `data:`, `vbscript:` … are not). */
export function isSafeUrl(url: string): boolean {
  const trimmed = url.trim();
  // eslint-disable-next-line no-control-regex -- a control character anywhere makes the address unsafe
  if (!trimmed || /[\u0000-\u001f\u007f]/.test(trimmed)) return false;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return false;
  }
  return (SAFE_URL_SCHEMES as readonly string[]).includes(parsed.protocol.slice(0, -1));
}

export const UNSAFE_URL_MESSAGE = 'Enter a full http(s), mailto or tel address';

/** An outbound address the content team edits: absolute, safe scheme, at most 2,000 characters. */
export const SafeUrlSchema = z
  .string()
  .check(z.trim(), z.maxLength(2000), z.refine(isSafeUrl, { message: UNSAFE_URL_MESSAGE }));

/**
 * Rich text as a body field (HTML from the back office's editor): bounded here; the server's
 * `cleanRichText` refuses dangerous markup with its reasons and keeps only the allowed tags.
 */
export const RichTextSchema = (max = 200_000) =>
  z.string().check(z.minLength(1, { message: 'Write the text' }), z.maxLength(max));
