import type { SoaLanguage } from '@arc/contract';
import { inertText } from '../../platform/inert-text.ts';
import type { Mailer } from '../../platform/mailer.ts';

/** One signing link to deliver to a beneficiary. */
export interface SoaLinkMessage {
  email: string;
  mobile: string;
  language: SoaLanguage;
  beneficiaryName: string;
  agentName: string;
  /** the appointment written out in the zone it was booked in, with its name */
  appointment: string;
  /** the absolute signing-page URL with the single-use token */
  link: string;
  providerName: string;
  /**
   * The TPMO disclaimer the message carries (42 CFR 422.2267(e)(41)), in the beneficiary's language: with the agent's
   * counts where the beneficiary's area is known, else the wording's general form (modules/disclaimer).
   */
  disclaimer: { text: string; isCounted: boolean };
}

/**
 * How a signing link reaches the beneficiary. E-mail today (through the outbox); a text-message sender joins here
 * later without the SOA service changing. Answers the address it went to, or null when it had no way to send it.
 */
export interface SoaLinkSender {
  send(message: SoaLinkMessage): Promise<string | null>;
}

const SUBJECT: Record<SoaLanguage, (agentName: string) => string> = {
  en: (agentName) => `Please sign your Scope of Appointment with ${agentName}`,
  es: (agentName) => `Firme el Alcance de la Cita con ${agentName}`,
};

/** Said under the general form: the counts come on the call, where the disclaimer is said with them. */
const COUNTS_ON_THE_CALL: Record<SoaLanguage, string> = {
  en: 'Your agent will tell you at the start of the appointment how many organizations and plans they represent in your area.',
  es: 'Su agente le dirá al comienzo de la cita cuántas organizaciones y planes representa en su área.',
};

/** The disclaimer's paragraph at the end of the message. */
const disclaimerPart = (m: SoaLinkMessage) =>
  m.disclaimer.text === ''
    ? ''
    : `\n${m.disclaimer.text}${m.disclaimer.isCounted ? '' : ` ${COUNTS_ON_THE_CALL[m.language]}`}\n`;

const BODY: Record<SoaLanguage, (m: SoaLinkMessage) => string> = {
  en: (m) =>
    `Hello ${m.beneficiaryName},\n\n` +
    `${m.agentName}, a licensed insurance agent, will meet with you on ${m.appointment}. ` +
    `Medicare asks you to choose, before the meeting, which kinds of plans you want to talk about.\n\n` +
    `Open this link to choose and sign. It works once and only for you:\n\n${m.link}\n\n` +
    `Signing does not mean you must join a plan.\n\n${m.providerName}\n${disclaimerPart(m)}`,
  es: (m) =>
    `Hola ${m.beneficiaryName}:\n\n` +
    `${m.agentName}, agente de seguros con licencia, se reunirá con usted el ${m.appointment}. ` +
    `Medicare le pide que elija, antes de la reunión, de qué tipos de planes quiere hablar.\n\n` +
    `Abra este enlace para elegir y firmar. Funciona una sola vez y solo para usted:\n\n${m.link}\n\n` +
    `Firmar no quiere decir que tenga que inscribirse en un plan.\n\n${m.providerName}\n${disclaimerPart(m)}`,
};

/**
 * The e-mail sender: the outbox (platform/mailer.ts), so demo mode's mailbox shows it. No address, no message. The
 * names go in as typed text made inert (platform/inert-text.ts): the mail goes to any address the agent enters, in
 * the provider's name, so the only link in it is the signing link.
 */
export function emailSoaLinkSender(mailer: Mailer): SoaLinkSender {
  return {
    async send(message) {
      if (!message.email) return null;
      const inert = {
        ...message,
        beneficiaryName: inertText(message.beneficiaryName),
        agentName: inertText(message.agentName),
      };
      await mailer.send({
        to: message.email,
        subject: SUBJECT[message.language](inert.agentName),
        text: BODY[message.language](inert),
      });
      return message.email;
    },
  };
}
