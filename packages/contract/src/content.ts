import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';

/** The two enrollment platforms whose carriers an agent can ask about (spec §3, Carrier by platform). */
export const PLATFORMS = ['MyHealthPlan', 'Sunfire'] as const;
export const PlatformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof PlatformSchema>;

/** Spec §3: a carrier offered on a platform is its Name. */
export const CarrierByPlatformSchema = z.object({ Name: z.string() });
export type CarrierByPlatform = z.infer<typeof CarrierByPlatformSchema>;

export const listCarriersByPlatform = defineRoute({
  method: 'GET',
  path: '/arc/carriersByPlatform',
  summary: 'The carriers offered on an enrollment platform, by name (asked when the agent has no contracts there)',
  tags: ['content'],
  auth: 'agent',
  query: z.object({ platform: PlatformSchema }),
  responses: {
    200: z.object({ carriers: z.array(CarrierByPlatformSchema) }),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
  },
});

/** The document lists of the information pages: Policies (four PDFs), Resource Documents, the platforms' quick guides. */
export const CONTENT_DOCUMENT_SECTIONS = ['policies', 'resources', 'myhealthplan', 'sunfire'] as const;
export const ContentDocumentSectionSchema = z.enum(CONTENT_DOCUMENT_SECTIONS);
export type ContentDocumentSection = z.infer<typeof ContentDocumentSectionSchema>;

export const ContentDocumentSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** the name the file is saved under */
  downloadName: z.string(),
  /** download identifier for POST /arc/downloadtoken */
  file: z.string(),
});
export type ContentDocument = z.infer<typeof ContentDocumentSchema>;

export const listContentDocuments = defineRoute({
  method: 'GET',
  path: '/arc/content/documents/:section',
  summary: 'The documents of the Policies or Resource Documents page, in display order',
  tags: ['content'],
  auth: 'agent',
  params: z.object({ section: ContentDocumentSectionSchema }),
  responses: {
    200: z.object({ documents: z.array(ContentDocumentSchema) }),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
  },
});

/** Labels and messages of the information pages. */
export const CONTENT_TEXT = {
  download: 'Download',
  documentsFailed: 'Problem retrieving documents from server.',
  carriersFailed: 'Problem retrieving carriers from server.',
  policiesTitle: 'Policies',
  resourcesTitle: 'Resource Documents',
} as const;

/** Spec §9: the MyHealthPlan add-on promo. */
export const ADD_ON_PROMO = { monthly: '29.99', yearly: '299' } as const;

/**
 * Every outbound destination and contact address the app shows, by key (docs/decisions/information-pages.md). The
 * server keeps them in one content file (apps/server/src/modules/content/destinations.ts): the carriers' and vendors'
 * public sites as they are, the provider's own sites and addresses from PROVIDER_SITE_URL and PROVIDER_EMAIL_DOMAIN. A
 * key the provider has not set up is null, and the app leaves that link or address out.
 */
export const DESTINATION_KEYS = [
  'myHealthPlanLogin',
  'activeAnalytics',
  'sunfireLogin',
  'green365Join',
  'coreStart',
  'coreTrainingGettingStarted',
  'coreTrainingHouseholds',
  'coreTrainingSoa',
  'coreTrainingCampaigns',
  'coreTrainingReports',
  'myQuoteOpen',
  'myQuoteAppStore',
  'myQuoteGooglePlay',
  'leadStarSignUp',
  'leadStarHelpGettingStarted',
  'leadStarHelpSpeedToLead',
  'leadStarHelpReturns',
  'leadStarHelpConsent',
  'marketingStoreScholar',
  'marketingStoreProShop',
  'printStore',
  'emailSupport',
  'emailContracting',
  'emailCommissions',
  'emailNewBusiness',
  'emailCompliance',
  'emailMarketing',
  'emailSupplies',
  'emailCore',
  'emailLeadStar',
] as const;
export const DestinationKeySchema = z.enum(DESTINATION_KEYS);
export type DestinationKey = z.infer<typeof DestinationKeySchema>;

/** One carrier's electronic application: the page where its appointed agents start one. */
export const CarrierEAppSchema = z.object({
  carrier: z.string(),
  /** the products the agent writes there, as the carrier names them */
  products: z.string(),
  href: z.string(),
});
export type CarrierEApp = z.infer<typeof CarrierEAppSchema>;

export const DestinationsSchema = z.object({
  /** a URL (https://…) or, for the `email…` keys, an e-mail address; null: not set up by the provider */
  links: z.record(DestinationKeySchema, z.nullable(z.string())),
  /** the Carrier E-App Directory, in display order */
  carrierEApps: z.array(CarrierEAppSchema),
});
export type Destinations = z.infer<typeof DestinationsSchema>;

export const getDestinations = defineRoute({
  method: 'GET',
  path: '/arc/content/destinations',
  summary: 'Every outbound link and contact address the app shows, and the carriers’ e-application links',
  tags: ['content'],
  auth: 'agent',
  responses: { 200: DestinationsSchema, 401: ErrorResponseSchema },
});

export const EAPP_DIRECTORY_TEXT = {
  title: 'Carrier E-App Directory',
  intro:
    'Start an electronic application on the carrier’s own site. You need to be contracted and appointed with the ' +
    'carrier, and ready to sell the product in the client’s state, before you submit.',
  carrier: 'Carrier',
  products: 'Products',
  link: 'E-Application',
  failed: 'Problem retrieving the carrier links from server.',
} as const;
