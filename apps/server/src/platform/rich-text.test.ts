import { isSafeUrl } from '@arc/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { cleanRichText, richTextToPlain } from './rich-text.ts';

const refusal = (html: string) => {
  try {
    cleanRichText(html, 'body');
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('rich text from the back office', () => {
  it('keeps the allowed markup and makes links open safely in a new tab', () => {
    expect(cleanRichText('<h2>Terms</h2><p>Read <strong>all</strong> of <a href="https://cms.gov">this</a>.</p>')).toBe(
      '<h2>Terms</h2><p>Read <strong>all</strong> of <a href="https://cms.gov" target="_blank" rel="noopener noreferrer">this</a>.</p>',
    );
  });

  it('drops harmless markup it does not allow (a span, a class) and keeps the text', () => {
    expect(cleanRichText('<p class="x"><span>Plain</span> words</p>')).toBe('<p>Plain words</p>');
  });

  it('refuses a script, an event handler and a javascript: or data: link, naming each with the field', () => {
    const script = refusal('<p>Hi</p><script>alert(1)</script>');
    expect(script.status).toBe(400);
    expect(script.message).toContain('<script> is not allowed');
    expect(script.fieldErrors).toEqual({ body: ['<script> is not allowed'] });
    expect(refusal('<p onclick="steal()">x</p>').message).toContain('event handler attributes (onclick)');
    expect(refusal('<a href="javascript:alert(1)">x</a>').message).toContain('is not an http(s), mailto or tel link');
    expect(refusal('<a href=" JaVaScRiPt:alert(1)">x</a>').message).toContain('not an http(s)');
    expect(refusal('<a href="data:text/html,<b>x</b>">x</a>').message).toContain('not an http(s)');
    expect(refusal('<iframe src="https://example.org"></iframe>').message).toContain('<iframe> is not allowed');
    expect(refusal('<svg><a href="https://x.org">x</a></svg>').message).toContain('<svg> is not allowed');
  });

  it('reads addresses: absolute http(s), mailto and tel only', () => {
    expect(isSafeUrl('https://www.medicare.gov/')).toBe(true);
    expect(isSafeUrl('mailto:help@arc-portal.com')).toBe(true);
    expect(isSafeUrl('tel:+18005551234')).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '/relative',
      '',
      'https://x.org/a\u0000b',
    ]) {
      expect(isSafeUrl(url)).toBe(false);
    }
  });

  it('gives the plain text of rich text', () => {
    expect(richTextToPlain('<h2>Title</h2>\n<p>One &amp; <em>two</em></p>')).toBe('Title One &amp; two');
  });
});
