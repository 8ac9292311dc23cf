import { isSafeUrl } from '@arc/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { cleanRichText, richTextToPlain } from './rich-text.ts';

/** The CPU time `run` takes, in milliseconds (the best of `times`): what a request costs the event loop. */
const cpuTime = (run: () => unknown, times = 1) => {
  let best = Infinity;
  for (let i = 0; i < times; i++) {
    const started = process.cpuUsage();
    run();
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
};

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

  it('refuses markup nested deeper than the limit, or with too many elements, at a small cost', () => {
    for (const deep of ['<b>'.repeat(66_000), '<ul><li>'.repeat(24_750), `${'<em>'.repeat(40)}x`]) {
      let error: AppError | undefined;
      expect(cpuTime(() => (error = refusal(deep)))).toBeLessThan(100);
      expect(error!.status).toBe(400);
      expect(error!.fieldErrors).toEqual({ body: [expect.stringMatching(/nested more than 32 deep/) as unknown] });
    }
    // a paragraph closes the one before it: 66,000 of them are flat, and refused for their number
    let many: AppError | undefined;
    expect(cpuTime(() => (many = refusal('<p>'.repeat(66_000))))).toBeLessThan(300);
    expect(many!.message).toMatch(/more than 10,000 elements/);
    expect(refusal('<i>x</i>'.repeat(10_001)).message).toMatch(/more than 10,000 elements/);

    // 32 levels is fine, and closed tags do not add up
    expect(cleanRichText(`${'<blockquote>'.repeat(31)}<p>x</p>${'</blockquote>'.repeat(31)}`)).toContain('<p>x</p>');
    expect(cleanRichText('<p><strong>a</strong></p>'.repeat(4_000))).toContain('<p><strong>a</strong></p>');
    // paragraphs and list items the parser closes by themselves, and void elements, are not nesting
    expect(cleanRichText(`<ul>${'<li>item<br>'.repeat(100)}</ul>${'<p>para<hr>'.repeat(100)}`)).toContain('<li>item');
  });

  it('cleans long flat text in linear time', () => {
    const flat = (paragraphs: number) => '<p>x <b>y</b></p>'.repeat(paragraphs);
    cpuTime(() => cleanRichText(flat(1_000)));
    const small = Math.max(
      cpuTime(() => cleanRichText(flat(1_250)), 3),
      1,
    );
    const large = cpuTime(() => cleanRichText(flat(5_000)), 3);
    // four times the text: about four times the time (a quadratic cost would be sixteen)
    expect(large / small).toBeLessThan(10);
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
