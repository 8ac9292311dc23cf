import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';
import { inertText } from './inert-text.ts';

/** What auto-linkers look for: a scheme, `www.`, a dotted domain, an e-mail address. */
const URL_LIKE = /https?:\/\/|www\.|\b[\w-]+\.[a-z]{2,}\b|\w@\w/i;

describe('inertText', () => {
  it('leaves nothing a mail client would link, and reads the same', () => {
    for (const typed of [
      'Evil.com Bank',
      'http://evil.example/claim',
      'https://evil.example',
      'www.evil.example',
      'rosa@evil.example',
      'evil。com',
      'evil．com',
    ]) {
      const inert = inertText(typed);
      expect(inert, typed).not.toMatch(URL_LIKE);
      expect(inert.replaceAll('\u200B', '')).toBe(typed);
    }
    expect(inertText('Rosa Martínez')).toBe('Rosa Martínez');
  });

  it('stays inert once escaped for an HTML part', () => {
    expect(escapeHtml(inertText('<a href="http://x.example">Evil.com</a>'))).toBe(
      '&lt;a href=&quot;http\u200B:\u200B\u200B/\u200B\u200B/\u200Bx\u200B.\u200Bexample&quot;&gt;Evil\u200B.\u200Bcom&lt;\u200B/\u200Ba&gt;',
    );
  });
});
