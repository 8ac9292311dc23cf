import type { ContactAddress, ContentLink, ContentSection } from './types.ts';

/** /core: CORE CRM, the customer relationship manager included with every contract. */
export const CORE_CRM = {
  title: 'CORE CRM',
  tagline: 'Every client, policy and renewal in one place — included with your contract.',
  startJourney: { label: 'Start your CORE journey', destination: 'coreStart' } satisfies ContentLink,
  benefits: [
    {
      heading: 'Your book of business, organised',
      paragraphs: [
        'Import clients from a spreadsheet or your carrier books, then see every household with its policies, ' +
          'doctors, prescriptions and notes on one screen.',
      ],
    },
    {
      heading: 'Retention on autopilot',
      paragraphs: [
        'Automatic birthday and anniversary messages, AEP review reminders and lapse alerts help you keep the ' +
          'clients you worked hard to enroll.',
      ],
    },
    {
      heading: 'Compliance built in',
      paragraphs: [
        'Scope of Appointment forms signed electronically, call notes time-stamped, and records kept for the 10 ' +
          'years CMS requires — ready if a carrier audits you.',
      ],
    },
    {
      heading: 'Works where you do',
      paragraphs: [
        'Use CORE in the browser or on the mobile app, at the kitchen table or in the office. Your data syncs ' +
          'across devices and stays encrypted.',
      ],
    },
  ] satisfies ContentSection[],
  training: [
    {
      label: 'Getting started with CORE',
      destination: 'coreTrainingGettingStarted',
      description: 'Set up your account, import your clients and connect your calendar (20 minutes).',
    },
    {
      label: 'Managing households and policies',
      destination: 'coreTrainingHouseholds',
      description: 'Add policies, doctors and prescriptions; track effective dates and renewals.',
    },
    {
      label: 'Electronic Scope of Appointment',
      destination: 'coreTrainingSoa',
      description: 'Send, sign and store a Scope of Appointment in under two minutes.',
    },
    {
      label: 'Campaigns and client retention',
      destination: 'coreTrainingCampaigns',
      description: 'Birthday, T65 and AEP review campaigns with compliant, pre-approved templates.',
    },
    {
      label: 'Reports and your book of business',
      destination: 'coreTrainingReports',
      description: 'Persistency, production by carrier and upcoming renewals at a glance.',
    },
  ] satisfies ContentLink[],
  support: { label: 'CORE support', destination: 'emailCore' } satisfies ContactAddress,
} as const;
