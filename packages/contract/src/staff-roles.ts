/**
 * The back office's roles per area, as its routes declare them in `auth` (docs/decisions/route-access.md): each
 * area's entries name one of these, and the web's side menu opens each area to the roles of the declaration its list
 * names (apps/web/src/staff/staff-areas.ts). Kept apart from the entries so the menu loads no schema.
 */

/** Who may read agents. */
export const READ_AGENTS = { staff: ['admin', 'operations', 'support'] } as const;

/** Who may import (the same roles as the roster's: they change agents). */
export const IMPORT_ROLES = { staff: ['admin', 'operations'] } as const;

/** Who manages the documents agents see (issue 33, docs/decisions/content-publishing.md). */
export const CONTENT_ROLES = { staff: ['admin', 'content'] } as const;

/** Who may read the log: everyone who deals with agents (docs/decisions/audit-log.md). */
export const READ_AUDIT = { staff: ['admin', 'operations', 'support'] } as const;

/** Who manages staff members (staff-members.ts): admin. */
export const MANAGE_STAFF = { staff: ['admin'] } as const;

/** The background and scheduled jobs (staff-jobs.ts): admin only, a retry re-runs a purge or re-sends e-mails. */
export const MANAGE_JOBS = { staff: ['admin'] } as const;

/** The supply-order queue (staff-orders.ts): `admin` and `operations` only. */
export const ORDER_STAFF = { staff: ['admin', 'operations'] } as const;

/** Member-support cases (staff-cases.ts): `admin`, `operations` and `support`. */
export const CASE_STAFF = { staff: ['admin', 'operations', 'support'] } as const;

/** Support answers auditors' questions; admin runs the retention purge (issue 34). */
export const READ_SOA = { staff: ['admin', 'support'] } as const;
export const PURGE_SOA = { staff: ['admin'] } as const;

/** Who reads the enrollment queue and its log (staff-enrollments.ts); `admin` and `operations` act. */
export const QUEUE_READERS = { staff: ['admin', 'operations', 'support'] } as const;

/** Training videos, pages' introductions and destinations (staff-media.ts): `admin` and `content`. */
export const EDIT_MEDIA = { staff: ['admin', 'content'] } as const;

/** Terms versions (staff-terms.ts): `admin` and `content` (the content team writes and publishes them). */
export const TERMS_STAFF = { staff: ['admin', 'content'] } as const;
