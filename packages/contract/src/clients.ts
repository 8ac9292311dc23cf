import * as z from 'zod/mini';
import { boundedLength, boundedString, DateTimeSchema, defineRoute, ErrorResponseSchema, IdSchema } from './common.ts';
import { personNameSchema } from './person-name.ts';
import { ENROLLMENT_STATUSES, SOA_PRODUCTS, SOA_STATUSES } from './record-kinds.ts';

/**
 * The agent's book of business (issue 46): a client (a beneficiary) belongs to one agent; the SOAs and enrollments
 * link to it. Another agent's client answers 404 on every route. The Medicare number (MBI) is encrypted at rest,
 * answered masked (its last 4) everywhere, and in full only by the audited reveal.
 */

export const clientPaths = {
  list: '/clients',
  detail: (id: string) => `/clients/${encodeURIComponent(id)}`,
} as const;

export const CLIENT_LANGUAGES = ['en', 'es', 'zh', 'vi', 'ko', 'tl', 'ru', 'other'] as const;
export type ClientLanguage = (typeof CLIENT_LANGUAGES)[number];
export const CLIENT_LANGUAGE_LABELS: Record<ClientLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  zh: 'Chinese',
  vi: 'Vietnamese',
  ko: 'Korean',
  tl: 'Tagalog',
  ru: 'Russian',
  other: 'Other',
};

export const CLIENT_STATUSES = ['Prospect', 'Active', 'Inactive'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** How the client agreed to be contacted. */
export const CONTACT_METHODS = ['phone', 'text', 'email', 'mail'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  phone: 'Phone call',
  text: 'Text message',
  email: 'E-mail',
  mail: 'Mail',
};

export const CLIENT_TEXT = {
  pageTitle: 'Clients',
  newClient: 'New client',
  create: 'Save client',
  save: 'Save changes',
  edit: 'Edit client',
  tableTitle: 'Clients',
  empty: 'No clients yet. Add one by hand or from a signed SOA.',
  noMatch: 'No client matches the search.',
  search: 'Search by name, phone, e-mail or the MBI’s last 4',
  export: 'Export .xlsx',
  exportFileName: 'Clients.xlsx',
  fromSoa: 'From an SOA',
  reveal: 'Show full MBI',
  hide: 'Hide MBI',
  revealNote: 'Showing the full Medicare number is recorded.',
  merge: 'Merge into this client',
  duplicates: 'Possible duplicates (same name and date of birth)',
  merged: 'The clients were merged; every SOA and enrollment of both is on this client.',
  notFound: 'Client not found',
  needsFirst: 'Enter the first name.',
  needsLast: 'Enter the last name.',
  birthDateInvalid: 'Enter the date of birth as a real date.',
  emailInvalid: 'Enter a valid e-mail address.',
  phoneInvalid: 'Enter a valid phone number.',
  zipInvalid: 'Enter a 5-digit ZIP code.',
  stateInvalid: 'Choose a state.',
  mbiInvalid: 'Enter the 11-character Medicare number (MBI) from the red-white-and-blue card.',
  soaTaken: 'That SOA already belongs to another client.',
  mergeSelf: 'A client cannot be merged into itself.',
  keyMissing: 'Medicare numbers cannot be stored: the server has no client data key (CLIENT_DATA_KEY).',
  timeline: 'Timeline',
  due: 'What is due',
  nothingDue: 'Nothing is due.',
  turning65: 'Turning 65 within a month',
} as const;

/**
 * The Medicare Beneficiary Identifier: 11 characters, as CMS defines them (no S, L, O, I, B or Z); dashes and spaces
 * are dropped and letters upper-cased before the check.
 */
const MBI_LETTER = '[AC-HJKMNP-RT-Y]';
export const MBI_PATTERN = new RegExp(
  `^[1-9]${MBI_LETTER}[AC-HJKMNP-RT-Y0-9][0-9]${MBI_LETTER}[AC-HJKMNP-RT-Y0-9][0-9]${MBI_LETTER}{2}[0-9]{2}$`,
);
export const normaliseMbi = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
/** What every screen and export shows of an MBI: its last 4. */
export const maskMbi = (last4: string | null) => (last4 ? `****-***-${last4}` : '');

const EMAIL_PATTERN = /^(?:[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+)?$/;
const PHONE_PATTERN = /^(?:\+?[0-9 ().-]{10,20})?$/;

const plainText = (max: number) => z.string().check(z.trim(), boundedLength(max));

export const ClientInputSchema = z.object({
  firstName: personNameSchema({ max: 60, messages: { required: CLIENT_TEXT.needsFirst } }),
  lastName: personNameSchema({ max: 60, messages: { required: CLIENT_TEXT.needsLast } }),
  /** YYYY-MM-DD; empty: not known */
  birthDate: z.string().check(
    z.trim(),
    boundedLength(10, CLIENT_TEXT.birthDateInvalid),
    z.refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), CLIENT_TEXT.birthDateInvalid),
    z.refine((v) => v === '' || z.safeParse(z.iso.date(), v).success, CLIENT_TEXT.birthDateInvalid),
  ),
  phone: z
    .string()
    .check(z.trim(), boundedLength(20, CLIENT_TEXT.phoneInvalid), z.regex(PHONE_PATTERN, CLIENT_TEXT.phoneInvalid)),
  email: z
    .string()
    .check(z.trim(), boundedLength(254, CLIENT_TEXT.emailInvalid), z.regex(EMAIL_PATTERN, CLIENT_TEXT.emailInvalid)),
  street: plainText(120),
  city: plainText(60),
  state: z
    .string()
    .check(z.trim(), boundedLength(2, CLIENT_TEXT.stateInvalid), z.regex(/^(?:[A-Z]{2})?$/, CLIENT_TEXT.stateInvalid)),
  zip: z
    .string()
    .check(z.trim(), boundedLength(5, CLIENT_TEXT.zipInvalid), z.regex(/^(?:\d{5})?$/, CLIENT_TEXT.zipInvalid)),
  county: plainText(60),
  language: z.enum(CLIENT_LANGUAGES),
  /** the full MBI when entered or changed; null keeps the stored one (an edit never sees it), '' removes it */
  mbi: z.nullable(
    z.string().check(
      boundedLength(20, CLIENT_TEXT.mbiInvalid),
      z.refine((v) => v === '' || MBI_PATTERN.test(normaliseMbi(v)), CLIENT_TEXT.mbiInvalid),
    ),
  ),
  consentToContact: z.boolean(),
  consentMethods: z.array(z.enum(CONTACT_METHODS)).check(z.maxLength(CONTACT_METHODS.length)),
  status: z.enum(CLIENT_STATUSES),
  notes: z.string().check(boundedLength(4000)),
});
export type ClientInput = z.infer<typeof ClientInputSchema>;

/** A new client before anything is typed: the client form's start and the upload panel's quick add (name, birth date). */
export const BLANK_CLIENT_INPUT: ClientInput = {
  firstName: '',
  lastName: '',
  birthDate: '',
  phone: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zip: '',
  county: '',
  language: 'en',
  mbi: '',
  consentToContact: false,
  consentMethods: [],
  status: 'Prospect',
  notes: '',
};

export const CreateClientRequestSchema = z.object({
  ...ClientInputSchema.shape,
  /** the SOA whose beneficiary this client is (linked to it), if any */
  soaId: z.nullable(IdSchema),
});
export type CreateClientRequest = z.infer<typeof CreateClientRequestSchema>;

/** A client as listed: the MBI only as its last 4. */
export const ClientSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.nullable(z.string()),
  phone: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  county: z.string(),
  language: z.enum(CLIENT_LANGUAGES),
  /** `****-***-MK73`, or '' when none is stored */
  mbiMasked: z.string(),
  consentToContact: z.boolean(),
  consentMethods: z.array(z.enum(CONTACT_METHODS)),
  status: z.enum(CLIENT_STATUSES),
  notes: z.string(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Client = z.infer<typeof ClientSchema>;

export const ClientSoaSchema = z.object({
  id: z.string(),
  createdAt: DateTimeSchema,
  appointmentAt: DateTimeSchema,
  status: z.enum(SOA_STATUSES),
  products: z.array(z.enum(SOA_PRODUCTS)),
  signedAt: z.nullable(DateTimeSchema),
});
export const ClientEnrollmentSchema = z.object({
  id: z.string(),
  receivedAt: DateTimeSchema,
  status: z.enum(ENROLLMENT_STATUSES),
  reason: z.nullable(z.string()),
  carrierName: z.nullable(z.string()),
  /** the plan's name */
  productName: z.nullable(z.string()),
  /** the plan's contract-plan id (`H1234-001`) */
  planId: z.optional(z.nullable(z.string())),
  productType: z.optional(z.nullable(z.enum(SOA_PRODUCTS))),
  /** YYYY-MM-DD */
  effectiveDate: z.optional(z.nullable(z.string())),
});

export const CLIENT_DUE_KINDS = ['soa-unsigned', 'enrollment-pended', 'annual-review'] as const;
export const ClientDueSchema = z.object({ kind: z.enum(CLIENT_DUE_KINDS), text: z.string() });
export type ClientDue = z.infer<typeof ClientDueSchema>;

export const ClientDetailSchema = z.object({
  ...ClientSchema.shape,
  soas: z.array(ClientSoaSchema),
  enrollments: z.array(ClientEnrollmentSchema),
  due: z.array(ClientDueSchema),
  /** the agent's other clients of the same name and date of birth, offered for merge */
  duplicates: z.array(ClientSchema),
});
export type ClientDetail = z.infer<typeof ClientDetailSchema>;

/** An empty field is no filter (a form sends `county=` when the field is blank). */
const blankless = <T extends z.ZodMiniType>(schema: T) => z.optional(z.union([z.literal(''), schema]));

export const FindClientsQuerySchema = z.object({
  q: blankless(z.string().check(z.trim(), boundedLength(100, 'At most 100 characters'))),
  county: blankless(z.string().check(z.trim(), boundedLength(60, 'At most 60 characters'))),
  language: blankless(z.enum(CLIENT_LANGUAGES)),
  status: blankless(z.enum(CLIENT_STATUSES)),
  turning65: blankless(z.enum(['true'])),
  /** the last row's sort key of the previous page (from `nextCursor`) */
  cursor: blankless(boundedString(200)),
});
export type FindClientsQuery = z.infer<typeof FindClientsQuerySchema>;
export const CLIENT_PAGE_SIZE = 100;

export const ClientPageSchema = z.object({
  rows: z.array(ClientSchema),
  nextCursor: z.nullable(z.string()),
  /** the counties of the agent's clients: the county filter's choices */
  counties: z.array(z.string()),
});
export type ClientPage = z.infer<typeof ClientPageSchema>;

const ClientParamsSchema = z.object({ id: IdSchema });

export const findClients = defineRoute({
  method: 'GET',
  path: '/arc/agent/clients',
  summary: 'The agent’s clients by name, phone, e-mail or MBI last 4, with filters; by last name, 100 a page',
  tags: ['clients'],
  auth: 'agent',
  query: FindClientsQuerySchema,
  responses: { 200: ClientPageSchema, 400: ErrorResponseSchema },
});

export const createClient = defineRoute({
  method: 'POST',
  path: '/arc/agent/clients',
  summary: 'Add a client, by hand or from an SOA (linked to it)',
  tags: ['clients'],
  auth: 'agent',
  body: CreateClientRequestSchema,
  responses: { 201: ClientDetailSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const getClient = defineRoute({
  method: 'GET',
  path: '/arc/agent/clients/:id',
  summary: 'One client with their SOAs, enrollments, what is due and likely duplicates',
  tags: ['clients'],
  auth: 'agent',
  params: ClientParamsSchema,
  responses: { 200: ClientDetailSchema, 404: ErrorResponseSchema },
});

export const updateClient = defineRoute({
  method: 'PUT',
  path: '/arc/agent/clients/:id',
  summary: 'Change a client (the MBI only when one is sent)',
  tags: ['clients'],
  auth: 'agent',
  params: ClientParamsSchema,
  body: ClientInputSchema,
  responses: { 200: ClientDetailSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const ClientMbiSchema = z.object({ mbi: z.string() });

export const revealClientMbi = defineRoute({
  method: 'POST',
  path: '/arc/agent/clients/:id/mbi',
  summary: 'The client’s full Medicare number, recorded in the audit log',
  tags: ['clients'],
  auth: 'agent',
  params: ClientParamsSchema,
  responses: { 200: ClientMbiSchema, 404: ErrorResponseSchema, 503: ErrorResponseSchema },
});

export const MergeClientsRequestSchema = z.object({ duplicateId: IdSchema });

export const mergeClients = defineRoute({
  method: 'POST',
  path: '/arc/agent/clients/:id/merge',
  summary: 'Merge a duplicate into this client: every SOA and enrollment of it moves here, then it is removed',
  tags: ['clients'],
  auth: 'agent',
  params: ClientParamsSchema,
  body: MergeClientsRequestSchema,
  responses: { 200: ClientDetailSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const createClientExportToken = defineRoute({
  method: 'POST',
  path: '/arc/agent/clients/export',
  summary: 'A single-use token, valid 60 s, for GET /arc/agent/clients/export/:token',
  tags: ['clients'],
  auth: 'agent',
  responses: { 200: z.object({ token: z.string() }) },
});

/** The token is the credential; the filters are the list's. MBIs only masked. 404 malformed or another's, 410 used. */
export const exportClients = defineRoute({
  method: 'GET',
  path: '/arc/agent/clients/export/:token',
  summary: 'The agent’s clients (the list’s filters) as an .xlsx spreadsheet, the MBI masked',
  tags: ['clients'],
  auth: 'none',
  params: z.object({ token: boundedString(200) }),
  query: FindClientsQuerySchema,
  responses: { 404: ErrorResponseSchema, 410: ErrorResponseSchema, 429: ErrorResponseSchema },
});

// ── staff: read, audited ────────────────────────────────────────────────────────────────────────────────────────

export const READ_CLIENTS = { staff: ['admin', 'operations', 'support'] } as const;

export const StaffClientSchema = z.object({
  ...ClientSchema.shape,
  agentId: z.string(),
  agentNpn: z.string(),
  agentName: z.string(),
});
export type StaffClient = z.infer<typeof StaffClientSchema>;

export const StaffClientQuerySchema = z.object({
  npn: blankless(z.string().check(z.trim(), boundedLength(10), z.regex(/^\d*$/, 'An NPN is digits only'))),
  q: blankless(z.string().check(z.trim(), boundedLength(100, 'At most 100 characters'))),
});

export const findStaffClients = defineRoute({
  method: 'GET',
  path: '/arc/staff/clients',
  summary: 'Clients by agent NPN and/or name, phone, e-mail or MBI last 4; at most 100; recorded in the audit log',
  tags: ['staff'],
  auth: READ_CLIENTS,
  query: StaffClientQuerySchema,
  responses: { 200: z.array(StaffClientSchema), 400: ErrorResponseSchema },
});

export const getStaffClient = defineRoute({
  method: 'GET',
  path: '/arc/staff/clients/:id',
  summary: 'One client with their SOAs and enrollments; recorded in the audit log',
  tags: ['staff'],
  auth: READ_CLIENTS,
  params: ClientParamsSchema,
  responses: { 200: z.object({ ...ClientDetailSchema.shape, agentId: z.string() }), 404: ErrorResponseSchema },
});
