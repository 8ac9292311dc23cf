import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';

// The audit log's port (decision 082): what may be recorded and the recorder's signature. The recorder itself is
// modules/audit/service.ts; modules import it, identity/ (which sits below the modules) is handed it by app.ts.

/**
 * What the audit log records (decision 031). A closed list, so a typo is a type error and staff can filter on
 * exact names; add new actions here (the column is text, so a new one needs no migration).
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
  /** a staff member signed in with both factors (subject: the e-mail; detail.factor: totp or recovery-code) */
  'staff.sign-in.succeeded',
  /** a staff sign-in factor refused: password, second factor, or a try while locked (detail.factor, detail.reason) */
  'staff.sign-in.failed',
  /** a failure that locked the staff login (detail.lockedUntil) */
  'staff.sign-in.locked',
  /** a staff account made (subject: the e-mail; detail.role) */
  'staff.created',
  /** a staff member set a password and second factor through an enrolment link */
  'staff.enrolled',
  /** a staff account disabled; every session of it ended */
  'staff.disabled',
  /** a staff member's second factor removed; a new enrolment link issued */
  'staff.second-factor-reset',
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditDeps {
  /** the database, or the caller's transaction when the event must stand or fall with its change */
  db: Pick<Db, 'insert'>;
  clock: Clock;
}

export interface AuditEvent {
  /** the agent it concerns; null when nobody is known (a sign-in with an unknown login) */
  agentId: string | null;
  /** the client's address as trusted by TRUST_PROXY: pass `request.ip` */
  ip: string | null;
  action: AuditAction;
  /** the staff member who acted or is concerned, if any (decision 084) */
  staffId?: string | null | undefined;
  /** what it happened to: a file id, a terms id, a list name */
  subject?: string | null | undefined;
  /** anything else worth keeping; plain JSON, never a password or a token */
  detail?: Record<string, unknown> | null | undefined;
}

/** Records one event; the caller awaits it, so an action whose record cannot be written fails. */
export type RecordAudit = (deps: AuditDeps, event: AuditEvent) => Promise<void>;
