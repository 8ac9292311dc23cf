import { escapeHtml } from '../../platform/html.ts';
import type { MailMessage } from '../../platform/mailer.ts';

export interface CaseReplyMailOptions {
  subject: string;
  firstName: string;
  /** the case as a phrase: "Claim Issue for Rosa Martinez" */
  topic: string;
  reply: string;
  /** the staff member who wrote it */
  author: string;
  productName: string;
  /** My cases with this case opened */
  url: string;
}

/** Member support's reply to the agent: the reply's whole text, who wrote it, and the case on My cases. */
export function caseReplyMail(options: CaseReplyMailOptions): Omit<MailMessage, 'to'> {
  const { subject, firstName, topic, reply, author, productName, url } = options;
  const text = [
    `Hello ${firstName},`,
    '',
    `Member support replied to your case (${topic}):`,
    '',
    reply,
    '',
    `— ${author}, member support, ${productName}`,
    '',
    `The case and every reply: ${url}`,
    '',
  ].join('\n');
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">
<p style="margin:0 0 16px">Hello ${escapeHtml(firstName)},</p>
<p style="margin:0 0 16px">Member support replied to your case (${escapeHtml(topic)}):</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #dee2e6;white-space:pre-wrap">${escapeHtml(reply)}</blockquote>
<p style="margin:0 0 16px">— ${escapeHtml(author)}, member support, ${escapeHtml(productName)}</p>
<p style="margin:0"><a href="${escapeHtml(url)}">See the case and every reply on My cases</a></p>
</body></html>`;
  return { subject, text, html };
}
