import { CONTENT_ROLES, READ_SOA, staffPaths, type StaffRole } from '@arc/contract';
import { STAFF_PAGES } from './staff-paths.ts';

/** The back office's areas in the side menu, each for the roles that may open it (design §8, decision 085). */
export const STAFF_AREAS: readonly { label: string; path: string; roles: readonly StaffRole[] }[] = [
  { label: 'Home', path: staffPaths.home, roles: ['admin', 'operations', 'content', 'support'] },
  { label: 'Agents', path: staffPaths.agents, roles: ['admin', 'operations', 'support'] },
  { label: 'Imports', path: STAFF_PAGES.imports, roles: ['admin', 'operations'] },
  // the documents agents see (issue 33, decision 107): as the contract's CONTENT_ROLES
  { label: 'Content', path: STAFF_PAGES.content, roles: CONTENT_ROLES.staff },
  // read by everyone who deals with agents, exported by admin only (decision 091)
  { label: 'Audit', path: staffPaths.audit, roles: ['admin', 'operations', 'support'] },
  { label: 'Staff members', path: staffPaths.members, roles: ['admin'] },
  { label: 'Supply orders', path: staffPaths.orders, roles: ['admin', 'operations'] },
  { label: 'Cases', path: staffPaths.cases, roles: ['admin', 'operations', 'support'] },
  // looked up for an audit (issue 34): support and admin, as the contract's READ_SOA
  { label: 'Scope of Appointment', path: staffPaths.soa, roles: READ_SOA.staff },
  // support reads the queue (to answer an agent's call) but neither acts nor opens the PDF (decision 100)
  { label: 'Enrollments', path: staffPaths.enrollments, roles: ['admin', 'operations', 'support'] },
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
