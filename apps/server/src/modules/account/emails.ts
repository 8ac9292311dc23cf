import { escapeHtml } from '../../platform/html.ts';
import type { MailMessage } from '../../platform/mailer.ts';

export type LinkEmailKind = 'register' | 'alreadyRegistered' | 'reset';

export interface LinkEmailOptions {
  kind: LinkEmailKind;
  to: string;
  firstName: string;
  link: string;
  productName: string;
  /** what the agent signs in with */
  username: string;
  /** the agent's NPN, which signs in too: often the username itself */
  npn: string;
}

interface EmailText {
  subject: string;
  intro: string[];
  action: string;
  outro: string;
}

/**
 * How the agent signs in, in words: the username and the NPN, or only the NPN when the username is the NPN (an
 * agent registered without a username of its own), so the same number is not named twice.
 */
function signInNames({ username, npn }: Pick<LinkEmailOptions, 'username' | 'npn'>) {
  const isNpn = username.toLowerCase() === npn.toLowerCase();
  return {
    signInWith: isNpn ? `your NPN, ${npn}` : `your username ${username} or your NPN`,
    yourUsername: isNpn
      ? `You sign in with your NPN, ${npn}.`
      : `Your username is ${username}; you can also sign in with your NPN.`,
  };
}

function content({ kind, productName, username, npn }: LinkEmailOptions): EmailText {
  const { signInWith, yourUsername } = signInNames({ username, npn });
  switch (kind) {
    case 'register':
      return {
        subject: 'Finish your ARC registration',
        intro: [
          `We received a request to register your account on the ${productName} (ARC).`,
          'To finish, choose your password with the link below.',
        ],
        action: 'Create your password',
        outro: `Afterwards you can sign in with ${signInWith}.`,
      };
    case 'alreadyRegistered':
      return {
        subject: 'Your ARC account already exists',
        intro: [
          `We received a request to register your account on the ${productName} (ARC), but your account is already registered. ${yourUsername}`,
          'If you no longer know your password, choose a new one with the link below.',
        ],
        action: 'Reset your password',
        outro: 'If you remember your password, you can ignore this message.',
      };
    case 'reset':
      return {
        subject: 'Reset your ARC password',
        intro: [
          `We received a request to reset the password of your account on the ${productName} (ARC).`,
          'Choose a new password with the link below.',
        ],
        action: 'Reset your password',
        outro: yourUsername,
      };
  }
}

const VALIDITY = 'The link can be used once and is valid for 24 hours.';
const IGNORE = 'If you did not ask for this, you can ignore this message; nothing changes until the link is used.';

/** A plain, professional message with the link in both the text and the HTML part. */
export function linkEmail(options: LinkEmailOptions): MailMessage {
  const { subject, intro, action, outro } = content(options);
  const greeting = `Hello ${options.firstName},`;
  const text = [
    greeting,
    '',
    ...intro,
    '',
    `${action}: ${options.link}`,
    '',
    VALIDITY,
    outro,
    '',
    IGNORE,
    '',
    `— ${options.productName}`,
  ].join('\n');
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const link = escapeHtml(options.link);
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">
${paragraph(greeting)}
${intro.map(paragraph).join('\n')}
<p style="margin:0 0 16px"><a href="${link}" style="display:inline-block;padding:10px 18px;background:#1864ab;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>
<p style="margin:0 0 16px;font-size:13px">Or copy this address into your browser: <a href="${link}">${link}</a></p>
${paragraph(VALIDITY)}
${paragraph(outro)}
<p style="margin:0 0 16px;font-size:13px;color:#5c5f66">${escapeHtml(IGNORE)}</p>
<p style="margin:0">— ${escapeHtml(options.productName)}</p>
</body></html>`;
  return { to: options.to, subject, text, html };
}
