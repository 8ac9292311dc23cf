import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contentDocuments, files, platformCarriers } from '../db/schema/index.ts';
import type { Storage } from '../platform/storage.ts';
import { storeFile } from './factories.ts';
import { guideDocumentPdf } from './pdf.ts';

/** The carriers each enrollment platform offers (GET /arc/carriersByPlatform). */
export const PLATFORM_CARRIERS: Record<'MyHealthPlan' | 'Sunfire', string[]> = {
  MyHealthPlan: [
    'Aetna Medicare',
    'Alignment Health',
    'Anthem Blue Cross and Blue Shield',
    'Blue Shield of California',
    'Cigna Healthcare',
    'Clover Health',
    'Devoted Health',
    'Humana',
    'Molina Healthcare',
    'SCAN Health Plan',
    'UnitedHealthcare',
    'Wellcare',
  ],
  Sunfire: [
    'Aetna Medicare',
    'Anthem Blue Cross and Blue Shield',
    'Cigna Healthcare',
    'Devoted Health',
    'Highmark',
    'Humana',
    'Kaiser Permanente',
    'Mutual of Omaha',
    'Priority Health',
    'UnitedHealthcare',
    'Wellcare',
    'Zing Health',
  ],
};

interface DocumentSource {
  id: string;
  section: 'policies' | 'resources' | 'myhealthplan' | 'sunfire';
  title: string;
  description: string;
  intro: string;
  sections: Array<{ heading: string; paragraphs?: string[]; bullets?: string[] }>;
}

const CONTACT =
  'Questions about this document go to compliance@arc.example or (800) 555-0140, Monday to Friday, 8 a.m. to 5 p.m. Pacific.';

/** The four policies, the Medicare Advantage resource documents and the platforms' quick guides. */
const DOCUMENTS: DocumentSource[] = [
  {
    id: 'agent-code-of-conduct',
    section: 'policies',
    title: 'Agent Code of Conduct',
    description: 'The standards of honesty, suitability and professionalism every contracted agent agrees to.',
    intro:
      'Every agent contracted through the Agent Resource Center represents our carrier partners and us to ' +
      'people making important health and financial decisions. This code sets the conduct we expect.',
    sections: [
      {
        heading: 'Putting the client first',
        bullets: [
          'Recommend only products that suit the client’s needs, budget and doctors',
          'Explain costs, networks and drug coverage plainly, including what a plan does not cover',
          'Never pressure, rush or frighten a client into a decision',
        ],
      },
      {
        heading: 'Licensing and certification',
        paragraphs: [
          'You must hold an active resident or non-resident license in the client’s state, be appointed with ' +
            'the carrier and have completed that carrier’s annual certification before you market or sell its plans.',
        ],
      },
      {
        heading: 'Consequences',
        paragraphs: [
          'Breaches are reviewed by our compliance committee and may lead to retraining, suspension of ' +
            'commissions, termination of your contract and a report to the carrier and the state.',
          CONTACT,
        ],
      },
    ],
  },
  {
    id: 'privacy-and-information-security',
    section: 'policies',
    title: 'Privacy and Information Security Policy',
    description: 'How to collect, store, send and dispose of client information (HIPAA and state privacy rules).',
    intro:
      'Client applications, Medicare numbers, health details and banking information are protected information. ' +
      'This policy explains how to handle them from first contact to disposal.',
    sections: [
      {
        heading: 'Collecting and storing',
        bullets: [
          'Collect only what the application or the quote needs',
          'Keep paper applications in a locked place and scan them into the carrier portal the same day',
          'Use a password-protected, encrypted device with automatic screen lock',
        ],
      },
      {
        heading: 'Sending',
        bullets: [
          'Send documents through the carrier portal, the Enrollment Upload screen or encrypted e-mail only',
          'Never text Medicare numbers, photos of cards or health details',
        ],
      },
      {
        heading: 'Incidents',
        paragraphs: [
          'Report a lost device, a misdirected e-mail or any suspected breach within 24 hours, even if you are ' +
            'not sure information was exposed.',
          CONTACT,
        ],
      },
    ],
  },
  {
    id: 'commission-and-chargeback',
    section: 'policies',
    title: 'Commission, Advance and Chargeback Policy',
    description: 'When commissions are paid, how advances work and when a chargeback applies.',
    intro:
      'Commissions are paid as the carriers pay us, according to your contract level and the carriers’ ' +
      'compensation schedules filed with CMS.',
    sections: [
      {
        heading: 'Payment',
        bullets: [
          'Statements are published on the Commission Statements screen each pay cycle',
          'Payments go by direct deposit; keep your banking details current with the contracting team',
          'Split commissions follow the hierarchy on file with the carrier on the effective date',
        ],
      },
      {
        heading: 'Chargebacks',
        paragraphs: [
          'When a member disenrolls within the first three months, or a policy lapses within the carrier’s ' +
            'chargeback period, the commission paid is recovered from future payments.',
          CONTACT,
        ],
      },
    ],
  },
  {
    id: 'marketing-material-approval',
    section: 'policies',
    title: 'Marketing Material Review and Approval Policy',
    description: 'Which materials need approval before use, and how to submit them.',
    intro:
      'Any material that mentions a plan, a benefit or a carrier is marketing under the Medicare Communications ' +
      'and Marketing Guidelines and must be approved before it is used.',
    sections: [
      {
        heading: 'What needs approval',
        bullets: [
          'Flyers, postcards, newspaper and radio advertisements',
          'Websites, social media posts and e-mail campaigns',
          'Event invitations and scripts for outbound calls',
        ],
      },
      {
        heading: 'How to submit',
        paragraphs: [
          'Send the final draft to marketing@arc.example at least 10 business days before first use. Approved ' +
            'materials carry a material ID; keep a copy of everything you publish for 10 years.',
          CONTACT,
        ],
      },
    ],
  },
  {
    id: 'medicare-costs-at-a-glance',
    section: 'resources',
    title: 'Medicare Costs at a Glance',
    description: 'Part A and Part B premiums, deductibles and coinsurance for the current plan year.',
    intro: 'The Original Medicare amounts CMS published for 2026, for quick reference during appointments.',
    sections: [
      {
        heading: 'Part B',
        bullets: ['Standard monthly premium: $202.90', 'Annual deductible: $283', 'Coinsurance: 20% after deductible'],
      },
      {
        heading: 'Part A',
        bullets: [
          'Inpatient deductible: $1,736 per benefit period',
          'Days 61–90: $434 a day; lifetime reserve days: $868 a day',
          'Skilled nursing facility, days 21–100: $217 a day',
        ],
      },
    ],
  },
  {
    id: 'election-periods-quick-reference',
    section: 'resources',
    title: 'Election Periods Quick Reference',
    description: 'AEP, OEP, IEP and the most common Special Enrollment Periods, with dates and proof required.',
    intro: 'Enroll clients only in a valid election period, and note which one on every application.',
    sections: [
      {
        heading: 'Annual periods',
        bullets: [
          'Annual Enrollment Period: October 15 – December 7, effective January 1',
          'Medicare Advantage Open Enrollment Period: January 1 – March 31, one change',
        ],
      },
      {
        heading: 'Common Special Enrollment Periods',
        bullets: [
          'Moving out of the plan’s service area',
          'Losing employer or union coverage',
          'Extra Help or Medicaid: once a month for a D-SNP or a standalone Part D plan',
          '5-star plan: once between December 8 and November 30',
        ],
      },
    ],
  },
  {
    id: 'scope-of-appointment-guide',
    section: 'resources',
    title: 'Scope of Appointment Guide',
    description: 'When a Scope of Appointment is required, the 48-hour rule and its exceptions.',
    intro:
      'A Scope of Appointment records the products a beneficiary agreed to discuss before a personal marketing ' +
      'appointment.',
    sections: [
      {
        heading: 'The rules',
        bullets: [
          'Complete it at least 48 hours before the appointment',
          'Exceptions: walk-ins, beneficiary-initiated contacts and the last four days of an election period',
          'Keep it for 10 years, whether or not the client enrolls',
        ],
      },
    ],
  },
  {
    id: 'dsnp-eligibility-guide',
    section: 'resources',
    title: 'D-SNP Eligibility and Medicaid Levels',
    description: 'Who qualifies for a Dual Eligible Special Needs Plan, by Medicaid category.',
    intro: 'Dual Eligible Special Needs Plans serve people with both Medicare and Medicaid.',
    sections: [
      {
        heading: 'Medicaid categories',
        bullets: [
          'QMB, QMB+ : Medicaid pays Part A and B premiums and cost sharing',
          'SLMB, SLMB+ and QI: Medicaid pays the Part B premium',
          'Full-benefit dual eligible (FBDE): full Medicaid benefits',
        ],
      },
      {
        heading: 'Before you enroll',
        bullets: [
          'Verify Medicaid eligibility in the carrier’s tool on the day of enrollment',
          'Check which categories the plan accepts in that state',
        ],
      },
    ],
  },
  {
    id: 'extra-help-limits',
    section: 'resources',
    title: 'Extra Help (LIS) Income and Resource Limits',
    description: 'How the Part D Low-Income Subsidy works and how clients apply.',
    intro: 'Extra Help lowers Part D premiums, deductibles and copays for people with limited income and resources.',
    sections: [
      {
        heading: 'Applying',
        bullets: [
          'Clients apply through Social Security online, by phone or at a local office',
          'People with Medicaid, SSI or a Medicare Savings Program qualify automatically',
          'Extra Help brings a monthly Special Enrollment Period',
        ],
      },
    ],
  },
  {
    id: 'ma-enrollment-checklist',
    section: 'resources',
    title: 'Medicare Advantage Enrollment Checklist',
    description: 'Everything to confirm before you submit a Medicare Advantage application.',
    intro: 'Go through this list with the client before submitting, and keep it with the application.',
    sections: [
      {
        heading: 'Confirm',
        bullets: [
          'Medicare number, Part A and Part B effective dates',
          'Election period and effective date',
          'Doctors and pharmacies are in network; drugs are on the formulary',
          'The client has heard the TPMO disclaimer and the pre-enrollment checklist',
        ],
      },
    ],
  },
  {
    id: 'myhealthplan-getting-started',
    section: 'myhealthplan',
    title: 'MyHealthPlan Quick Guide: Getting Started',
    description: 'First login, your agent profile and loading your writing numbers.',
    intro: 'Set up MyHealthPlan once and every enrollment you submit is credited to you.',
    sections: [
      {
        heading: 'Steps',
        bullets: [
          'Log in from the MyHealthPlan page of the Agent Resource Center',
          'Check your name, NPN and licensed states under Profile',
          'Confirm the writing number of each carrier under Appointments',
        ],
      },
    ],
  },
  {
    id: 'myhealthplan-quote-and-enroll',
    section: 'myhealthplan',
    title: 'MyHealthPlan Quick Guide: Quote and Enroll',
    description: 'From ZIP code to a submitted application in one session.',
    intro: 'A compliant enrollment in six steps.',
    sections: [
      {
        heading: 'Steps',
        bullets: [
          'Enter the ZIP code and choose the county',
          'Add the client’s doctors, pharmacies and prescriptions',
          'Compare plans on total yearly cost and network',
          'Read the pre-enrollment checklist and the TPMO disclaimer to the client',
          'Complete the application and the election period',
          'Submit, and give the client the confirmation number',
        ],
      },
    ],
  },
  {
    id: 'myhealthplan-remote-signatures',
    section: 'myhealthplan',
    title: 'MyHealthPlan Quick Guide: Remote Signatures',
    description: 'Sending an application for the client to sign by text or e-mail.',
    intro: 'Clients can review and sign on their own phone or computer.',
    sections: [
      {
        heading: 'Steps',
        bullets: [
          'Choose Send for signature on the summary page',
          'The client receives a link valid for 24 hours',
          'The application is submitted automatically once signed',
        ],
      },
    ],
  },
  {
    id: 'sunfire-getting-started',
    section: 'sunfire',
    title: 'SunFire Quick Guide: Getting Started',
    description: 'Single sign-on from the portal and checking your carrier appointments.',
    intro: 'Your SunFire account is created the first time you log in from the Agent Resource Center.',
    sections: [
      {
        heading: 'Steps',
        bullets: [
          'Use the Log in to SunFire button; no separate password is needed',
          'Review the carriers and states listed under My Appointments',
          'Report a missing appointment to the contracting team',
        ],
      },
    ],
  },
  {
    id: 'sunfire-plan-comparison',
    section: 'sunfire',
    title: 'SunFire Quick Guide: Comparing Plans',
    description: 'Drug, doctor and pharmacy look-ups and the side-by-side comparison.',
    intro: 'Compare up to three plans on what matters to the client.',
    sections: [
      {
        heading: 'Steps',
        bullets: [
          'Add prescriptions with dosage and the preferred pharmacy',
          'Search doctors by name to check each plan’s network',
          'Sort by estimated total yearly cost, then compare up to three plans',
        ],
      },
    ],
  },
  {
    id: 'sunfire-enrollment',
    section: 'sunfire',
    title: 'SunFire Quick Guide: Submitting an Enrollment',
    description: 'The carrier application, election periods and tracking the submission.',
    intro: 'SunFire uses each carrier’s approved application, so what you submit is what the carrier receives.',
    sections: [
      {
        heading: 'Steps',
        bullets: [
          'Select the plan and start the application',
          'Choose the election period and effective date',
          'Submit and save the confirmation number to the client’s file',
        ],
      },
    ],
  },
];

type FileInsert = typeof files.$inferInsert;

const REFERENCES: Record<DocumentSource['section'], string> = {
  policies: 'Agent Policy',
  resources: 'Resource Document',
  myhealthplan: 'MyHealthPlan Quick Guide',
  sunfire: 'SunFire Quick Guide',
};

export const contentFileId = (id: string) => `fil_content_${id}`;

/** Writes the documents' PDFs to storage; returns the rows to insert (fixed ids, so a rerun overwrites). */
export async function demoContentDocuments(storage: Storage, year: number) {
  const fileRows: FileInsert[] = [];
  const documents: Array<typeof contentDocuments.$inferInsert> = [];
  for (const [index, source] of DOCUMENTS.entries()) {
    const pdf = await guideDocumentPdf({
      publisher: 'Agent Resource Center',
      title: source.title,
      reference: REFERENCES[source.section],
      color: source.section === 'policies' ? [0.16, 0.25, 0.45] : [0.05, 0.42, 0.36],
      issued: new Date(Date.UTC(year, 0, 6)),
      intro: source.intro,
      sections: source.sections,
    });
    const file = await storeFile(storage, {
      id: contentFileId(source.id),
      name: `${source.title}.pdf`,
      contentType: 'application/pdf',
      body: pdf,
    });
    // a version of the document: downloadable while it is published (docs/decisions/content-publishing.md)
    fileRows.push({ ...file, contentKind: source.section, contentDocumentKey: source.id });
    documents.push({
      id: source.id,
      section: source.section,
      title: source.title,
      description: source.description,
      fileId: file.id,
      sortOrder: index,
      published: true,
    });
  }
  return { fileRows, documents };
}

/**
 * The information pages' data: platform carriers and documents. Its own step (like supplies), so a database
 * seeded before this area gets it too; it runs once (the documents are inserted last, in one transaction).
 */
export async function seedContentDemo({ db, storage, year }: { db: Db; storage: Storage; year: number }) {
  const [done] = await db.select({ n: count() }).from(contentDocuments);
  if ((done?.n ?? 0) > 0) return;
  const { fileRows, documents } = await demoContentDocuments(storage, year);
  await db.transaction(async (tx) => {
    await tx
      .insert(platformCarriers)
      .values(
        Object.entries(PLATFORM_CARRIERS).flatMap(([platform, names]) => names.map((name) => ({ platform, name }))),
      )
      .onConflictDoNothing();
    await tx.insert(files).values(fileRows).onConflictDoNothing();
    await tx.insert(contentDocuments).values(documents).onConflictDoNothing();
  });
}
