import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';
import { DashboardFileSchema } from './dashboard.ts';

/** Who manages the documents agents see (issue 33, decision 107). */
export const CONTENT_ROLES = { staff: ['admin', 'content'] } as const;

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
