import * as z from 'zod/mini';
import { NpnSchema } from './account.ts';
import { boundedLength, DateTimeSchema, defineRoute, ErrorResponseSchema, MessageResponseSchema } from './common.ts';
import { personNameSchema } from './person-name.ts';
import { StateCodeSchema } from './places.ts';
import {
  IMPORT_REPORT_LINES,
  ImportCountsSchema,
  ImportLineSchema,
  ImportReportSchema,
  ReadyToSellRowSchema,
} from './staff-imports.ts';
import { READ_AGENTS } from './staff-roles.ts';

/**
 * The back office's agents (issue 31): the roster staff search, open and change, one agent added by hand, and the
 * roster import (docs/data-import.md, docs/decisions/imports-and-jobs.md). `admin` and `operations` change agents;
 * `support` reads them.
 */

/** Who may change them. */
const CHANGE_AGENTS = { staff: ['admin', 'operations'] } as const;

/** The member support tiers (spec part 1: the case form is for Unlimited). */
export const AGENT_TIERS = ['Standard', 'Unlimited'] as const;
export const AgentTierSchema = z.enum(AGENT_TIERS, { error: () => `Choose a tier: ${AGENT_TIERS.join(' or ')}` });
export type AgentTier = z.infer<typeof AgentTierSchema>;

/** An agent's status as staff see and set it: an inactive agent cannot sign in nor call the API. */
export const AGENT_STATUSES = ['active', 'inactive'] as const;
export const AgentStatusSchema = z.enum(AGENT_STATUSES, { error: () => 'Choose a status: active or inactive' });
export type AgentStatus = z.infer<typeof AgentStatusSchema>;

export const AgentEmailSchema = z
  .string()
  .check(
    boundedLength(254, 'An e-mail address is at most 254 characters'),
    z.trim(),
    z.toLowerCase(),
    z.email('Enter a valid e-mail address'),
  );
/** A phone as written: digits with spaces, dashes, dots, brackets or a leading plus. */
export const AgentPhoneSchema = z
  .string()
  .check(
    z.trim(),
    boundedLength(32, 'A phone number is at most 32 characters'),
    z.regex(/^\+?[\d\s().-]*$/, 'A phone number holds digits, spaces, dashes, dots and brackets only'),
  );
const NameSchema = personNameSchema({
  max: 100,
  messages: { required: 'A name is required', tooLong: 'A name is at most 100 characters' },
});

/** The table's sort keys; a leading `-` sorts descending. */
export const AGENT_SORT_KEYS = ['npn', 'name', 'email', 'state', 'tier', 'status'] as const;
export const AgentSortSchema = z.enum([...AGENT_SORT_KEYS, ...AGENT_SORT_KEYS.map((k) => `-${k}` as const)]);
export type AgentSort = z.infer<typeof AgentSortSchema>;
export const AGENTS_PAGE_SIZE = 50;
/**
 * The list counts its matches exactly up to this many (or up to the page asked for, when deeper); past it, `total`
 * is this number and `totalCapped` says there are more ("10,000+").
 */
export const AGENTS_TOTAL_CAP = 10_000;

export const ListStaffAgentsQuerySchema = z.object({
  /** a prefix of the NPN, the e-mail, the last name or "first last" */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(AgentStatusSchema),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  sort: z._default(AgentSortSchema, 'name'),
});
export type ListStaffAgentsQuery = z.input<typeof ListStaffAgentsQuerySchema>;

export const StaffAgentRowSchema = z.object({
  npn: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  state: z.nullable(z.string()),
  tier: z.nullable(z.string()),
  status: AgentStatusSchema,
  /** has set a password (registered in the portal) */
  registered: z.boolean(),
  /** sign-in locked after failures, until this time */
  lockedUntil: z.nullable(DateTimeSchema),
  lastSignInAt: z.nullable(DateTimeSchema),
});
export type StaffAgentRow = z.infer<typeof StaffAgentRowSchema>;

export const StaffAgentListSchema = z.object({
  rows: z.array(StaffAgentRowSchema),
  total: z.int(),
  /** there are more matches than `total` (the count stops at {@link AGENTS_TOTAL_CAP}, or at the page asked for) */
  totalCapped: z.boolean(),
  page: z.int(),
  pageSize: z.int(),
});
export type StaffAgentList = z.infer<typeof StaffAgentListSchema>;

export const StaffAgentDetailSchema = z.extend(StaffAgentRowSchema, {
  username: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  createdAt: DateTimeSchema,
  contracts: z.array(
    z.object({
      id: z.string(),
      carrierName: z.string(),
      status: z.string(),
      writingNumber: z.nullable(z.string()),
      certifications: z.array(z.object({ year: z.int(), product: z.string() })),
    }),
  ),
  /** the agent's Ready-to-Sell rows (plan year, newest first; then carrier, state, product type) */
  readyToSell: z.array(ReadyToSellRowSchema),
  auditEvents: z.array(
    z.object({
      occurredAt: DateTimeSchema,
      action: z.string(),
      subject: z.nullable(z.string()),
      staffId: z.nullable(z.string()),
    }),
  ),
});
export type StaffAgentDetail = z.infer<typeof StaffAgentDetailSchema>;

export const StaffAgentParamsSchema = z.object({ npn: NpnSchema });

export const UpdateStaffAgentSchema = z
  .partial(z.strictObject({ status: AgentStatusSchema, tier: AgentTierSchema, state: StateCodeSchema }))
  .check(z.refine((body) => Object.keys(body).length > 0, 'Change at least one of status, tier and state'));
export type UpdateStaffAgent = z.infer<typeof UpdateStaffAgentSchema>;

export const CreateStaffAgentSchema = z.strictObject({
  npn: NpnSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  email: AgentEmailSchema,
  phone: z.optional(AgentPhoneSchema),
  state: StateCodeSchema,
  tier: AgentTierSchema,
});
export type CreateStaffAgent = z.infer<typeof CreateStaffAgentSchema>;

export const STAFF_AGENT_MESSAGES = {
  notFound: 'No agent has this NPN',
  npnTaken: 'An agent with this NPN exists already',
  alreadyRegistered: 'This agent has registered already: a password reset is theirs to ask for',
  inactive: 'This agent is inactive: reactivate the agent first',
  linkSent: 'A registration link was sent to the agent’s e-mail address',
  unlocked: 'The agent’s sign-in is unlocked',
} as const;

export const listStaffAgents = defineRoute({
  method: 'GET',
  path: '/arc/staff/agents',
  summary: 'Search the agents (NPN, name or e-mail prefix), a page at a time',
  tags: ['staff'],
  auth: READ_AGENTS,
  query: ListStaffAgentsQuerySchema,
  responses: { 200: StaffAgentListSchema },
});

export const getStaffAgent = defineRoute({
  method: 'GET',
  path: '/arc/staff/agents/:npn',
  summary: 'An agent: profile, tier, status, contracts, certifications, Ready to Sell and recent audit events',
  tags: ['staff'],
  auth: READ_AGENTS,
  params: StaffAgentParamsSchema,
  responses: { 200: StaffAgentDetailSchema, 404: ErrorResponseSchema },
});

export const createStaffAgent = defineRoute({
  method: 'POST',
  path: '/arc/staff/agents',
  summary: 'Add one agent by hand (active, not registered yet)',
  tags: ['staff'],
  auth: CHANGE_AGENTS,
  body: CreateStaffAgentSchema,
  responses: { 201: StaffAgentDetailSchema, 409: ErrorResponseSchema },
});

/** Deactivation ends every session and token of the agent at once (the next call is 401). */
export const updateStaffAgent = defineRoute({
  method: 'PATCH',
  path: '/arc/staff/agents/:npn',
  summary: 'Change an agent’s status, tier or state',
  tags: ['staff'],
  auth: CHANGE_AGENTS,
  params: StaffAgentParamsSchema,
  body: UpdateStaffAgentSchema,
  responses: { 200: StaffAgentDetailSchema, 404: ErrorResponseSchema },
});

export const unlockStaffAgent = defineRoute({
  method: 'POST',
  path: '/arc/staff/agents/:npn/unlock',
  summary: 'Clear the agent’s sign-in lock and failure count',
  tags: ['staff'],
  auth: CHANGE_AGENTS,
  params: StaffAgentParamsSchema,
  responses: { 200: MessageResponseSchema, 404: ErrorResponseSchema },
});

export const resendStaffAgentRegistration = defineRoute({
  method: 'POST',
  path: '/arc/staff/agents/:npn/registration-link',
  summary: 'E-mail a new registration link to an agent who has not registered',
  tags: ['staff'],
  auth: CHANGE_AGENTS,
  params: StaffAgentParamsSchema,
  responses: { 200: MessageResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
});

// ── the roster import (docs/data-import.md, docs/decisions/imports-and-jobs.md)
// ─────────────────────────────────────────

/** The roster's columns, in this order on the header line (any case; extra columns are refused). */
export const AGENT_ROSTER_COLUMNS = ['npn', 'first', 'last', 'email', 'phone', 'state', 'tier', 'status'] as const;
/** The roster file's limit: 50,000 agents take about 5 MB; anything past this is a 413. */
export const AGENT_ROSTER_MAX_BYTES = 32 * 1024 * 1024;
/** The multipart part of the upload: the file, and nothing else. */
export const AGENT_ROSTER_UPLOAD_FIELDS = { file: 'roster' } as const;
/** How many lines of each kind the report lists (the counts are always whole). */
export const AGENT_ROSTER_REPORT_LINES = IMPORT_REPORT_LINES;

export const ImportAgentsQuerySchema = z.object({
  /** `true`: the preview; nothing is written */
  dryRun: z._default(z.enum(['true', 'false']), 'false'),
  /** `true`: active agents absent from the file (a full roster) are deactivated */
  deactivateMissing: z._default(z.enum(['true', 'false']), 'false'),
});

/** A roster line: the generic line (its key is the NPN) with the NPN named as such. */
export const RosterLineSchema = z.extend(ImportLineSchema, { npn: z.string() });

/** The generic import report (staff-imports.ts) and the agents the roster does not name. */
export const RosterReportSchema = z.extend(ImportReportSchema, {
  deactivateMissing: z.boolean(),
  counts: z.extend(ImportCountsSchema, {
    /** agents not in the file who are active: deactivated when `deactivateMissing` is set */
    missing: z.int(),
  }),
  new: z.array(RosterLineSchema),
  changed: z.array(RosterLineSchema),
  missing: z.array(z.string()),
});
export type RosterReport = z.infer<typeof RosterReportSchema>;

/**
 * Multipart: the `roster` CSV file. `?dryRun=true` answers the preview and writes nothing; otherwise 200 when
 * applied, 422 with the same report when a line is rejected (then nothing is written); 400 a file that is not a
 * roster (header, no lines), 413 past AGENT_ROSTER_MAX_BYTES. `?deactivateMissing=true` deactivates absent agents.
 */
export const importAgents = defineRoute({
  method: 'POST',
  path: '/arc/staff/imports/agents',
  summary: 'Import the roster CSV (multipart: roster); dryRun=true previews it',
  tags: ['staff'],
  auth: CHANGE_AGENTS,
  query: ImportAgentsQuerySchema,
  responses: {
    200: RosterReportSchema,
    400: ErrorResponseSchema,
    413: ErrorResponseSchema,
    422: RosterReportSchema,
  },
});
