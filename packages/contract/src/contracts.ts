import * as z from 'zod/mini';
import { boundedString, defineRoute, ErrorResponseSchema } from './common.ts';

/**
 * Contracts, the downline hierarchy below them and certifications (spec part 1 §2 My Profile, §3 Contract,
 * Downline record, Certification, Agent roster row). Field names follow the spec's data shapes (the CRM's).
 */

/** The CRM's ids: 15 or 18 letters and digits. Anything else is a 400 before the database is asked. */
export const CrmIdSchema = boundedString(18, 'Not a valid id').check(
  z.regex(/^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/, 'Not a valid id'),
);

export const CONTRACT_RECORD_TYPES = ['Person Account', 'Agency'] as const;
export type ContractRecordType = (typeof CONTRACT_RECORD_TYPES)[number];

export const ContractSchema = z.object({
  Id: z.string(),
  Contact__r: z.object({
    Name: z.string(),
    RecordType: z.object({ Name: z.enum(CONTRACT_RECORD_TYPES) }),
  }),
  Carrier__r: z.object({ Name: z.string() }),
  Status__c: z.string(),
  WritingNumber__c: z.nullable(z.string()),
  /** the id the downline certification call takes */
  HierarchyReportID__c: z.nullable(z.string()),
  /** how many contracts sit directly below this one (the related contracts' total size) */
  downlineCount: z.int(),
});
export type Contract = z.infer<typeof ContractSchema>;

export const listContracts = defineRoute({
  method: 'GET',
  path: '/arc/agents/contracts',
  summary: 'The contracts the agent holds, individual and agency',
  tags: ['contracts'],
  auth: 'agent',
  responses: { 200: z.object({ response: z.array(ContractSchema) }), 401: ErrorResponseSchema },
});

export const DownlineSchema = z.object({
  contactName: z.string(),
  uplineName: z.string(),
  contractId: z.string(),
  uplineContractId: z.string(),
  status__c: z.string(),
  WritingNumber__c: z.nullable(z.string()),
  /** the carrier of the contract (the roster's Carrier column) */
  carrierName: z.string(),
});
export type Downline = z.infer<typeof DownlineSchema>;

export const listDownlines = defineRoute({
  method: 'GET',
  path: '/arc/agent/downlines/:id',
  summary: 'Every contract below one the agent holds (or one below those), upline first',
  tags: ['contracts'],
  auth: 'agent',
  params: z.object({ id: CrmIdSchema }),
  responses: {
    200: z.object({ data: z.array(DownlineSchema) }),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
  },
});

export const CertificationSchema = z.object({
  Id: z.string(),
  Year__c: z.string(),
  Product2__c: z.string(),
});
export type Certification = z.infer<typeof CertificationSchema>;

export const DownlineCertificationSchema = z.extend(CertificationSchema, {
  Contract_JSA__r: z.object({
    Contact__r: z.object({ Name: z.string() }),
    Upline_Contract__r: z.object({ Contact__r: z.object({ Name: z.string() }) }),
  }),
});
export type DownlineCertification = z.infer<typeof DownlineCertificationSchema>;

export const listCertifications = defineRoute({
  method: 'GET',
  path: '/arc/agent/certification/:id',
  summary: 'The certifications of one contract',
  tags: ['contracts'],
  auth: 'agent',
  params: z.object({ id: CrmIdSchema }),
  responses: {
    200: z.object({ data: z.array(CertificationSchema) }),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
  },
});

export const listDownlineCertifications = defineRoute({
  method: 'GET',
  path: '/arc/agent/downlines/certification/:id',
  summary: "The certifications of every contract below one, by the contract's hierarchy report id",
  tags: ['contracts'],
  auth: 'agent',
  params: z.object({ id: CrmIdSchema }),
  responses: {
    200: z.object({ data: z.array(DownlineCertificationSchema) }),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
  },
});

/** The most rows one roster holds; a 5,000-agent downline is the demo's largest. */
export const ROSTER_MAX_ROWS = 20_000;

/**
 * One roster row as the spec names its columns, plus the contract it describes. The server builds the file's
 * cells from the contracts (never from the posted text), so only `contractId` decides what the file holds.
 */
export const RosterRowSchema = z.object({
  contractId: CrmIdSchema,
  Account: z.string().check(z.maxLength(200)),
  Upline: z.string().check(z.maxLength(200)),
  'Writing Number': z.string().check(z.maxLength(64)),
  Carrier: z.string().check(z.maxLength(200)),
});
export type RosterRow = z.infer<typeof RosterRowSchema>;

export const CreateDownlineReportRequestSchema = z.object({
  downlines: z.array(RosterRowSchema).check(z.maxLength(ROSTER_MAX_ROWS)),
});
export type CreateDownlineReportRequest = z.infer<typeof CreateDownlineReportRequestSchema>;

/** Answers "Agent Roster.xlsx" (a streamed binary body). */
export const createDownlineReport = defineRoute({
  method: 'POST',
  path: '/arc/agent/downlinereport',
  summary: 'The agent roster of the posted downline rows as a spreadsheet',
  tags: ['contracts'],
  auth: 'agent',
  body: CreateDownlineReportRequestSchema,
  responses: {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    413: ErrorResponseSchema,
  },
});

export const ROSTER_FILE_NAME = 'Agent Roster.xlsx';
export const ROSTER_COLUMNS = ['Account', 'Upline', 'Writing Number', 'Carrier'] as const;

/** The spec's labels and messages of the contracts tables and their views (part 1 §2, §8). */
export const CONTRACTS_TEXT = {
  individualTitle: (shortName: string) => `${shortName} Individual Agent Contracts`,
  agencyTitle: (shortName: string) => `${shortName} Agency Contracts`,
  columns: {
    holder: 'Contract Holder',
    carrier: 'Carrier',
    status: 'Status',
    writingNumber: 'Writing Number',
    showDownlines: 'Show Downlines',
    showCertification: 'Show Certification',
    showDownlinesCertification: 'Show Downlines Certification',
  },
  hierarchyTitle: 'Hierarchy View',
  certificationTitle: 'Certification View',
  downlineCertificationTitle: 'Downline Certification View',
  caseSensitive: 'Case sensitive',
  download: 'Download',
  back: 'Back to contracts',
  year: 'Year',
  product: 'Product',
  contactName: 'Contact Name',
  uplineContactName: 'Upline Contact Name',
  empty: 'There are no results.',
  contractsFailed: 'Problem retrieving contracts from server.',
  downlinesFailed: 'Failed to return downlines',
  certificationFailed: 'Failed to return certification',
  downlineCertificationFailed: 'Failed to return downline certification',
  missingContractId: 'Missing Contract ID',
  infoTitle: 'Info',
  errorTitle: 'Error',
  noDownlines: 'This contract does not have any downlines associated with it according to our systems.',
  noCertifications: 'This contract does not have any certifications associated with it according to our systems.',
  noDownlineCertifications:
    'This contract does not have any downline certifications associated with it according to our systems.',
  rosterEmpty: 'There are no agents in the list to download. Use the search first to find the agents for the roster.',
  /** Download after a search that matched nobody: the agent has already searched */
  rosterNoMatch: 'No agent matches your search, so there is nothing to download. Change the search and try again.',
} as const;

/**
 * The provider's short name in the table titles: the initials of its name ("Agent Resource Center" → "ARC"),
 * or the name itself when it is one word.
 */
export function providerShortName(providerName: string): string {
  const words = providerName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return providerName.trim();
  return words.map((word) => word[0]!.toUpperCase()).join('');
}
