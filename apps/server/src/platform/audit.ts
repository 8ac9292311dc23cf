import type { AuditAction } from '@arc/contract';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';

// The audit log's port (docs/decisions/code-layout.md): what may be recorded and the recorder's signature. The recorder
// itself is modules/audit/service.ts; modules import it, identity/ (which sits below the modules) is handed it by
// app.ts.

/** What the audit log records: the closed list `AUDIT_ACTIONS` of the contract (the back office filters on it). */
export type { AuditAction } from '@arc/contract';

export interface AuditDeps {
  /** the database, or the caller's transaction when the event must stand or fall with its change */
  db: Pick<Db, 'insert' | 'execute'>;
  clock: Clock;
}

export interface AuditEvent {
  /** the agent it concerns; null when nobody is known (a sign-in with an unknown login) */
  agentId: string | null;
  /** the client's address as trusted by TRUST_PROXY: pass `request.ip` */
  ip: string | null;
  action: AuditAction;
  /** the staff member who acted or is concerned, if any (docs/decisions/back-office.md) */
  staffId?: string | null | undefined;
  /** what it happened to: a file id, a terms id, a list name */
  subject?: string | null | undefined;
  /** anything else worth keeping; plain JSON, never a password or a token */
  detail?: Record<string, unknown> | null | undefined;
}

/** Records one event; the caller awaits it, so an action whose record cannot be written fails. */
export type RecordAudit = (deps: AuditDeps, event: AuditEvent) => Promise<void>;
