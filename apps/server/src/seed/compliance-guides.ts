import type { complianceGuides, files } from '../db/schema/index.ts';
import type { Storage } from '../platform/storage.ts';
import { storeFile } from './factories.ts';
import { guideDocumentPdf } from './pdf.ts';

/** The 19 compliance guides (file numbers 2145 to 2163) on the topics of spec part 2 §3. */
const GUIDES: Array<{ name: string; rule: string; dos: string[]; donts: string[] }> = [
  {
    name: 'Anti-Kickback Statute and Beneficiary Inducements',
    rule: 'Offering or paying anything of value to induce a referral or an enrollment is a federal crime.',
    dos: [
      'Keep promotional items at nominal value ($15 or less, $75 a year per person)',
      'Report any offer you receive',
    ],
    donts: [
      'Offer cash, gift cards or rebates for an enrollment',
      'Pay or accept referral fees for Medicare beneficiaries',
    ],
  },
  {
    name: 'Call Recording Requirements',
    rule: 'Marketing, sales and enrollment calls with beneficiaries must be recorded in their entirety and kept for 10 years.',
    dos: ['Tell the beneficiary at the start that the call is recorded', 'Record the whole call, including transfers'],
    donts: ['Pause or edit a recording', 'Use a personal phone that cannot record'],
  },
  {
    name: 'Marketing Language Do and Do Not',
    rule: 'Materials must be accurate, not misleading, and must not use superlatives without a current source.',
    dos: ['Use the plan name exactly as filed', 'Cite the source and year of any ranking'],
    donts: [
      'Say "the best plan" or "free" when cost sharing applies',
      'Use the Medicare name or card image to imply endorsement',
    ],
  },
  {
    name: 'Complaint and Grievance Process',
    rule: 'Every complaint a beneficiary makes to you must be passed to the plan and to our compliance team within 2 business days.',
    dos: ['Write down the date, the client and what was said', 'Send it to the compliance e-mail address'],
    donts: ['Try to settle a complaint yourself', 'Discourage a client from calling 1-800-MEDICARE'],
  },
  {
    name: 'Required Disclaimers and the TPMO Statement',
    rule: 'Third-party marketing organizations must use the CMS TPMO disclaimer in marketing and within the first minute of sales calls.',
    dos: [
      'Read the disclaimer word for word on every sales call',
      'Show it on websites, flyers and social media posts',
    ],
    donts: ['Shorten or paraphrase the disclaimer', 'Place it where it cannot be read'],
  },
  {
    name: 'Educational Events versus Marketing Events',
    rule: 'Educational events explain Medicare in general; no plan-specific sales, enrollment forms or business reply cards.',
    dos: ['Advertise educational events as educational', 'Schedule marketing events separately, 12 hours apart'],
    donts: [
      'Collect contact details at an educational event without consent',
      'Hand out plan materials at an educational event',
    ],
  },
  {
    name: 'Enrollment Periods at a Glance',
    rule: 'Enroll clients only in a valid election period and record which one applies.',
    dos: ['Confirm the election period before each enrollment', 'Keep proof for Special Enrollment Periods'],
    donts: ['Back-date an application', 'Submit an enrollment outside its period'],
  },
  {
    name: 'Telemarketing and the TCPA',
    rule: 'Unsolicited calls to beneficiaries are prohibited; calls to prospects need prior express written consent.',
    dos: ['Check the National Do Not Call Registry', 'Keep the consent record with the lead'],
    donts: ['Cold call Medicare beneficiaries', 'Use automated dialers without written consent'],
  },
  {
    name: 'Scope of Appointment Requirements',
    rule: 'Document the products to be discussed at least 48 hours before a personal marketing appointment, with the listed exceptions.',
    dos: ['Complete the Scope of Appointment before the meeting', 'Keep it for 10 years'],
    donts: ['Discuss products the client did not agree to', 'Fill in the form after the meeting'],
  },
  {
    name: 'Nominal Gifts and Meals',
    rule: 'Gifts must be of nominal value and offered whether or not the person enrolls; meals are not allowed at sales events.',
    dos: ['Offer light refreshments only', 'Give the same gift to every attendee'],
    donts: ['Serve meals at a marketing event', 'Make a gift conditional on an enrollment'],
  },
  {
    name: 'Social Media and Online Marketing',
    rule: 'Posts that mention plans or benefits are marketing materials and need the TPMO disclaimer and approval.',
    dos: ['Use approved templates', 'Keep copies of what you post'],
    donts: ['Post plan benefits without approval', "Answer a client's personal health question in public comments"],
  },
  {
    name: 'Protecting Beneficiary Information (HIPAA)',
    rule: 'Protected health information may be used only for the enrollment it was given for, and must be kept secure.',
    dos: ['Lock paper applications away', 'Use encrypted e-mail for client documents'],
    donts: ['Text Medicare numbers or photos of cards', 'Leave applications in a car'],
  },
  {
    name: 'Agent Conduct and Prohibited Activities',
    rule: 'Agents must be licensed, appointed and certified before marketing a plan, and must never pressure a beneficiary.',
    dos: ['Carry your license and identification', 'Leave when a client asks you to'],
    donts: ['Use high-pressure tactics', 'Enroll a client without their full understanding'],
  },
  {
    name: 'Marketing in Health Care Settings',
    rule: 'Sales activity is not allowed where patients receive care; common areas may be used for educational events.',
    dos: ['Use community rooms and cafeterias', 'Leave materials only where the facility allows'],
    donts: ['Approach patients in waiting rooms', 'Ask providers to steer patients to a plan'],
  },
  {
    name: 'Cross-Selling Non-Health Products',
    rule: 'Life, annuity and other non-health products may not be marketed during a Medicare sales appointment unless the client asks.',
    dos: ['Schedule a separate appointment for other products', 'Document the client request'],
    donts: ['Use a Medicare appointment to sell annuities', 'Use Medicare leads for other products without consent'],
  },
  {
    name: 'Door-to-Door and Unsolicited Contact',
    rule: 'Unsolicited door-to-door contact with beneficiaries is prohibited, including leaving information at a residence.',
    dos: ['Wait for the beneficiary to contact you', 'Keep a record of how every lead reached you'],
    donts: ['Knock on doors uninvited', 'Approach people in parking lots'],
  },
  {
    name: 'Plan Comparisons and Star Ratings in Marketing',
    rule: 'Comparisons must be accurate and current; Star Ratings must be shown with the required rating information.',
    dos: ['Compare plans on the same criteria', 'Use the current contract year ratings'],
    donts: ['Compare against a plan you are not appointed with without facts', 'Show an old Star Rating'],
  },
  {
    name: 'Record Retention Requirements',
    rule: 'Scope of Appointment forms, call recordings and enrollment records are kept for at least 10 years.',
    dos: ['Store records in the approved systems', 'Keep records after you leave a carrier'],
    donts: ['Keep client files on personal devices', 'Destroy records early'],
  },
  {
    name: 'Reporting Fraud, Waste and Abuse',
    rule: 'Every agent must complete fraud, waste and abuse training each year and report suspected violations.',
    dos: ['Report suspected fraud to the plan or the compliance hotline', 'Cooperate with investigations'],
    donts: ['Ignore unusual enrollment patterns', 'Retaliate against anyone who reports'],
  },
];

export const COMPLIANCE_FIRST_FILE_NUMBER = 2145;

type FileInsert = typeof files.$inferInsert;
type GuideInsert = typeof complianceGuides.$inferInsert;

/** Writes the 19 guide PDFs to storage; returns the rows to insert (fixed ids, so a rerun overwrites). */
export async function demoComplianceGuides(
  storage: Storage,
  year: number,
): Promise<{ fileRows: FileInsert[]; guides: GuideInsert[] }> {
  const fileRows: FileInsert[] = [];
  const guides: GuideInsert[] = [];
  for (const [index, guide] of GUIDES.entries()) {
    const fileNumber = COMPLIANCE_FIRST_FILE_NUMBER + index;
    const downloadName = `ARC-${fileNumber} ${guide.name}.pdf`;
    const pdf = await guideDocumentPdf({
      publisher: 'Agent Resource Center',
      title: guide.name,
      reference: `Compliance Guide ${fileNumber}`,
      color: [0.11, 0.31, 0.5],
      issued: new Date(Date.UTC(year, 0, 2)),
      intro:
        `This guide summarises what the Medicare Communications and Marketing Guidelines and our carrier partners ` +
        `expect of every contracted agent on this topic. It does not replace the carriers' own training.`,
      sections: [
        { heading: 'The rule', paragraphs: [guide.rule] },
        { heading: 'Do', bullets: guide.dos },
        { heading: 'Do not', bullets: guide.donts },
        {
          heading: 'Questions',
          paragraphs: ['Write to compliance@arc.example or call the compliance line before you act if you are unsure.'],
        },
      ],
    });
    const file = await storeFile(storage, {
      id: `fil_compliance_${fileNumber}`,
      name: downloadName,
      contentType: 'application/pdf',
      body: pdf,
    });
    // a version of the guide: downloadable while the guide is published (docs/decisions/content-publishing.md)
    fileRows.push({ ...file, contentKind: 'compliance', contentDocumentKey: String(fileNumber) });
    guides.push({ fileNumber, name: guide.name, downloadName, fileId: file.id, published: true });
  }
  return { fileRows, guides };
}
