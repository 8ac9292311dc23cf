/**
 * The words of the Scope of Appointment form, in the beneficiary's language (English or Spanish): the public
 * signing page shows them and the signed PDF prints the same ones, so what was read is what is kept. Plain words,
 * after CMS's model SOA form; the statements CMS requires are `about`, `noObligation` and `agentPaid`.
 */

import { SOA_PRODUCTS, type SoaProduct } from './record-kinds.ts';

export const SOA_LANGUAGES = ['en', 'es'] as const;
export type SoaLanguage = (typeof SOA_LANGUAGES)[number];

export const SOA_LANGUAGE_LABELS: Record<SoaLanguage, string> = { en: 'English', es: 'Spanish (Español)' };

export { SOA_PRODUCTS, type SoaProduct };

export const SOA_APPOINTMENT_KINDS = ['phone', 'in-person', 'video'] as const;
export type SoaAppointmentKind = (typeof SOA_APPOINTMENT_KINDS)[number];

export interface SoaFormText {
  title: string;
  /** the agent who asks */
  agentIntro: (agentName: string) => string;
  agentNpn: string;
  agentPhone: string;
  appointment: string;
  kinds: Record<SoaAppointmentKind, string>;
  about: string;
  chooseProducts: string;
  products: Record<SoaProduct, { name: string; plain: string }>;
  noObligation: string;
  agentPaid: string;
  confidential: string;
  whoSigns: string;
  signerBeneficiary: (beneficiaryName: string) => string;
  signerRepresentative: string;
  relationship: string;
  relationshipHint: string;
  typedName: string;
  typedNameHint: string;
  agree: string;
  submit: string;
  doneTitle: string;
  doneBody: string;
  expiredTitle: string;
  expiredBody: string;
  errors: {
    products: string;
    name: string;
    relationship: string;
    agree: string;
  };
  /** PDF only */
  pdf: {
    signedBy: string;
    representativeOf: (relationship: string) => string;
    signedAt: string;
    ipAddress: string;
    userAgent: string;
    sha256: string;
    ticked: string;
    notTicked: string;
    version: string;
  };
}

export const SOA_FORM_TEXT: Record<SoaLanguage, SoaFormText> = {
  en: {
    title: 'Scope of Appointment',
    agentIntro: (agentName) => `${agentName}, a licensed insurance agent, would like to meet with you.`,
    agentNpn: 'Agent license number (NPN)',
    agentPhone: 'Agent phone',
    appointment: 'Appointment',
    kinds: { phone: 'By phone', 'in-person': 'In person', video: 'By video call' },
    about:
      'Medicare requires agents to write down what you want to talk about before a sales meeting. ' +
      'Please tick the kinds of plans you want the agent to talk about.',
    chooseProducts: 'What do you want to talk about?',
    products: {
      'medicare-advantage': {
        name: 'Medicare Advantage Plans (Part C) and Cost Plans',
        plain: 'Plans from private companies that take the place of Original Medicare, often with drug coverage.',
      },
      'part-d': {
        name: 'Medicare Prescription Drug Plans (Part D), on their own',
        plain: 'Plans that help pay for prescription drugs.',
      },
      'dental-vision-hearing': {
        name: 'Dental, vision and hearing products',
        plain: 'Insurance for teeth, eyes and hearing.',
      },
      'hospital-indemnity': {
        name: 'Hospital indemnity products',
        plain: 'Insurance that pays you money if you stay in a hospital.',
      },
      'medicare-supplement': {
        name: 'Medicare Supplement (Medigap) products',
        plain: 'Insurance that helps pay what Original Medicare does not cover.',
      },
    },
    noObligation:
      'Signing this form does NOT mean you must join a plan. It does not change your Medicare now or later, ' +
      'and it does not enroll you in any plan.',
    agentPaid:
      'The agent works for or with Medicare plans, not for the federal government, and may be paid if you join a plan.',
    confidential: 'What you write here is kept private.',
    whoSigns: 'Who is signing?',
    signerBeneficiary: (beneficiaryName) => `I am ${beneficiaryName}`,
    signerRepresentative: 'I am signing for the person with Medicare (authorized representative)',
    relationship: 'Your relationship to the person with Medicare',
    relationshipHint: 'For example: daughter, son, spouse, legal guardian',
    typedName: 'Type your full name to sign',
    typedNameHint: 'Your typed name is your signature.',
    agree: 'I agree to meet with the agent to talk about the plans I ticked.',
    submit: 'Sign',
    doneTitle: 'Thank you. Your form is signed.',
    doneBody: 'Your agent has been told. You can close this page.',
    expiredTitle: 'This link is expired.',
    expiredBody: 'Please ask your agent to send you a new one.',
    errors: {
      products: 'Tick at least one kind of plan.',
      name: 'Type your full name.',
      relationship: 'Tell us your relationship to the person with Medicare.',
      agree: 'Tick the box to agree.',
    },
    pdf: {
      signedBy: 'Signed by (typed name)',
      representativeOf: (relationship) => `Authorized representative (${relationship})`,
      signedAt: 'Signed at',
      ipAddress: 'IP address',
      userAgent: 'Browser (user agent)',
      sha256: 'SHA-256 of the signed content',
      ticked: '[X]',
      notTicked: '[ ]',
      version: 'Version',
    },
  },
  es: {
    title: 'Alcance de la Cita',
    agentIntro: (agentName) => `${agentName}, agente de seguros con licencia, quiere reunirse con usted.`,
    agentNpn: 'Número de licencia del agente (NPN)',
    agentPhone: 'Teléfono del agente',
    appointment: 'Cita',
    kinds: { phone: 'Por teléfono', 'in-person': 'En persona', video: 'Por videollamada' },
    about:
      'Medicare pide que los agentes anoten de qué quiere hablar usted antes de una reunión de ventas. ' +
      'Marque los tipos de planes de los que quiere que le hable el agente.',
    chooseProducts: '¿De qué quiere hablar?',
    products: {
      'medicare-advantage': {
        name: 'Planes Medicare Advantage (Parte C) y Planes de Costo',
        plain:
          'Planes de compañías privadas que reemplazan a Medicare Original, muchas veces con cobertura de medicamentos.',
      },
      'part-d': {
        name: 'Planes de medicamentos recetados de Medicare (Parte D), solos',
        plain: 'Planes que ayudan a pagar los medicamentos recetados.',
      },
      'dental-vision-hearing': {
        name: 'Productos dentales, de la vista y del oído',
        plain: 'Seguros para los dientes, los ojos y la audición.',
      },
      'hospital-indemnity': {
        name: 'Productos de indemnización hospitalaria',
        plain: 'Seguros que le pagan dinero si pasa tiempo en el hospital.',
      },
      'medicare-supplement': {
        name: 'Productos de Seguro Suplementario de Medicare (Medigap)',
        plain: 'Seguros que ayudan a pagar lo que Medicare Original no cubre.',
      },
    },
    noObligation:
      'Firmar este formulario NO quiere decir que tenga que inscribirse en un plan. No cambia su Medicare ' +
      'ahora ni después, y no lo inscribe en ningún plan.',
    agentPaid:
      'El agente trabaja para planes de Medicare o con ellos, no para el gobierno federal, y puede recibir un pago ' +
      'si usted se inscribe en un plan.',
    confidential: 'Lo que escriba aquí se mantiene en privado.',
    whoSigns: '¿Quién firma?',
    signerBeneficiary: (beneficiaryName) => `Soy ${beneficiaryName}`,
    signerRepresentative: 'Firmo por la persona con Medicare (representante autorizado)',
    relationship: 'Su relación con la persona con Medicare',
    relationshipHint: 'Por ejemplo: hija, hijo, cónyuge, tutor legal',
    typedName: 'Escriba su nombre completo para firmar',
    typedNameHint: 'Su nombre escrito es su firma.',
    agree: 'Acepto reunirme con el agente para hablar de los planes que marqué.',
    submit: 'Firmar',
    doneTitle: 'Gracias. Su formulario está firmado.',
    doneBody: 'Ya le avisamos a su agente. Puede cerrar esta página.',
    expiredTitle: 'Este enlace ya no es válido.',
    expiredBody: 'Pídale a su agente que le envíe uno nuevo.',
    errors: {
      products: 'Marque al menos un tipo de plan.',
      name: 'Escriba su nombre completo.',
      relationship: 'Díganos su relación con la persona con Medicare.',
      agree: 'Marque la casilla para aceptar.',
    },
    pdf: {
      signedBy: 'Firmado por (nombre escrito)',
      representativeOf: (relationship) => `Representante autorizado (${relationship})`,
      signedAt: 'Fecha y hora de la firma',
      ipAddress: 'Dirección IP',
      userAgent: 'Navegador (user agent)',
      sha256: 'SHA-256 del contenido firmado',
      ticked: '[X]',
      notTicked: '[ ]',
      version: 'Versión',
    },
  },
};
