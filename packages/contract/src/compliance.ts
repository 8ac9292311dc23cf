import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';

export const ComplianceGuideSchema = z.object({
  /** the provider's file number, 2145 to 2163 */
  fileNumber: z.int(),
  name: z.string(),
  /** the name the file is saved under */
  downloadName: z.string(),
  /** download identifier for POST /arc/downloadtoken */
  file: z.string(),
});
export type ComplianceGuide = z.infer<typeof ComplianceGuideSchema>;

export const listComplianceGuides = defineRoute({
  method: 'GET',
  path: '/arc/training/compliance-guides',
  summary: 'The compliance guide documents, by file number',
  tags: ['compliance'],
  auth: 'agent',
  responses: { 200: z.object({ guides: z.array(ComplianceGuideSchema) }), 401: ErrorResponseSchema },
});

export const COMPLIANCE_FILE_NUMBERS = { first: 2145, last: 2163 } as const;
export const COMPLIANCE_TEXT = {
  tableTitle: 'Document List',
  nameColumn: 'Document Name',
  actionsColumn: 'Actions',
  download: 'Download',
  listFailed: 'Problem retrieving compliance guides from server.',
  /** a guide's own address (/training/compliance-guides/{file number}) while it gets the PDF */
  opening: 'Opening the guide…',
  guideNotFound: 'There is no compliance guide with this number.',
  backToList: 'Back to the Document List',
} as const;
