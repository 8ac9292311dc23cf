import { escapeHtml } from '../../platform/html.ts';
import type { MailMessage } from '../../platform/mailer.ts';

export interface StaffEnrolmentMailOptions {
  kind: 'added' | 'second-factor-reset';
  to: string;
  link: string;
  expiresAt: Date;
  /** the provider's name (PROVIDER_NAME) */
  providerName: string;
  /** the business zone, in which the expiry is written */
  timeZone: string;
}

/**
 * The one-time enrolment link, e-mailed to the staff member it is for (issue 47): the admin still sees it once on
 * screen, and the member no longer needs it passed on by hand.
 */
export function staffEnrolmentMail(options: StaffEnrolmentMailOptions): MailMessage {
  const { providerName } = options;
  const subject =
    options.kind === 'added'
      ? `Your ${providerName} back-office account`
      : `Set up your ${providerName} back-office sign-in again`;
  const intro =
    options.kind === 'added'
      ? `An administrator added you to the back office of the ${providerName} (ARC).`
      : `An administrator reset your second factor in the back office of the ${providerName} (ARC). Your password and second factor were removed, and every session of yours ended.`;
  const expires = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: options.timeZone,
    timeZoneName: 'short',
  }).format(options.expiresAt);
  const steps = 'With the link below, choose your password and set up your authenticator app (the second factor).';
  const validity = `The link works once, until ${expires}.`;
  const ignore = 'If you did not expect this message, tell your administrator; nothing changes until the link is used.';
  const text = [
    'Hello,',
    '',
    intro,
    steps,
    '',
    `Set up your sign-in: ${options.link}`,
    '',
    validity,
    ignore,
    '',
    `— ${providerName}`,
  ].join('\n');
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const link = escapeHtml(options.link);
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">
${paragraph('Hello,')}
${paragraph(intro)}
${paragraph(steps)}
<p style="margin:0 0 16px"><a href="${link}" style="display:inline-block;padding:10px 18px;background:#1864ab;color:#ffffff;text-decoration:none;border-radius:4px">Set up your sign-in</a></p>
<p style="margin:0 0 16px;font-size:13px">Or copy this address into your browser: <a href="${link}">${link}</a></p>
${paragraph(validity)}
<p style="margin:0 0 16px;font-size:13px;color:#5c5f66">${escapeHtml(ignore)}</p>
<p style="margin:0">— ${escapeHtml(providerName)}</p>
</body></html>`;
  return { to: options.to, subject, text, html };
}
