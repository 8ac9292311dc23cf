/**
 * The videos of the information pages (GREEN365's training modules, the MyHealthPlan and SunFire videos): each
 * card plays a demo clip of its own that shows the card's title and a few lines of its topic. The clips are made
 * from this list by `node scripts/make-page-clips.mjs` (recorded in Chromium, no encoder needed) and shipped under
 * seed/assets/training/pages/{id}.webm. The web app's cards (features/content/data) name these ids and titles.
 *
 * Plain data with no imports, so the clip script reads it with Node alone.
 */
export interface PageVideo {
  /** the video id the page's card plays (GET /arc/training/videos/{id}/source) */
  id: string;
  /** the page the card is on: the clip's small heading */
  page: 'GREEN365' | 'MyHealthPlan' | 'SunFire';
  /** the card's title, drawn large in the clip */
  title: string;
  /** the topic, a few short lines drawn below the title */
  lines: string[];
}

export const PAGE_VIDEOS: readonly PageVideo[] = [
  {
    id: 'green365-special-needs-plans',
    page: 'GREEN365',
    title: 'Module 1 · Special Needs Plans: D-SNP, C-SNP and I-SNP',
    lines: [
      'D-SNP: Medicare and Medicaid together',
      'C-SNP: qualifying chronic conditions',
      'I-SNP: people living in an institution',
    ],
  },
  {
    id: 'green365-medicare-savings-programs',
    page: 'GREEN365',
    title: 'Module 2 · Medicare Savings Programs and Extra Help',
    lines: ['QMB and SLMB: help with premiums and cost sharing', 'Extra Help lowers Part D drug costs'],
  },
  {
    id: 'green365-enrollment-periods',
    page: 'GREEN365',
    title: 'Module 3 · Enrollment Periods for Dual-Eligible Clients',
    lines: ['The monthly dual and LIS Special Enrollment Period', 'Record the election period on every application'],
  },
  {
    id: 'green365-scope-of-appointment',
    page: 'GREEN365',
    title: 'Module 4 · Compliant Scope of Appointment',
    lines: ['Signed 48 hours before the appointment', 'Exceptions: walk-ins and client-initiated contacts'],
  },
  {
    id: 'green365-annual-reviews',
    page: 'GREEN365',
    title: 'Module 5 · Annual Reviews with Your D-SNP Clients',
    lines: ['Read the Annual Notice of Change together', 'Check Medicaid eligibility every year'],
  },
  {
    id: 'green365-referrals',
    page: 'GREEN365',
    title: 'Module 6 · Building Referrals After the Enrollment',
    lines: ['Service habits that earn introductions', 'One client, a community of referrals'],
  },
  {
    id: 'myhealthplan-election-period',
    page: 'MyHealthPlan',
    title: 'Checking the election period before you enroll',
    lines: ['Which election period applies', 'How to record it on the application'],
  },
  {
    id: 'myhealthplan-drug-costs',
    page: 'MyHealthPlan',
    title: 'Comparing drug costs with your client',
    lines: ['Reading the drug cost estimate', 'Deductible phases and the Prescription Payment Plan'],
  },
  {
    id: 'sunfire-medigap-vs-medicare-advantage',
    page: 'SunFire',
    title: 'Presenting Medigap and Medicare Advantage side by side',
    lines: ['A fair comparison that helps the client choose', 'Keeping the conversation compliant'],
  },
  {
    id: 'sunfire-star-ratings',
    page: 'SunFire',
    title: 'Star Ratings in a SunFire comparison',
    lines: ['What the ratings measure', 'How to explain them accurately'],
  },
];
