import * as z from 'zod/mini';
import { NpnSchema } from './account.ts';
import { boundedLength, DateTimeSchema, defineRoute, ErrorResponseSchema, IdSchema } from './common.ts';
import { personNameSchema } from './person-name.ts';
import { SOA_STATUSES } from './record-kinds.ts';
import {
  SOA_APPOINTMENT_KINDS,
  SOA_LANGUAGES,
  SOA_PRODUCTS,
  type SoaAppointmentKind,
  type SoaProduct,
} from './soa-form-text.ts';
import { SOA_EXCEPTIONS, SOA_FLAGS } from './soa-rules.ts';
import { PURGE_SOA, READ_SOA } from './staff-roles.ts';
import { TimeZoneSchema } from './time-zones.ts';

/**
 * The electronic Scope of Appointment (issue 34, docs/decisions/soa-and-ready-to-sell.md): the agent asks a beneficiary
 * to agree, before a sales appointment, which kinds of products they will talk about; the beneficiary signs on a public
 * page opened from a single-use link; the signed PDF is kept ten years. An agent sees only their own SOAs (404 for
 * another's).
 */

/** The agent's SOA page and the beneficiary's public signing page (kept here, not in every route's constants). */
export const soaPaths = {
  list: '/soa',
  /** the public signing page of an SOA link (no sign-in; the token is single-use) */
  sign: (token: string) => `/soa/sign/${encodeURIComponent(token)}`,
} as const;

export { SOA_STATUSES, type SoaStatus } from './record-kinds.ts';

export const SOA_APPOINTMENT_KIND_LABELS: Record<SoaAppointmentKind, string> = {
  phone: 'Phone',
  'in-person': 'In person',
  video: 'Video',
};

export const SOA_PRODUCT_LABELS: Record<SoaProduct, string> = {
  'medicare-advantage': 'Medicare Advantage',
  'part-d': 'Stand-alone Part D',
  'dental-vision-hearing': 'Dental/vision/hearing',
  'hospital-indemnity': 'Hospital indemnity',
  'medicare-supplement': 'Medicare Supplement',
};

export const SOA_TEXT = {
  pageTitle: 'Scope of Appointment',
  newRequest: 'New SOA request',
  send: 'Send SOA',
  sentTo: (to: string) => `The SOA link was e-mailed to ${to}.`,
  noEmail: 'No e-mail address: open the signing page on your device for the beneficiary (text messages come later).',
  tableTitle: 'SOA requests',
  empty: 'No SOA requests yet.',
  export: 'Export .xlsx',
  exportFileName: 'Scope of Appointment.xlsx',
  download: 'Download PDF',
  cancel: 'Cancel SOA',
  cancelled: 'The SOA was cancelled. It is kept with its history.',
  resend: 'Resend link',
  signOnDevice: 'Sign on this device',
  change: 'Change appointment',
  changed: 'A new version was made and its link sent. The earlier version and its PDF are kept.',
  needsContact: 'Enter an e-mail address or a mobile number.',
  needsName: 'Enter the beneficiary’s name.',
  needsProducts: 'Choose at least one product.',
  emailInvalid: 'Enter a valid e-mail address.',
  mobileInvalid: 'Enter a valid mobile number.',
  notFound: 'SOA not found',
  notOpen: 'This SOA is signed or cancelled: change the appointment to make a new version.',
  cancelledAlready: 'This SOA is cancelled.',
  exceptionHint: 'The appointment is less than 48 hours away: record an exception if one applies.',
  appointmentPast:
    'The appointment is in the past. An SOA is agreed before the appointment: choose a later date and time.',
} as const;

const BeneficiaryNameSchema = personNameSchema({ max: 120, messages: { required: SOA_TEXT.needsName } });
/**
 * Empty (no e-mail), or a name, an @ and a domain with a dot. Linear: the domain's parts cannot hold a dot, so
 * there is one way to split it (`[^\s@]+\.[^\s@]+` took quadratic time on a run of dots).
 */
const EMAIL_PATTERN = /^(?:[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+)?$/;
const MOBILE_PATTERN = /^(?:\+?[0-9 ().-]{10,20})?$/;
const SoaEmailSchema = z
  .string()
  .check(z.trim(), boundedLength(254, SOA_TEXT.emailInvalid), z.regex(EMAIL_PATTERN, SOA_TEXT.emailInvalid));
const SoaMobileSchema = z
  .string()
  .check(z.trim(), boundedLength(20, SOA_TEXT.mobileInvalid), z.regex(MOBILE_PATTERN, SOA_TEXT.mobileInvalid));
export const SoaProductsSchema = z
  .array(z.enum(SOA_PRODUCTS))
  .check(z.minLength(1, SOA_TEXT.needsProducts), z.maxLength(SOA_PRODUCTS.length));
export const SoaExceptionSchema = z.nullable(z.enum(SOA_EXCEPTIONS));

const hasContact = (value: { email: string; mobile: string }) => value.email !== '' || value.mobile !== '';

/** What the agent asks for: who, how to reach them, when and how the appointment is, and which products. */
export const CreateSoaRequestSchema = z
  .object({
    beneficiaryName: BeneficiaryNameSchema,
    email: SoaEmailSchema,
    mobile: SoaMobileSchema,
    language: z.enum(SOA_LANGUAGES),
    appointmentAt: DateTimeSchema,
    /** the zone the appointment is booked in (issue 45); absent: the agent's own zone */
    appointmentTimeZone: z.optional(TimeZoneSchema),
    appointmentKind: z.enum(SOA_APPOINTMENT_KINDS),
    products: SoaProductsSchema,
    exceptionReason: SoaExceptionSchema,
  })
  .check(z.refine(hasContact, { message: SOA_TEXT.needsContact, path: ['email'] }));
export type CreateSoaRequest = z.infer<typeof CreateSoaRequestSchema>;
/** as sent (the appointment an ISO string) */
export type CreateSoaRequestBody = z.input<typeof CreateSoaRequestSchema>;

/** The request form's values: the appointment as the agent's local date and time (the browser makes the instant). */
export const SoaRequestFormSchema = z
  .object({
    beneficiaryName: BeneficiaryNameSchema,
    email: SoaEmailSchema,
    mobile: SoaMobileSchema,
    language: z.enum(SOA_LANGUAGES),
    date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the appointment date.')),
    time: z.string().check(z.regex(/^\d{2}:\d{2}$/, 'Enter the appointment time.')),
    appointmentKind: z.enum(SOA_APPOINTMENT_KINDS),
    products: SoaProductsSchema,
    exceptionReason: z.string(),
  })
  .check(z.refine(hasContact, { message: SOA_TEXT.needsContact, path: ['email'] }));
export type SoaRequestForm = z.infer<typeof SoaRequestFormSchema>;

/** A change of a signed or sent SOA: a new version with its own link (and, once signed, its own PDF). */
export const ChangeSoaRequestSchema = z.object({
  appointmentAt: DateTimeSchema,
  /** absent: the zone of the version it replaces */
  appointmentTimeZone: z.optional(TimeZoneSchema),
  exceptionReason: SoaExceptionSchema,
});
export type ChangeSoaRequest = z.infer<typeof ChangeSoaRequestSchema>;
export type ChangeSoaRequestBody = z.input<typeof ChangeSoaRequestSchema>;

export const SoaLinkRequestSchema = z.object({ delivery: z.enum(['email', 'device']) });
export const SoaLinkSchema = z.object({
  /** the signing page's path, for `device` (open it for the beneficiary); null for `email` */
  path: z.nullable(z.string()),
  /** the address the link went to, for `email` */
  sentTo: z.nullable(z.string()),
});
export type SoaLink = z.infer<typeof SoaLinkSchema>;

export const SoaVersionSchema = z.object({
  version: z.int(),
  appointmentAt: DateTimeSchema,
  /** the IANA zone the appointment was booked in: it is written in this zone, with its name, everywhere */
  appointmentTimeZone: z.string(),
  appointmentKind: z.enum(SOA_APPOINTMENT_KINDS),
  products: z.array(z.enum(SOA_PRODUCTS)),
  exceptionReason: SoaExceptionSchema,
  /** the id of the rule set (soa-rules.ts) of the appointment's date */
  ruleSet: z.string(),
  status: z.enum(SOA_STATUSES),
  flags: z.array(z.enum(SOA_FLAGS)),
  sentAt: DateTimeSchema,
  openedAt: z.nullable(DateTimeSchema),
  signedAt: z.nullable(DateTimeSchema),
  signerName: z.nullable(z.string()),
  /** null: the beneficiary signed; else the authorised representative's relationship */
  signerRelationship: z.nullable(z.string()),
  /** the products the signer ticked */
  productsAgreed: z.nullable(z.array(z.enum(SOA_PRODUCTS))),
  validUntil: z.nullable(DateTimeSchema),
  /** the signed PDF's download identifier (POST /arc/downloadtoken {file}) */
  file: z.nullable(z.string()),
  sha256: z.nullable(z.string()),
  /** when a later version replaced this one */
  replacedAt: z.nullable(DateTimeSchema),
});
export type SoaVersion = z.infer<typeof SoaVersionSchema>;

/** An SOA as listed: its current (latest) version's state. */
export const SoaSchema = z.object({
  id: z.string(),
  beneficiaryName: z.string(),
  email: z.string(),
  mobile: z.string(),
  language: z.enum(SOA_LANGUAGES),
  createdAt: DateTimeSchema,
  cancelledAt: z.nullable(DateTimeSchema),
  current: SoaVersionSchema,
});
export type Soa = z.infer<typeof SoaSchema>;

export const SoaDetailSchema = z.object({ ...SoaSchema.shape, versions: z.array(SoaVersionSchema) });
export type SoaDetail = z.infer<typeof SoaDetailSchema>;

const SoaParamsSchema = z.object({ id: IdSchema });

export const listSoas = defineRoute({
  method: 'GET',
  path: '/arc/agent/soa',
  summary: 'The agent’s SOAs: unsigned ones with the nearest appointment first, then the rest, newest first',
  tags: ['soa'],
  auth: 'agent',
  responses: { 200: z.array(SoaSchema), 401: ErrorResponseSchema },
});

export const createSoa = defineRoute({
  method: 'POST',
  path: '/arc/agent/soa',
  summary: 'Ask a beneficiary for a Scope of Appointment: the single-use signing link goes by e-mail',
  tags: ['soa'],
  auth: 'agent',
  body: CreateSoaRequestSchema,
  responses: {
    201: z.object({ soa: SoaSchema, link: SoaLinkSchema }),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

export const getSoa = defineRoute({
  method: 'GET',
  path: '/arc/agent/soa/:id',
  summary: 'One of the agent’s SOAs with every version',
  tags: ['soa'],
  auth: 'agent',
  params: SoaParamsSchema,
  responses: { 200: SoaDetailSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const changeSoa = defineRoute({
  method: 'POST',
  path: '/arc/agent/soa/:id/versions',
  summary: 'A new version (new appointment date or exception reason) with its own link; earlier versions are kept',
  tags: ['soa'],
  auth: 'agent',
  params: SoaParamsSchema,
  body: ChangeSoaRequestSchema,
  responses: {
    201: SoaDetailSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  },
});

export const cancelSoa = defineRoute({
  method: 'POST',
  path: '/arc/agent/soa/:id/cancel',
  summary: 'Cancel an SOA: its links stop working; it is kept (never deleted by the agent)',
  tags: ['soa'],
  auth: 'agent',
  params: SoaParamsSchema,
  responses: { 200: SoaDetailSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
});

export const createSoaLink = defineRoute({
  method: 'POST',
  path: '/arc/agent/soa/:id/link',
  summary: 'A fresh signing link for the current version (e-mailed again, or to open on this device); older links stop',
  tags: ['soa'],
  auth: 'agent',
  params: SoaParamsSchema,
  body: SoaLinkRequestSchema,
  responses: {
    200: SoaLinkSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

export const createSoaExportToken = defineRoute({
  method: 'POST',
  path: '/arc/agent/soa/export',
  summary: 'A single-use token, valid 60 s, for GET /arc/agent/soa/export/:token',
  tags: ['soa'],
  auth: 'agent',
  responses: { 200: z.object({ token: z.string() }), 401: ErrorResponseSchema },
});

/** The token is the credential (like the enrollments export); 404 malformed or another agent's, 410 used. */
export const exportSoas = defineRoute({
  method: 'GET',
  path: '/arc/agent/soa/export/:token',
  summary: 'The agent’s SOAs as an .xlsx spreadsheet',
  tags: ['soa'],
  auth: 'none',
  params: z.object({ token: z.string() }),
  responses: { 404: ErrorResponseSchema, 410: ErrorResponseSchema, 429: ErrorResponseSchema },
});

// ── the public signing page (no sign-in: the e-mailed token is the bearer) ─────────────────────────────────────

export const SoaSigningSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('open'),
    language: z.enum(SOA_LANGUAGES),
    beneficiaryName: z.string(),
    agent: z.object({ name: z.string(), npn: z.string(), phone: z.nullable(z.string()) }),
    appointmentAt: DateTimeSchema,
    appointmentTimeZone: z.string(),
    appointmentKind: z.enum(SOA_APPOINTMENT_KINDS),
    products: z.array(z.enum(SOA_PRODUCTS)),
  }),
  // after signature the link shows this confirmation and nothing else
  z.object({ state: z.literal('signed') }),
]);
export type SoaSigning = z.infer<typeof SoaSigningSchema>;

export const SignSoaRequestSchema = z
  .object({
    signer: z.enum(['beneficiary', 'representative']),
    /** the representative's relationship ("Daughter"): one line, like a name */
    relationship: personNameSchema({ max: 60, min: 0 }),
    signerName: personNameSchema({ max: 120, min: 2, messages: { required: 'Enter the signer’s full name.' } }),
    products: SoaProductsSchema,
    agreed: z.literal(true),
  })
  .check(
    z.refine((value) => value.signer === 'beneficiary' || value.relationship.length > 0, {
      message: 'relationship required',
      path: ['relationship'],
    }),
  );
export type SignSoaRequest = z.infer<typeof SignSoaRequestSchema>;

export const getSoaSigning = defineRoute({
  method: 'GET',
  path: '/arc/soa-signing',
  summary: 'The signing page’s content for the link token sent as the bearer (410 for any unusable link)',
  tags: ['soa'],
  auth: 'none',
  responses: { 200: SoaSigningSchema, 410: ErrorResponseSchema, 429: ErrorResponseSchema },
});

export const signSoa = defineRoute({
  method: 'POST',
  path: '/arc/soa-signing',
  summary: 'Sign with the link token as the bearer: spends the link, stores the signed PDF, tells the agent',
  tags: ['soa'],
  auth: 'none',
  body: SignSoaRequestSchema,
  responses: {
    200: z.object({ state: z.literal('signed') }),
    400: ErrorResponseSchema,
    410: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

// ── staff: look an SOA up for an audit ──────────────────────────────────────────────────────────────────────────

export const StaffSoaQuerySchema = z.object({
  /** the agent's NPN */
  npn: z.optional(NpnSchema),
  /** the start of the beneficiary's name or e-mail address */
  beneficiary: z.optional(z.string().check(z.trim(), z.maxLength(120))),
});

const StaffSoaAgentSchema = z.object({ npn: z.string(), name: z.string() });
export const StaffSoaSchema = z.object({ ...SoaSchema.shape, agent: StaffSoaAgentSchema });
export type StaffSoa = z.infer<typeof StaffSoaSchema>;
export const StaffSoaDetailSchema = z.object({ ...SoaDetailSchema.shape, agent: StaffSoaAgentSchema });
export type StaffSoaDetail = z.infer<typeof StaffSoaDetailSchema>;

/** Most rows one look-up answers: an audit asks about one agent or one beneficiary. */
export const STAFF_SOA_LIMIT = 100;

export const findStaffSoas = defineRoute({
  method: 'GET',
  path: '/arc/staff/soa',
  summary: 'SOAs by agent NPN and/or beneficiary (name or e-mail prefix), newest first, at most 100',
  tags: ['staff'],
  auth: READ_SOA,
  query: StaffSoaQuerySchema,
  responses: { 200: z.array(StaffSoaSchema), 400: ErrorResponseSchema },
});

export const getStaffSoa = defineRoute({
  method: 'GET',
  path: '/arc/staff/soa/:id',
  summary: 'One SOA with every version, for an audit',
  tags: ['staff'],
  auth: READ_SOA,
  params: SoaParamsSchema,
  responses: { 200: StaffSoaDetailSchema, 404: ErrorResponseSchema },
});

export const downloadStaffSoaPdf = defineRoute({
  method: 'GET',
  path: '/arc/staff/soa/:id/versions/:version/pdf',
  summary: 'A signed version’s PDF',
  tags: ['staff'],
  auth: READ_SOA,
  params: z.object({ id: IdSchema, version: z.coerce.number().check(z.int(), z.positive(), z.lte(10_000)) }),
  responses: { 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const purgeSoas = defineRoute({
  method: 'POST',
  path: '/arc/staff/soa/purge',
  summary: 'Delete the SOAs (and their PDFs) whose ten-year retention has ended; the periodic job does it daily',
  tags: ['staff'],
  auth: PURGE_SOA,
  responses: { 200: z.object({ purged: z.int() }) },
});
