import {
  CONTENT_ROLES,
  EDIT_MEDIA,
  MANAGE_JOBS,
  READ_SOA,
  staffPaths,
  TERMS_STAFF,
  type StaffRole,
} from '@arc/contract';
import { STAFF_PAGES } from './staff-paths.ts';

/**
 * The back office's areas in the side menu, each for the roles that may open it (design §8,
 * docs/decisions/route-access.md).
 */
export const STAFF_AREAS: readonly { label: string; path: string; roles: readonly StaffRole[] }[] = [
  { label: 'Home', path: staffPaths.home, roles: ['admin', 'operations', 'content', 'support'] },
  { label: 'Agents', path: staffPaths.agents, roles: ['admin', 'operations', 'support'] },
  { label: 'Imports', path: STAFF_PAGES.imports, roles: ['admin', 'operations'] },
  { label: 'Commission statements', path: STAFF_PAGES.statements, roles: ['admin', 'operations'] },
  // the documents agents see (issue 33, docs/decisions/content-publishing.md): as the contract's CONTENT_ROLES
  { label: 'Content', path: STAFF_PAGES.content, roles: CONTENT_ROLES.staff },
  // read by everyone who deals with agents, exported by admin only (docs/decisions/audit-log.md)
  { label: 'Audit', path: staffPaths.audit, roles: ['admin', 'operations', 'support'] },
  { label: 'Staff members', path: staffPaths.members, roles: ['admin'] },
  // the background and scheduled jobs: admin, as the contract's MANAGE_JOBS
  { label: 'Jobs', path: staffPaths.jobs, roles: MANAGE_JOBS.staff },
  { label: 'Supply orders', path: staffPaths.orders, roles: ['admin', 'operations'] },
  { label: 'Cases', path: staffPaths.cases, roles: ['admin', 'operations', 'support'] },
  // looked up for an audit (issue 34): support and admin, as the contract's READ_SOA
  { label: 'Scope of Appointment', path: staffPaths.soa, roles: READ_SOA.staff },
  // support reads the queue (to answer an agent's call) and works the enrollments assigned to them
  // (docs/decisions/back-office.md)
  { label: 'Enrollments', path: staffPaths.enrollments, roles: ['admin', 'operations', 'support'] },
  // the content team's (docs/decisions/information-pages.md): the contract's EDIT_MEDIA
  { label: 'Training videos', path: STAFF_PAGES.training, roles: EDIT_MEDIA.staff },
  { label: 'Pages and links', path: STAFF_PAGES.pages, roles: EDIT_MEDIA.staff },
  // the content team writes and publishes them; the server checks the same roles (contract.TERMS_STAFF,
  // docs/decisions/terms.md)
  { label: 'Terms versions', path: STAFF_PAGES.terms, roles: TERMS_STAFF.staff },
];

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  operations: 'Operations',
  content: 'Content',
  support: 'Support',
};

export const areasFor = (role: StaffRole) => STAFF_AREAS.filter((area) => area.roles.includes(role));

/** The area a back-office path belongs to (the longest matching area path), if any. */
export const areaOf = (pathname: string) =>
  STAFF_AREAS.filter((area) => pathname === area.path || pathname.startsWith(`${area.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
