import { isSafeUrl, SAFE_URL_SCHEMES } from '@arc/contract';
import sanitizeHtml from 'sanitize-html';
import { AppError } from './errors.ts';

/**
 * Rich text the content team writes in the back office (terms versions, video descriptions, information pages):
 * the one server-side check, so the same markup is allowed everywhere (docs/decisions/content-publishing.md; the web
 * app's editor is `RichTextField` (web ui/rich-text-field.tsx) and agents see it through `SafeHtml`).
 *
 * Text that carries something dangerous — a script, a style sheet, an embedded frame or object, an event handler
 * attribute, a `javascript:`/`data:` address — is refused with the reason, not silently cleaned: the author must
 * see that what they pasted will not be published. What is merely not in the allowed list (a `<span>`, a class)
 * is dropped and the cleaned text is what gets stored.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'hr',
] as const;

const DANGEROUS_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'template',
]);

/**
 * How deep elements may nest, and how many a text may hold. The editor writes a few levels (a list in a list in a
 * quote is six); the sanitiser's cost grows with the square of the nesting (66,000 open `<b>` in a 198 KB body
 * cost 2.3 s of CPU, and the event loop with it). The first pass counts both as the parser sees them (implied
 * closes included) and stops at the first element past either bound, so a refused text costs microseconds.
 */
const MAX_DEPTH = 32;
const MAX_ELEMENTS = 10_000;
const TOO_DEEP = `the text is nested more than ${MAX_DEPTH} deep (elements inside elements): simplify its structure`;
const TOO_MANY = `the text has more than ${MAX_ELEMENTS.toLocaleString('en-US')} elements: split it or simplify it`;

/** Thrown from the parser's callbacks to stop reading a text past the bounds. */
class OutOfBounds extends Error {}

/** What makes a text unsafe, one reason per kind of problem; empty when it is safe. */
function problemsOf(html: string): string[] {
  const problems = new Set<string>();
  let depth = 0;
  let elements = 0;
  try {
    sanitizeHtml(html, {
      allowedTags: false,
      allowedAttributes: false,
      allowVulnerableTags: true,
      onOpenTag(name, attributes) {
        depth += 1;
        elements += 1;
        if (depth > MAX_DEPTH) throw new OutOfBounds(TOO_DEEP);
        if (elements > MAX_ELEMENTS) throw new OutOfBounds(TOO_MANY);
        problemsOfTag(problems, name, attributes);
      },
      onCloseTag() {
        depth -= 1;
      },
    });
  } catch (error) {
    if (!(error instanceof OutOfBounds)) throw error;
    return [error.message];
  }
  return [...problems];
}

/** What one opening tag carries that is not allowed: a dangerous element, a handler or style, an unsafe address. */
function problemsOfTag(problems: Set<string>, name: string, attributes: Record<string, string>): void {
  const tag = name.toLowerCase();
  if (DANGEROUS_TAGS.has(tag)) problems.add(`<${tag}> is not allowed`);
  for (const [attribute, value] of Object.entries(attributes)) {
    const lower = attribute.toLowerCase();
    if (lower.startsWith('on')) problems.add(`event handler attributes (${lower}) are not allowed`);
    if (lower === 'style') problems.add('style attributes are not allowed');
    if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(lower) && value.trim() !== '') {
      if (!isSafeUrl(value)) problems.add(`the address "${value.slice(0, 60)}" is not an http(s), mailto or tel link`);
    }
  }
}

/**
 * The stored form of rich text: refused (400, with the reasons under `field`) when it carries anything
 * dangerous, otherwise cleaned to the allowed tags; links keep only `href` and open in a new tab safely.
 */
export function cleanRichText(html: string, field = 'text'): string {
  const problems = problemsOf(html);
  if (problems.length > 0) {
    const what =
      problems[0] === TOO_DEEP || problems[0] === TOO_MANY ? 'cannot be stored' : 'contains markup that is not allowed';
    throw new AppError('BAD_REQUEST', `The text ${what}: ${problems.join('; ')}.`, {
      fieldErrors: { [field]: problems },
    });
  }
  return sanitizeHtml(html, {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: [...SAFE_URL_SCHEMES],
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    },
  }).trim();
}

/** The plain text of rich text (for a list's excerpt, an e-mail, a search): tags dropped, entities kept. */
export const richTextToPlain = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
