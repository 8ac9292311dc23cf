/**
 * The Videos On Demand library as the provider's training team publishes it: 8 categories, 32 videos. The
 * demo plays five short clips stored by the portal (seed/assets/training), so it works without internet; a
 * production library sets `vimeoCode` instead and the player embeds Vimeo.
 */
export type ClipName = 'medicare-basics' | 'portal-tour' | 'sales-marketing' | 'plan-review' | 'final-expense';

export interface CatalogueVideo {
  id: string;
  title: string;
  description: string;
}

export interface CatalogueCategory {
  slug: string;
  name: string;
  description: string;
  clip: ClipName;
  isComingSoon?: boolean;
  videos: CatalogueVideo[];
}

export const CLIP_NAMES: readonly ClipName[] = [
  'medicare-basics',
  'portal-tour',
  'sales-marketing',
  'plan-review',
  'final-expense',
];

export const TRAINING_CATALOGUE: CatalogueCategory[] = [
  {
    slug: 'medicare-basics',
    name: 'Medicare Basics',
    description: 'The building blocks every Medicare agent needs: the parts of Medicare, enrollment periods and costs.',
    clip: 'medicare-basics',
    videos: [
      {
        id: 'medicare-parts-explained',
        title: 'Medicare Parts A, B, C and D Explained',
        description:
          '<p>A plain-language tour of Original Medicare and the private options built on it.</p>' +
          '<ul><li>What Part A and Part B cover, and what they leave to the beneficiary</li>' +
          '<li>How Medicare Advantage (Part C) replaces Original Medicare benefits</li>' +
          '<li>Where stand-alone Part D drug plans fit</li></ul>',
      },
      {
        id: 'enrollment-periods',
        title: 'Enrollment Periods: IEP, AEP, OEP and SEPs',
        description:
          '<p>When a client can enroll, switch or drop a plan — and the documentation you need for each.</p>' +
          '<p>Covers the <strong>Initial Enrollment Period</strong>, the Annual Enrollment Period (October 15 to ' +
          'December 7), the Medicare Advantage Open Enrollment Period and the most common Special Enrollment Periods.</p>',
      },
      {
        id: 'medigap-vs-medicare-advantage',
        title: 'Medigap vs. Medicare Advantage',
        description:
          '<p>How to compare Medicare Supplement plans with Medicare Advantage for a client’s doctors, travel and ' +
          'budget, and why guaranteed-issue rights matter when a client changes course.</p>',
      },
      {
        id: 'part-d-costs',
        title: 'Understanding Part D Costs and the Prescription Payment Plan',
        description:
          '<p>Deductibles, the out-of-pocket cap and how the Medicare Prescription Payment Plan spreads costs over ' +
          'the year. Includes a worked example for a client on three brand-name drugs.</p>',
      },
    ],
  },
  {
    slug: 'agent-resource-center',
    name: 'Agent Resource Center',
    description: 'Short walk-throughs of this portal: from your dashboard to commissions, supplies and enrollments.',
    clip: 'portal-tour',
    videos: [
      {
        id: 'welcome-to-arc',
        title: 'Welcome to the Agent Resource Center',
        description: '<p>A two-minute tour of the menu, the user menu and where to find help.</p>',
      },
      {
        id: 'dashboard-first-looks',
        title: 'Navigating Your Dashboard and First Look Documents',
        description:
          '<p>Find carrier benefit overviews for this year and next, and learn when the next year’s tab appears.</p>',
      },
      {
        id: 'contracts-and-hierarchy',
        title: 'Checking Contracts and Your Downline Hierarchy',
        description: '<p>See the carriers you are contracted with, your writing numbers and the agents below you.</p>',
      },
      {
        id: 'ordering-supplies',
        title: 'Ordering Supplies and Using the Cart',
        description:
          '<p>Search by product year and county, add enrollment kits to the cart and track the order until it ships. ' +
          'Allow 7-10 business days for delivery.</p>',
      },
      {
        id: 'uploading-enrollments',
        title: 'Uploading Enrollments and Tracking Pended Applications',
        description:
          '<p>Upload paper applications as PDF, watch their status and resolve pended enrollments before the ' +
          'carrier’s deadline.</p>',
      },
      {
        id: 'building-prospect-lists',
        title: 'Building a T65 Prospect List',
        description:
          '<p>Search by county or postal code, filter by age and date range, and export the list to Excel. ' +
          'Always verify addresses with the USPS tool before mailing.</p>',
      },
      {
        id: 'downloading-commission-statements',
        title: 'Downloading Commission Statements',
        description:
          '<p>Search your statements by date, load older ones and open each as a CSV in your spreadsheet.</p>',
      },
      {
        id: 'member-support-cases',
        title: 'Submitting a Member Support Case',
        description:
          '<p>When and how to open a case for a client, and what our member support team needs from you.</p>',
      },
      {
        id: 'profile-and-certifications',
        title: 'Updating Your Profile, Licenses and Certifications',
        description: '<p>Keep your contact details, resident license and AHIP certification current.</p>',
      },
    ],
  },
  {
    slug: 'sales-and-marketing',
    name: 'Sales & Marketing',
    description: 'Compliant ways to meet new clients, present plans and keep the relationship going.',
    clip: 'sales-marketing',
    videos: [
      {
        id: 'scope-of-appointment',
        title: 'Compliant Scope of Appointment Basics',
        description:
          '<p>What a Scope of Appointment must record, when it must be signed and how long to keep it — with the ' +
          '48-hour rule explained.</p>',
      },
      {
        id: 'educational-events',
        title: 'Running a Compliant Educational Event',
        description:
          '<p>The difference between educational and marketing events, what you may hand out, and what you must ' +
          'never do at an educational event.</p>',
      },
      {
        id: 'referrals-after-enrollment',
        title: 'Building Referrals After the Enrollment',
        description: '<p>Follow-up calls, annual reviews and asking for introductions without pressure.</p>',
      },
    ],
  },
  {
    slug: 'advanced-medicare',
    name: 'Advanced Medicare',
    description: 'For experienced agents: special needs plans, low-income help, employer coverage and Star Ratings.',
    clip: 'medicare-basics',
    videos: [
      {
        id: 'special-needs-plans',
        title: 'Special Needs Plans: D-SNP, C-SNP and I-SNP',
        description:
          '<p>Who qualifies for each type of Special Needs Plan and how to verify Medicaid levels or a ' +
          'qualifying chronic condition.</p>',
      },
      {
        id: 'medicare-savings-programs',
        title: 'Medicare Savings Programs and Extra Help',
        description: '<p>Spot clients who may qualify for help with premiums and drug costs, and how to apply.</p>',
      },
      {
        id: 'employer-coverage',
        title: 'Coordinating Medicare with Employer Coverage',
        description:
          '<p>Primary and secondary payer rules for clients still working at 65, and when delaying Part B is safe.</p>',
      },
      {
        id: 'part-b-late-penalties',
        title: 'Part B Late Enrollment Penalties',
        description: '<p>How the penalty is calculated, how long it lasts and which situations avoid it.</p>',
      },
      {
        id: 'annual-notice-of-change',
        title: 'Reading the Annual Notice of Change with Clients',
        description: '<p>Walk a client through next year’s changes in premiums, networks and drug coverage.</p>',
      },
      {
        id: 'star-ratings',
        title: 'Star Ratings and What They Mean for Your Book',
        description:
          '<p>How CMS rates plans, what a 5-star Special Enrollment Period allows and how ratings affect retention.</p>',
      },
    ],
  },
  {
    slug: 'individual-and-family-plans',
    name: 'Individual & Family Plans',
    description: 'Marketplace coverage for clients under 65: metal tiers, subsidies and enrollment windows.',
    clip: 'sales-marketing',
    videos: [
      {
        id: 'marketplace-basics',
        title: 'Marketplace Basics: Metal Tiers and Subsidies',
        description: '<p>Bronze to Platinum, premium tax credits and cost-sharing reductions in one overview.</p>',
      },
      {
        id: 'open-enrollment-life-events',
        title: 'Open Enrollment and Qualifying Life Events',
        description: '<p>Dates of Open Enrollment and the life events that open a Special Enrollment Period.</p>',
      },
      {
        id: 'income-changes',
        title: 'Handling Income Changes and Reconciliation',
        description: '<p>Help clients report income changes during the year and avoid surprises at tax time.</p>',
      },
    ],
  },
  {
    slug: 'complementary-products',
    name: 'Complementary Products',
    description: 'Products that fill the gaps around medical coverage: hospital indemnity, dental, vision and more.',
    clip: 'plan-review',
    videos: [
      {
        id: 'hospital-indemnity',
        title: 'Hospital Indemnity Plans',
        description:
          '<p>Fixed daily benefits for hospital stays, and how they pair with a Medicare Advantage plan’s copays.</p>',
      },
      {
        id: 'dental-vision-hearing',
        title: 'Dental, Vision and Hearing Coverage',
        description: '<p>Stand-alone plans, waiting periods and annual maximums compared.</p>',
      },
      {
        id: 'cancer-heart-stroke',
        title: 'Cancer, Heart Attack and Stroke Policies',
        description: '<p>Lump-sum critical illness benefits: who needs them and how underwriting works.</p>',
      },
    ],
  },
  {
    slug: 'life-insurance',
    name: 'Life Insurance',
    description: 'Final expense and life coverage for the clients you already serve.',
    clip: 'final-expense',
    videos: [
      {
        id: 'final-expense-fundamentals',
        title: 'Final Expense Fundamentals',
        description:
          '<p>Simplified-issue whole life for burial and final costs: underwriting questions, graded benefits and ' +
          'how to use the Funeral Expense Worksheet with a client.</p>',
      },
      {
        id: 'term-vs-whole-life',
        title: 'Term vs. Whole Life for Your Medicare Clients',
        description: '<p>When each fits, how premiums compare at 65 and how to present both honestly.</p>',
      },
    ],
  },
  {
    slug: 'annuities',
    name: 'Annuities',
    description: 'Retirement income products for the clients you already serve. New courses are in production.',
    clip: 'plan-review',
    isComingSoon: true,
    videos: [
      {
        id: 'fixed-indexed-annuities',
        title: 'Fixed Indexed Annuities Overview',
        description: '<p>Caps, participation rates and surrender periods explained.</p>',
      },
      {
        id: 'annuity-suitability',
        title: 'Suitability and Best-Interest Standards',
        description: '<p>The NAIC best-interest model and what it asks of every annuity recommendation.</p>',
      },
    ],
  },
];
