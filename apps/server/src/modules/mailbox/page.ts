import { escapeHtml } from '../../platform/html.ts';

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

export function findLinks(text: string): string[] {
  return text.match(URL_PATTERN) ?? [];
}

/** Escapes the text body and turns each http(s) address in it into a link. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    html += escapeHtml(text.slice(last, match.index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f6f8;color:#1a1b1e}
main{max-width:52rem;margin:0 auto;padding:1.5rem}h1{font-size:1.5rem}
article{background:#fff;border-radius:6px;box-shadow:0 1px 3px rgba(0,0,0,.15);padding:1rem 1.25rem;margin:0 0 1rem}
h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#495057;font-size:.9rem;margin:0 0 .75rem}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0}a{color:#1864ab}.failed{color:#c92a2a}`;

/** The development mailbox: server-rendered, no script, nothing from outside. */
export function renderMailbox(messages: MailboxEntry[], timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  const items = messages.map((m) => {
    const status = m.error
      ? `<span class="failed">not delivered: ${escapeHtml(m.error)}</span>`
      : m.sentAt
        ? 'sent by SMTP'
        : 'kept in the outbox';
    return `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · <time datetime="${m.createdAt.toISOString()}">${escapeHtml(format.format(m.createdAt))}</time> · ${status}</p>
<pre>${linkify(m.text)}</pre>
</article>`;
  });
  const empty = '<p>No messages yet. Register or reset a password, and the e-mail appears here.</p>';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development mailbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>Every e-mail the portal sent, newest first. This page exists only in demo mode.</p>
${items.length > 0 ? items.join('\n') : empty}
</main>
</body>
</html>`;
}
