import { escapeHtml } from '../../platform/html.ts';
import { inertText } from '../../platform/inert-text.ts';
import type { MailMessage } from '../../platform/mailer.ts';

interface EmailChangeMailOptions {
  firstName: string;
  productName: string;
}

function render(to: string, subject: string, paragraphs: string[], action?: { label: string; link: string }) {
  const text = [
    ...paragraphs.slice(0, 2),
    ...(action ? [`${action.label}: ${action.link}`] : []),
    ...paragraphs.slice(2),
  ]
    .join('\n\n')
    .concat('\n');
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const button = action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:10px 18px;background:#1864ab;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px">Or copy this address into your browser: <a href="${escapeHtml(action.link)}">${escapeHtml(action.link)}</a></p>`
    : '';
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">
${paragraphs.slice(0, 2).map(paragraph).join('\n')}
${button}
${paragraphs.slice(2).map(paragraph).join('\n')}
</body></html>`;
  return { to, subject, text, html };
}

/** To the new address: the link that makes the change. */
export function confirmEmailChangeMail(options: EmailChangeMailOptions & { to: string; link: string }): MailMessage {
  return render(
    options.to,
    'Confirm your new ARC e-mail address',
    [
      `Hello ${options.firstName},`,
      `You asked to use this address for your account on the ${options.productName} (ARC). Confirm it with the link below; your address changes only then.`,
      'The link can be used once and is valid for 24 hours.',
      'If you did not ask for this, you can ignore this message; nothing changes until the link is used.',
      `— ${options.productName}`,
    ],
    { label: 'Confirm your e-mail address', link: options.link },
  );
}

/** To the current address: a change was asked for, so a stranger's attempt does not go unnoticed. */
export function emailChangeRequestedMail(
  options: EmailChangeMailOptions & { to: string; newEmail: string },
): MailMessage {
  return render(options.to, 'Your ARC e-mail address is about to change', [
    `Hello ${options.firstName},`,
    `Someone signed in to your account on the ${options.productName} (ARC) asked to change its e-mail address to ${inertText(options.newEmail)}. The change applies only when the link we sent to that address is opened.`,
    'If this was not you, change your password on My Profile, or reset it from the sign-in page, and tell your agency.',
    `— ${options.productName}`,
  ]);
}

/** To the old address once a change has applied: a stranger's change can be undone from here for 7 days. */
export function emailChangedMail(
  options: EmailChangeMailOptions & { to: string; newEmail: string; link: string },
): MailMessage {
  return render(
    options.to,
    'Your ARC e-mail address was changed',
    [
      `Hello ${options.firstName},`,
      `The e-mail address of your account on the ${options.productName} (ARC) was changed to ${inertText(options.newEmail)}. If this was not you, put this address back with the link below: it also signs everyone out of the account.`,
      'The link can be used once and is valid for 7 days. Afterwards, reset your password from the sign-in page and tell your agency.',
      'If you made this change, you can ignore this message.',
      `— ${options.productName}`,
    ],
    { label: 'Undo the change', link: options.link },
  );
}
