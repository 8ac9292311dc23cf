import type { CarrierEApp, DestinationKey, Destinations } from '@arc/contract';
import type { Config } from '../../config.ts';

/**
 * THE content file for every outbound destination and contact address the app shows
 * (docs/decisions/information-pages.md; README, "Links and contact addresses"). The defaults: the back office
 * (`/staff/pages`, docs/decisions/information-pages.md) stores a value over any of them in `content_destinations`.
 *
 * - Public sites of carriers and vendors are written out as they are.
 * - The provider's own sites and mailboxes are paths and mailbox names below PROVIDER_SITE_URL and
 *   PROVIDER_EMAIL_DOMAIN. Without those settings they are null and the app leaves the link or address out, so an
 *   agent never sees a made-up destination.
 * - The MyQuote app-store pages exist only once the provider has published its app: fill in MYQUOTE_APP_PAGES.
 */

/** The carriers' and vendors' own public sites. */
const PUBLIC_SITES = {
  // SunFire Matrix, the quoting and enrollment platform (agents sign in on its home page)
  sunfireLogin: 'https://www.sunfirematrix.com/',
} as const satisfies Partial<Record<DestinationKey, string>>;

/** The provider's own web destinations: paths below PROVIDER_SITE_URL. */
const PROVIDER_SITE_PATHS = {
  myHealthPlanLogin: '/myhealthplan/login',
  activeAnalytics: '/myhealthplan/active-analytics',
  green365Join: '/green365/join',
  coreStart: '/core/start',
  coreTrainingGettingStarted: '/core/training/getting-started',
  coreTrainingHouseholds: '/core/training/households',
  coreTrainingSoa: '/core/training/soa',
  coreTrainingCampaigns: '/core/training/campaigns',
  coreTrainingReports: '/core/training/reports',
  myQuoteOpen: '/myquote',
  leadStarSignUp: '/leadstar/signup',
  leadStarHelpGettingStarted: '/leadstar/help/getting-started',
  leadStarHelpSpeedToLead: '/leadstar/help/speed-to-lead',
  leadStarHelpReturns: '/leadstar/help/returns',
  leadStarHelpConsent: '/leadstar/help/consent',
  marketingStoreScholar: '/store/medicare-scholar',
  marketingStoreProShop: '/store/proshop',
  printStore: '/print',
} as const satisfies Partial<Record<DestinationKey, string>>;

/** The provider's mailboxes: names at PROVIDER_EMAIL_DOMAIN. */
const PROVIDER_MAILBOXES = {
  emailSupport: 'support',
  emailContracting: 'contracting',
  emailCommissions: 'commissions',
  emailNewBusiness: 'newbusiness',
  emailCompliance: 'compliance',
  emailMarketing: 'marketing',
  emailSupplies: 'supplies',
  emailCore: 'core',
  emailLeadStar: 'leadstar',
} as const satisfies Partial<Record<DestinationKey, string>>;

/** The provider's MyQuote app in the app stores: fill in once it is published (null leaves the badge out). */
const MYQUOTE_APP_PAGES: Record<'myQuoteAppStore' | 'myQuoteGooglePlay', string | null> = {
  myQuoteAppStore: null,
  myQuoteGooglePlay: null,
};

/**
 * The Carrier E-App Directory (Enrollment Upload, Final Expense): where each carrier's appointed agents start an
 * electronic application — the carriers' own producer sites.
 */
const CARRIER_EAPPS: CarrierEApp[] = [
  {
    carrier: 'Aetna',
    products: 'Medicare Advantage, Part D, Medicare Supplement',
    href: 'https://www.aetna.com/producer_public/login.fcc',
  },
  {
    carrier: 'Anthem',
    products: 'Medicare Advantage, Part D, Medicare Supplement',
    href: 'https://brokerportal.anthem.com/',
  },
  {
    carrier: 'Cigna Healthcare',
    products: 'Medicare Advantage, Part D, Medicare Supplement',
    href: 'https://cignaforbrokers.com/',
  },
  { carrier: 'Devoted Health', products: 'Medicare Advantage', href: 'https://www.devoted.com/' },
  {
    carrier: 'Humana',
    products: 'Medicare Advantage, Part D, Medicare Supplement',
    href: 'https://account.humana.com/',
  },
  {
    carrier: 'Mutual of Omaha',
    products: 'Medicare Supplement, Final Expense, Life',
    href: 'https://producer.mutualofomaha.com/',
  },
  {
    carrier: 'UnitedHealthcare',
    products: 'Medicare Advantage, Part D, Medicare Supplement',
    href: 'https://www.uhcjarvis.com/',
  },
  { carrier: 'Wellcare', products: 'Medicare Advantage, Part D', href: 'https://www.wellcare.com/' },
];

export type DestinationsConfig = Pick<Config, 'providerSiteUrl' | 'providerEmailDomain'>;

/** The destinations as the app gets them, with the provider's own ones built from its settings. */
export function buildDestinations(config: DestinationsConfig): Destinations {
  const site = config.providerSiteUrl?.replace(/\/+$/, '');
  const domain = config.providerEmailDomain;
  const links = {} as Record<DestinationKey, string | null>;
  for (const [key, path] of Object.entries(PROVIDER_SITE_PATHS))
    links[key as DestinationKey] = site ? site + path : null;
  for (const [key, mailbox] of Object.entries(PROVIDER_MAILBOXES))
    links[key as DestinationKey] = domain ? `${mailbox}@${domain}` : null;
  Object.assign(links, MYQUOTE_APP_PAGES, PUBLIC_SITES);
  return { links, carrierEApps: CARRIER_EAPPS };
}
