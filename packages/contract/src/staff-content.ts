import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';
import { CONTENT_DOCUMENT_SECTIONS } from './content.ts';
import { DashboardFileSchema } from './dashboard.ts';
import { CONTENT_ROLES } from './staff-roles.ts';

/** A document's PDF may be this large. */
export const CONTENT_DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
/** The multipart part carrying the PDF. */
export const CONTENT_DOCUMENT_UPLOAD_FIELD = 'file';

/** A dashboard document (Carrier Benefits / First Look tile) as staff see it: the agent's tile plus its state. */
export const StaffDashboardDocumentSchema = z.object({
  ...DashboardFileSchema.shape,
  sortOrder: z.int(),
  published: z.boolean(),
  /** the current PDF's name, when one is uploaded */
  fileName: z.nullable(z.string()),
});
export type StaffDashboardDocument = z.infer<typeof StaffDashboardDocumentSchema>;

export const DashboardDocumentInputSchema = z.object({
  year: z.int().check(z.gte(2000, 'Enter a plan year'), z.lte(2100, 'Enter a plan year')),
  carrier: z.string().check(z.trim(), z.minLength(1, 'Enter the carrier'), z.maxLength(120)),
  /** the spec's document kind: 70, 71, 74, 75 or another (plain "First Look") */
  documentId: z.int().check(z.gte(1, 'Choose a document kind'), z.lte(9999)),
  sortOrder: z.int().check(z.gte(0), z.lte(9999)),
});
export type DashboardDocumentInput = z.infer<typeof DashboardDocumentInputSchema>;

const KeyParams = z.object({ key: z.string().check(z.minLength(1), z.maxLength(100)) });
const one = { 200: StaffDashboardDocumentSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema } as const;

export const listStaffDashboardDocuments = defineRoute({
  method: 'GET',
  path: '/arc/staff/content/dashboard',
  summary: 'Every dashboard document (published or not), by year and order',
  tags: ['staff'],
  auth: CONTENT_ROLES,
  responses: { 200: z.object({ documents: z.array(StaffDashboardDocumentSchema), carriers: z.array(z.string()) }) },
});

export const createStaffDashboardDocument = defineRoute({
  method: 'POST',
  path: '/arc/staff/content/dashboard',
  summary: 'A new dashboard document, unpublished and without its PDF yet',
  tags: ['staff'],
  auth: CONTENT_ROLES,
  body: DashboardDocumentInputSchema,
  responses: { 201: StaffDashboardDocumentSchema, 400: ErrorResponseSchema },
});

export const updateStaffDashboardDocument = defineRoute({
  method: 'PUT',
  path: '/arc/staff/content/dashboard/:key',
  summary: "A dashboard document's title, carrier, kind, plan year and order",
  tags: ['staff'],
  auth: CONTENT_ROLES,
  params: KeyParams,
  body: DashboardDocumentInputSchema,
  responses: one,
});

export const uploadStaffDashboardDocumentFile = defineRoute({
  method: 'PUT',
  path: '/arc/staff/content/dashboard/:key/file',
  summary: "Upload or replace a dashboard document's PDF (multipart: file); it keeps its place",
  tags: ['staff'],
  auth: CONTENT_ROLES,
  params: KeyParams,
  responses: { ...one, 413: ErrorResponseSchema },
});

export const publishStaffDashboardDocument = defineRoute({
  method: 'POST',
  path: '/arc/staff/content/dashboard/:key/publish',
  summary: 'Publish a dashboard document: agents see it at once',
  tags: ['staff'],
  auth: CONTENT_ROLES,
  params: KeyParams,
  responses: { ...one, 409: ErrorResponseSchema },
});

export const unpublishStaffDashboardDocument = defineRoute({
  method: 'POST',
  path: '/arc/staff/content/dashboard/:key/unpublish',
  summary: 'Unpublish a dashboard document: agents no longer see it',
  tags: ['staff'],
  auth: CONTENT_ROLES,
  params: KeyParams,
  responses: one,
});

/**
 * The document lists besides the dashboard's (docs/decisions/content-publishing.md): the compliance guides, the Final
 * Expense documents, and the information pages' lists (Policies, Resource Documents, the platforms' quick guides).
 */
export const LIBRARY_KINDS = ['compliance', 'final-expense', ...CONTENT_DOCUMENT_SECTIONS] as const;
export const LibraryKindSchema = z.enum(LIBRARY_KINDS);
export type LibraryKind = z.infer<typeof LibraryKindSchema>;

/** The back office's name for each list (the Section selector of `/staff/content`). */
export const LIBRARY_KIND_LABELS: Record<LibraryKind, string> = {
  compliance: 'Compliance guides',
  'final-expense': 'Final expense documents',
  policies: 'Policies',
  resources: 'Resource documents',
  myhealthplan: 'MyHealthPlan quick guides',
  sunfire: 'SunFire quick guides',
};

/** Where agents see each list. */
export const LIBRARY_KIND_PAGES: Record<LibraryKind, string> = {
  compliance: '/training/compliance-guides',
  'final-expense': '/finalexpense',
  policies: '/policies',
  resources: '/maresources',
  myhealthplan: '/myhealthplan',
  sunfire: '/sunfire',
};

/** Kinds whose documents carry a description under their title. */
export const LIBRARY_KINDS_WITH_DESCRIPTION: readonly LibraryKind[] = CONTENT_DOCUMENT_SECTIONS;

/** A document of one of those lists as staff see it. */
export const StaffLibraryDocumentSchema = z.object({
  kind: LibraryKindSchema,
  key: z.string(),
  title: z.string(),
  /** the line under the title (Policies, Resource Documents and the quick guides); empty for other kinds */
  description: z.string(),
  /** a compliance guide's file number (its place in the list); null for other kinds */
  number: z.nullable(z.int()),
  /** the place in the list (compliance guides are ordered by their number) */
  sortOrder: z.int(),
  published: z.boolean(),
  /** the current PDF's download identifier, when one is uploaded */
  file: z.nullable(z.string()),
  /** the name agents save it under */
  fileName: z.nullable(z.string()),
});
export type StaffLibraryDocument = z.infer<typeof StaffLibraryDocumentSchema>;

export const LIBRARY_NUMBER_REQUIRED = "Enter the guide's file number";

export const LibraryDocumentInputSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'Enter the title'), z.maxLength(200, 'At most 200 characters')),
  description: z.string().check(z.trim(), z.maxLength(500, 'At most 500 characters')),
  /** required for a compliance guide, ignored for the other kinds */
  number: z.nullable(z.int().check(z.gte(1, LIBRARY_NUMBER_REQUIRED), z.lte(99_999, 'At most 99999'))),
  sortOrder: z.int().check(z.gte(0), z.lte(9999)),
});
export type LibraryDocumentInput = z.infer<typeof LibraryDocumentInputSchema>;

const KindParams = z.object({ kind: LibraryKindSchema });
const KindKeyParams = z.object({ kind: LibraryKindSchema, key: z.string().check(z.minLength(1), z.maxLength(100)) });
const oneOfLibrary = {
  200: StaffLibraryDocumentSchema,
  400: ErrorResponseSchema,
  404: ErrorResponseSchema,
} as const;

export const listStaffLibraryDocuments = defineRoute({
  method: 'GET',
  path: '/arc/staff/content/library/:kind',
  summary: "Every document of one list (published or not), in the agents' order",
  tags: ['staff'],
  auth: CONTENT_ROLES,
  params: KindParams,
  responses: { 200: z.object({ documents: z.array(StaffLibraryDocumentSchema) }), 400: ErrorResponseSchema },
});

export const createStaffLibraryDocument = defineRoute({
  method: 'POST',
  path: '/arc/staff/content/library/:kind',
  summary: 'A new document of one list, unpublished and without its PDF yet',
  tags: ['staff'],
  auth: CONTENT_ROLES,
  params: KindParams,
  body: LibraryDocumentInputSchema,
  responses: { 201: StaffLibraryDocumentSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema },
});

export const updateStaffLibraryDocument = defineRoute({
  method: 'PUT',
  path: '/arc/staff/content/library/:kind/:key',
  summary: "A document's title, description and place",
  tags: ['staff'],
  auth: CONTENT_ROLES,
  params: KindKeyParams,
  body: LibraryDocumentInputSchema,
  responses: { ...oneOfLibrary, 409: ErrorResponseSchema },
});

export const uploadStaffLibraryDocumentFile = defineRoute({
  method: 'PUT',
  path: '/arc/staff/content/library/:kind/:key/file',
  summary: "Upload or replace a document's PDF (multipart: file); it keeps its place",
  tags: ['staff'],
  auth: CONTENT_ROLES,
  params: KindKeyParams,
  responses: { ...oneOfLibrary, 413: ErrorResponseSchema },
});

export const publishStaffLibraryDocument = defineRoute({
  method: 'POST',
  path: '/arc/staff/content/library/:kind/:key/publish',
  summary: 'Publish a document: agents see it at once',
  tags: ['staff'],
  auth: CONTENT_ROLES,
  params: KindKeyParams,
  responses: { ...oneOfLibrary, 409: ErrorResponseSchema },
});

export const unpublishStaffLibraryDocument = defineRoute({
  method: 'POST',
  path: '/arc/staff/content/library/:kind/:key/unpublish',
  summary: 'Unpublish a document: agents no longer see it',
  tags: ['staff'],
  auth: CONTENT_ROLES,
  params: KindKeyParams,
  responses: oneOfLibrary,
});
