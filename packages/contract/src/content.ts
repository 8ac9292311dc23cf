import { z } from 'zod';
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
