import type { DestinationKey } from '@arc/contract';

/**
 * The three marketing pages as the provider publishes them. Content lives here, apart from the layout, so the
 * marketing team's edits touch one file. Links and addresses name a destination of the server's content file
 * (GET /arc/content/destinations, docs/decisions/information-pages.md).
 */
export interface MarketingLink {
  label: string;
  destination: DestinationKey;
  description?: string;
}

export interface MarketingSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  links?: MarketingLink[];
}

export interface MarketingPageContent {
  title: string;
  tagline: string;
  intro: string;
  /** the main call to action */
  action: MarketingLink;
  sections: MarketingSection[];
  /** a contact e-mail shown in a highlighted box */
  email?: { label: string; destination: DestinationKey };
  /** a training clip played on the page (a Videos On Demand video) */
  video?: { id: string; title: string; heading: string };
}

export const MEDICARE_SCHOLAR: MarketingPageContent = {
  title: 'Medicare Scholar',
  tagline: 'Turn education into trust.',
  intro:
    'Medicare Scholar is our educational program for people approaching Medicare. You host free, unbiased ' +
    'classes in your community — libraries, senior centers, employer lunch-and-learns — using a CMS-compliant ' +
    'curriculum we keep current every year. Attendees learn how Medicare works; you become the person they call ' +
    'when they are ready to choose a plan.',
  action: { label: 'Order Medicare Scholar materials', destination: 'marketingStoreScholar' },
  sections: [
    {
      heading: 'What the program includes',
      bullets: [
        'A ready-to-present slide deck on Parts A, B, C and D, enrollment periods and costs',
        'Attendee workbooks and a Medicare timeline handout, printed and shipped to you',
        'Event flyers and newspaper ad templates with the required disclaimers already in place',
        'An event planning checklist that keeps educational events separate from sales activity',
      ],
    },
    {
      heading: 'Keeping it compliant',
      paragraphs: [
        'Medicare Scholar events are educational events under the Medicare Communications and Marketing ' +
          'Guidelines. Do not distribute plan-specific materials, take enrollment applications or collect contact ' +
          'information unless an attendee asks to be contacted. If an attendee wants to talk about plans, schedule ' +
          'a separate appointment and complete a Scope of Appointment.',
      ],
    },
    {
      heading: 'How to start',
      bullets: [
        'Complete the Medicare Basics videos in Videos On Demand',
        'Order your presentation kit from the marketing store',
        'Submit your event at least 10 days ahead so we can file it with the carriers',
      ],
    },
  ],
};

export const LEADSTAR: MarketingPageContent = {
  title: 'LeadStar',
  tagline: 'Exclusive, compliant leads — up to 64% off retail lead prices, with zero monthly license fees.',
  intro:
    'LeadStar is the lead marketplace for our contracted agents. Buy exclusive, TCPA-compliant Medicare, final ' +
    'expense and ACA leads by county or ZIP code, filtered to the clients you serve. You pay only for the leads ' +
    'you buy: no contracts, no minimums and zero monthly license fees.',
  action: { label: 'Sign up or log in to LeadStar', destination: 'leadStarSignUp' },
  sections: [
    {
      heading: 'Why agents use LeadStar',
      bullets: [
        'Save up to 64% compared with buying the same leads at retail',
        'Zero monthly license fees — your account costs nothing when you are not buying',
        'Every lead carries its consent record, time stamp and source page for your files',
        'Real-time delivery to your inbox, your phone or your CRM',
      ],
    },
    {
      heading: 'Resource library',
      links: [
        {
          label: 'Getting started with LeadStar',
          destination: 'leadStarHelpGettingStarted',
          description: 'Create your account, set your territory and place your first order.',
        },
        {
          label: 'Working a lead in the first five minutes',
          destination: 'leadStarHelpSpeedToLead',
          description: 'Call scripts and follow-up cadences that respect the consent the lead gave.',
        },
        {
          label: 'Returns and credits policy',
          destination: 'leadStarHelpReturns',
          description: 'Which leads qualify for a credit and how to request one.',
        },
        {
          label: 'TCPA and consent FAQ',
          destination: 'leadStarHelpConsent',
          description: 'What one-to-one consent means for the calls and texts you make.',
        },
      ],
    },
  ],
  email: { label: 'LeadStar support', destination: 'emailLeadStar' },
};

export const PROSHOP: MarketingPageContent = {
  title: 'Compliant Marketing Materials',
  tagline: 'Pre-approved marketing, printed and shipped — or ready to download.',
  intro:
    'ProShop is where you order marketing materials that are already reviewed for compliance: postcards, ' +
    'flyers, business cards, event signage and digital ads, personalised with your name and contact details.',
  action: { label: 'Visit the marketing store', destination: 'marketingStoreProShop' },
  sections: [
    {
      heading: 'Where to order',
      links: [
        {
          label: 'Marketing store',
          destination: 'marketingStoreProShop',
          description: 'Pre-approved Medicare, final expense and ACA pieces you can personalise.',
        },
        {
          label: 'Corporate print store',
          destination: 'printStore',
          description: 'Business cards, letterhead and envelopes with the corporate brand.',
        },
      ],
    },
    {
      heading: 'How to use the store',
      bullets: [
        'Sign in with your ARC username; your name, NPN and phone number fill in automatically',
        'Choose a piece, check the preview and approve the proof',
        'Printed orders ship in 5 to 7 business days; digital files are ready at once',
        'Do not change the wording of an approved piece — a changed piece needs a new review',
      ],
    },
    {
      heading: 'The TPMO disclaimer',
      paragraphs: [
        'Every piece that mentions Medicare plans carries the Third Party Marketing Organization (TPMO) ' +
          'disclaimer required by CMS, naming the number of organizations and products you represent. Keep the ' +
          'disclaimer exactly as printed, and update the counts in your profile when your appointments change so ' +
          'new orders show the right numbers.',
      ],
    },
  ],
  email: { label: 'Questions about a piece? Ask compliance', destination: 'emailCompliance' },
  video: { id: 'educational-events', title: 'Running a Compliant Educational Event', heading: 'Marketing compliantly' },
};
