import { CASE_LABELS, type CaseRequestType } from '@arc/contract';
import { escapeHtml } from '../../platform/html.ts';
import { inertText } from '../../platform/inert-text.ts';
import type { MailMessage } from '../../platform/mailer.ts';

export interface CaseMailOptions {
  to: string;
  caseId: string;
  productName: string;
  agent: { npn: string; firstName: string; lastName: string; email: string; mobilePhone: string | null };
  report: {
    memberName: string;
    memberId: string;
    /** YYYY-MM-DD */
    dateOfBirth: string;
    memberPhoneNumber: string;
    requestType: CaseRequestType;
    carrier: string;
    description: string;
    carrierService: string;
  };
}

/**
 * The case as member support reads it: who filed it, then every field of the form under the form's labels. What the
 * agent typed is inert text (platform/inert-text.ts): no address in it becomes a link in the provider's mail.
 */
export function caseMail({ to, caseId, productName, agent, report }: CaseMailOptions): MailMessage {
  const agentName = inertText(`${agent.firstName} ${agent.lastName}`.trim());
  const [year, month, day] = report.dateOfBirth.split('-');
  // what the agent typed, inert; the rest is the server's own (the reference, the date) or checked against a list
  const rows: Array<[string, string]> = [
    ['Case reference', caseId],
    ['Agent', `${agentName} (NPN ${agent.npn})`],
    ['Agent email', agent.email],
    ['Agent phone', agent.mobilePhone ?? ''],
    [CASE_LABELS.requestType, report.requestType],
    [CASE_LABELS.memberName, inertText(report.memberName)],
    [CASE_LABELS.memberId, inertText(report.memberId)],
    [CASE_LABELS.dateOfBirth, `${month}/${day}/${year}`],
    [CASE_LABELS.memberPhoneNumber, inertText(report.memberPhoneNumber)],
    [CASE_LABELS.carrier, report.carrier],
    [CASE_LABELS.carrierService, inertText(report.carrierService)],
    [CASE_LABELS.description, inertText(report.description)],
  ];
  // what the case is about and who sent it; the reference (case_…) is in the body, where it reads as one
  const subject = `New member support case: ${report.requestType}${report.memberName ? ` for ${inertText(report.memberName)}` : ''}, from ${agentName}`;
  const text = [
    `A case was filed on the ${productName} by ${agentName}.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value || '—'}`),
    '',
    `Reply to the agent at ${agent.email}.`,
  ].join('\n');
  const cell = 'padding:6px 10px;border-bottom:1px solid #dee2e6;vertical-align:top';
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">
<p style="margin:0 0 16px">A case was filed on the ${escapeHtml(productName)} by ${escapeHtml(agentName)}.</p>
<table style="border-collapse:collapse">
${rows
  .map(
    ([label, value]) =>
      `<tr><th scope="row" style="${cell};text-align:left">${escapeHtml(label)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(value || '—')}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:16px 0 0">Reply to the agent at <a href="mailto:${escapeHtml(agent.email)}">${escapeHtml(agent.email)}</a>.</p>
</body></html>`;
  return { to, subject, text, html };
}
