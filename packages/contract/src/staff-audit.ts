import * as z from 'zod/mini';
import { boundedString, DateTimeSchema, defineRoute, ErrorResponseSchema } from './common.ts';
import { READ_AUDIT } from './staff-roles.ts';

/**
 * The audit log in the back office (issue 31, docs/decisions/audit-log.md): staff read it a page at a time, newest
 * first, and admins export the filtered rows as an `.xlsx`. Nobody edits or deletes it: there is no such call, and the
 * table's triggers refuse both (docs/decisions/audit-log.md).
 */

/** Who may export it (a bulk copy of addresses and e-mails leaves the system). */
export const EXPORT_AUDIT = { staff: ['admin'] } as const;

/**
 * What the audit log records (docs/decisions/audit-log.md). A closed list, so a typo is a type error and staff filter
 * on exact names; add new actions here (the column is text, so a new one needs no migration).
 */
export const AUDIT_ACTIONS = [
  /** a password sign-in that succeeded */
  'sign-in.succeeded',
  /** a wrong password, an unknown login, or a try while locked (detail.reason) */
  'sign-in.failed',
  /** a failure that locked the login (detail.until) */
  'sign-in.locked',
  /** a password set through a registration link (the account's first) */
  'password.created',
  /** a password replaced through a forgot-password link */
  'password.reset',
  /** a password changed on My Profile (the current one was given) */
  'password.changed',
  /** a new e-mail address asked for (the link goes to it) */
  'email.change-requested',
  /** the e-mail address changed (the link was followed) */
  'email.changed',
  /** the old e-mail address put back with the undo link sent to it; every session ended */
  'email.restored',
  /** a stored file streamed to the agent (subject: the file id) */
  'file.downloaded',
  /** a T65 prospect search answered (subject: county or zip; detail: the search, rows answered, capped) */
  'prospects.searched',
  /** a T65 prospect list exported (detail: the search and row count) */
  'prospects.exported',
  /** the agent's enrollments exported as a spreadsheet */
  'enrollments.exported',
  /** a contract roster exported */
  'roster.exported',
  /** a terms version accepted (subject: the terms id) */
  'terms.accepted',
  /** a terms version drafted or its draft changed in the back office (subject: the terms id) */
  'terms.drafted',
  /** a terms version published (subject: the terms id; detail.effectiveAt, detail.notified) */
  'terms.published',
  /** the terms acceptance history exported (detail.version: the filter, if any) */
  'terms.acceptances-exported',
  /** the agents who have not accepted the version in force exported (subject: the terms id; detail.q: the search) */
  'terms.not-accepted-exported',
  /** agents reminded to accept the version in force (subject: the terms id; detail: to, reminded, skipped, npns) */
  'terms.reminded',
  /** a staff member signed in with both factors (subject: the e-mail; detail.factor: totp or recovery-code) */
  'staff.sign-in.succeeded',
  /** a staff sign-in factor refused: password, second factor, or a try while locked (detail.factor, detail.reason) */
  'staff.sign-in.failed',
  /** a failure that locked the staff login (detail.lockedUntil) */
  'staff.sign-in.locked',
  /** a staff account made (subject: the e-mail; detail.role; detail.by: the admin, absent from the command line) */
  'staff.created',
  /** a staff member set a password and second factor through an enrolment link */
  'staff.enrolled',
  /** a staff account disabled; every session of it ended (detail.by) */
  'staff.disabled',
  /** a staff member's second factor removed; a new enrolment link issued (detail.by) */
  'staff.second-factor-reset',
  /** a staff member's role changed; their sessions stay and use the new role (detail.from, detail.to, detail.by) */
  'staff.role-changed',
  /** a disabled staff account enabled again, with its password and second factor (detail.by) */
  'staff.enabled',
  /** staff added an agent by hand (subject: the NPN) */
  'agent.created',
  /** staff changed an agent's status, tier or state (detail.before, detail.after) */
  'agent.updated',
  /** staff cleared an agent's sign-in lock */
  'agent.unlocked',
  /** staff sent an agent a new registration link */
  'agent.registration-link-sent',
  /** a roster applied (subject: the file's SHA-256; detail: the counts, deactivateMissing, source) */
  'agents.imported',
  /** a contracts file applied (subject: the file's SHA-256; detail: the counts and source) */
  'contracts.imported',
  /** a certifications file applied (subject: the file's SHA-256; detail: the counts and source) */
  'certifications.imported',
  /** a Ready-to-Sell file applied (subject: the file's SHA-256; detail: the counts and source) */
  'ready-to-sell.imported',
  /** a period's commission statements published (subject: the file's SHA-256; detail: period, counts, agents, total) */
  'commission-statements.published',
  /** staff started an import job (subject: the file's SHA-256; detail: the job id, kind, file name and size) */
  'import-job.started',
  /** a T65 prospect list replaced the list (subject: the file's SHA-256; detail: the job id and counts) */
  'prospects.imported',
  /** an MA landscape file loaded (subject: the file's SHA-256; detail: the job id, year and counts) */
  'landscape.imported',
  /** staff marked a supply order Sent to carrier (subject: the order id; detail: the action) */
  'supply-order.sent',
  /** staff marked a supply order Shipped (detail: shipper and tracking number) */
  'supply-order.shipped',
  /** staff cancelled a supply order (detail.reason) */
  'supply-order.cancelled',
  /** staff added a note to a supply order (detail.isVisibleToAgent) */
  'supply-order.noted',
  /** staff exported supply orders for the carriers (detail.ids) */
  'supply-orders.exported',
  /** staff assigned a supply order (subject: the order id; detail: from and to, staff ids or null) */
  'supply-order.assigned',
  /** staff assigned an enrollment (subject: the enrollment id; detail: from and to, staff ids or null) */
  'enrollment.assigned',
  /** staff took a member-support case (subject: the case reference; detail: the previous assignee) */
  'case.assigned',
  /** staff set a case's status (detail: from and to) */
  'case.status-changed',
  /** staff added an internal note to a case (detail: the note's id) */
  'case.noted',
  /** staff replied to a case's agent (detail: the reply's id and where it was e-mailed) */
  'case.replied',
  // An enrollment's status changed, in the back office's queue (staffId set) or through the integration key (staffId
  // null): subject the enrollment id; detail from, to, by (the staff member or "Integration") and a pend's reason.
  /** an enrollment was put in review */
  'enrollment.review-started',
  /** an enrollment was pended (detail.reason, the text the agent reads) */
  'enrollment.pended',
  /** a pended enrollment was resolved */
  'enrollment.resolved',
  /** an enrollment was submitted to the carrier */
  'enrollment.submitted',
  /** the outcome, recorded in the queue or through the integration key: enrolled */
  'enrollment.enrolled',
  /** the outcome: declined */
  'enrollment.declined',
  /** the outcome: withdrawn before the carrier's answer */
  'enrollment.withdrawn',
  /** the outcome: an enrolled plan cancelled */
  'enrollment.cancelled',
  /** staff entered or corrected the carrier, plan, product type, effective date or application number (detail.fields) */
  'enrollment.data-updated',
  /** staff opened or downloaded an enrollment's PDF (subject: the enrollment id; detail.fileId) */
  'enrollment.file-read',
  /** staff exported the enrollments queue's filtered set (detail: the filters and search) */
  'enrollment-queue.exported',
  /** an admin exported the audit log from the back office (detail: the filters) */
  'audit.exported',
  /** an agent asked a beneficiary for a Scope of Appointment (subject: the SOA id; detail: version, delivery) */
  'soa.requested',
  /** an SOA's appointment or exception changed: a new version (subject: the SOA id; detail: version) */
  'soa.changed',
  /** a beneficiary or representative signed an SOA (subject: the SOA id; detail: version, sha256, file) */
  'soa.signed',
  /** an agent cancelled an SOA (subject: the SOA id) */
  'soa.cancelled',
  /** staff opened a signed SOA's PDF for an audit (subject: the SOA id; detail: version) */
  'soa.pdf-read',
  /** SOAs past their ten-year retention deleted (detail: count, by) */
  'soa.purged',
  /** staff changed a training category: name, order, Coming Soon (subject: the slug; detail: the new values) */
  'training.category-changed',
  /** staff added a training video (subject: the video id; detail: title, category, published) */
  'training.video-created',
  /** staff changed a training video's words, place, link or publication (subject: the id; detail: what) */
  'training.video-changed',
  /** staff uploaded a training video's clip or thumbnail (subject: the id; detail: kind, bytes, sha256) */
  'training.video-uploaded',
  /** staff changed an information page's introduction (subject: the page) */
  'pages.text-changed',
  /** staff changed an outbound link or contact address (subject: the key; detail: before, after) */
  'pages.destination-changed',
  /** staff published a document agents see (subject: the document key) */
  'content.published',
  /** staff unpublished a document (subject: the document key) */
  'content.unpublished',
  /** staff uploaded or replaced a document's PDF (subject: the document key; detail: old and new file ids) */
  'content.file-replaced',
  /** an agent added a client (subject: the client id; detail.source: manual, soa) */
  'client.created',
  /** an agent changed a client (subject: the client id; detail.fields: the names of the fields changed, never values) */
  'client.updated',
  /** the full Medicare number shown (subject: the client id; detail.by: agent or staff) */
  'client.mbi-revealed',
  /** two clients merged into one (subject: the kept client's id; detail.merged: the other's id, detail.links) */
  'clients.merged',
  /** an agent's clients exported as a spreadsheet (detail: the filter, the row count) */
  'clients.exported',
  /** staff read clients (subject: the client id, or the search; detail.agentId when one client was opened) */
  'clients.staff-read',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 50;

/** A page's position: the last row's time (epoch ms) and id, `1764254400000-42`. */
const AuditCursorSchema = boundedString(35, 'Not a page of the audit log').check(
  z.regex(/^\d{1,15}-\d{1,19}$/, 'Not a page of the audit log'),
);

/** A calendar day, YYYY-MM-DD (a real one: zod's date format knows month lengths and leap years). */
const DaySchema = boundedString(10, 'Use a real calendar date as YYYY-MM-DD').check(
  z.iso.date('Use a real calendar date as YYYY-MM-DD'),
);

/** An empty field is no filter (a form sends `agent=` when the field is blank). */
const blankless = <T extends z.ZodMiniType>(schema: T) => z.optional(z.union([z.literal(''), schema]));

export const FindAuditQuerySchema = z.object({
  /** an agent's NPN, or a prefix of the name ("last" or "first last") or the e-mail */
  agent: blankless(z.string().check(z.trim(), z.maxLength(100, 'At most 100 characters'))),
  /** a staff member's e-mail, or its beginning */
  staff: blankless(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'At most 254 characters'))),
  action: blankless(z.enum(AUDIT_ACTIONS, { error: () => 'Choose an action from the list' })),
  /** from this day (the business time zone), inclusive */
  from: blankless(DaySchema),
  /** to this day (the business time zone), inclusive */
  to: blankless(DaySchema),
  cursor: blankless(AuditCursorSchema),
});
export type FindAuditQuery = z.input<typeof FindAuditQuerySchema>;
export type AuditFilters = z.output<typeof FindAuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number(),
  occurredAt: DateTimeSchema,
  action: z.string(),
  /** the agent it concerns: the NPN and name, or only the id of an account no longer on the roster */
  agent: z.nullable(z.object({ id: z.string(), npn: z.nullable(z.string()), name: z.nullable(z.string()) })),
  /** the staff member who acted or is concerned */
  staffEmail: z.nullable(z.string()),
  subject: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  /** the detail as `key: value; …`, shortened */
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  rows: z.array(AuditEntrySchema),
  /** the next page's cursor; null on the last page */
  nextCursor: z.nullable(z.string()),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const findAuditEntries = defineRoute({
  method: 'GET',
  path: '/arc/staff/audit',
  summary: 'The audit log, newest first, 50 a page (filters: agent, staff, action, from, to)',
  tags: ['staff'],
  auth: READ_AUDIT,
  query: FindAuditQuerySchema,
  responses: { 200: AuditPageSchema, 400: ErrorResponseSchema },
});

/**
 * Streams every row the filters match (a cursor is ignored), newest first, as `Audit log YYYY-MM-DD.xlsx`;
 * recorded as `audit.exported`.
 */
export const exportAuditEntries = defineRoute({
  method: 'GET',
  path: '/arc/staff/audit/export',
  summary: 'The filtered audit log as an .xlsx (same filters as the list)',
  tags: ['staff'],
  auth: EXPORT_AUDIT,
  query: FindAuditQuerySchema,
  responses: { 400: ErrorResponseSchema },
});

export const auditExportFileName = (today: string) => `Audit log ${today}.xlsx`;
