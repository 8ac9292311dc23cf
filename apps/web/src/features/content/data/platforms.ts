import type { ContentDocumentSection, Platform, Agent } from '@arc/contract';
import type { ContactAddress, ContentLink, ContentVideo } from './types.ts';

/**
 * The provider's own domain. Staff accounts carry an e-mail-style NPN in it; with test users they may open the
 * platforms without contracts (spec §6: the platform login button is computed for test users or users whose npn
 * contains the provider's domain).
 */
export const PROVIDER_DOMAIN = 'arc.example';

export interface PlatformContent {
  /** the carriers-by-platform key (GET /arc/carriersByPlatform?platform=) */
  platform: Platform;
  title: string;
  tagline: string;
  /** whose introduction (written in the back office, docs/decisions/information-pages.md) the page shows */
  page: 'myhealthplan' | 'sunfire';
  login: ContentLink;
  /** the flag saying the agent holds contracts on this platform */
  contractsFlag: 'hasMyHealthPlanContracts' | 'hasSunfireContracts';
  /** the quick guides: PDFs listed by GET /arc/content/documents/:section */
  guidesSection: ContentDocumentSection;
  videos: ContentVideo[];
  /** the analytics launch, shown to agents with the activeAnalytics flag */
  activeAnalytics?: ContentLink & { description: string };
  /** an add-on sold through the platform, at the provider's promo price */
  addOn?: AddOn;
  /** shown with the carriers list when the agent has no contracts on the platform */
  noContracts: { heading: string; text: string; contracting: ContactAddress };
}

export interface AddOn {
  heading: string;
  intro: string;
  /** the sign-up steps on the platform */
  steps: string[];
  /** entered on the platform's sign-up page exactly as written (case-sensitive) */
  accessCode: string;
}

/** The login button: agents contracted on the platform, test users and the provider's staff. */
export function canOpenPlatform(agent: Agent, content: Pick<PlatformContent, 'contractsFlag'>): boolean {
  return agent[content.contractsFlag] || agent.isTestUser || agent.npn.toLowerCase().includes(PROVIDER_DOMAIN);
}

const CONTRACTING: ContactAddress = { label: 'Contracting team', destination: 'emailContracting' };

export const MY_HEALTH_PLAN: PlatformContent = {
  platform: 'MyHealthPlan',
  title: 'MyHealthPlan',
  tagline: 'Quote, compare and enroll Medicare clients online — in one session, with one login.',
  page: 'myhealthplan',
  login: { label: 'Log in to MyHealthPlan', destination: 'myHealthPlanLogin' },
  activeAnalytics: {
    label: 'Open Active Analytics',
    destination: 'activeAnalytics',
    description:
      'Active Analytics shows your enrollments, persistency and renewals by carrier and county, updated daily.',
  },
  contractsFlag: 'hasMyHealthPlanContracts',
  guidesSection: 'myhealthplan',
  videos: [
    {
      videoId: 'myhealthplan-election-period',
      title: 'Checking the election period before you enroll',
      description: 'Which election period applies, and how to record it on the application.',
    },
    {
      videoId: 'myhealthplan-drug-costs',
      title: 'Comparing drug costs with your client',
      description: 'Reading the drug cost estimate, the deductible phases and the Prescription Payment Plan.',
    },
  ],
  addOn: {
    heading: 'Agent Pro add-on',
    intro:
      'Agent Pro adds client renewal alerts, bulk plan comparisons and a personal enrollment website with your ' +
      'name and license number. Our agents get it at a partner price.',
    accessCode: 'ARCpartner365',
    steps: [
      'Log in to MyHealthPlan and open Account, then Add-ons.',
      'Choose Agent Pro and pick monthly or yearly billing.',
      'Enter the access code in the Promo code field exactly as shown: it is case-sensitive.',
      'Confirm your payment details. Agent Pro is switched on at once.',
    ],
  },
  noContracts: {
    heading: 'Get contracted to enroll on MyHealthPlan',
    text:
      'You do not have contracts for MyHealthPlan yet. These carriers are available on the platform; ask our ' +
      'contracting team to start your appointments.',
    contracting: CONTRACTING,
  },
};

export const SUNFIRE: PlatformContent = {
  platform: 'Sunfire',
  title: 'SunFire',
  tagline: 'Fast Medicare Advantage and Part D quoting and enrollment, with carrier-approved applications.',
  page: 'sunfire',
  login: { label: 'Log in to SunFire', destination: 'sunfireLogin' },
  contractsFlag: 'hasSunfireContracts',
  guidesSection: 'sunfire',
  videos: [
    {
      videoId: 'sunfire-medigap-vs-medicare-advantage',
      title: 'Presenting Medigap and Medicare Advantage side by side',
      description: 'A fair comparison that helps the client choose, and keeps the conversation compliant.',
    },
    {
      videoId: 'sunfire-star-ratings',
      title: 'Star Ratings in a SunFire comparison',
      description: 'What the ratings measure and how to explain them accurately.',
    },
  ],
  noContracts: {
    heading: 'Get contracted to enroll on SunFire',
    text:
      'You do not have contracts for SunFire yet. These carriers are available on the platform; ask our ' +
      'contracting team to start your appointments.',
    contracting: CONTRACTING,
  },
};
