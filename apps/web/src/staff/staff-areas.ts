import * as contract from '@arc/contract';
import { staffRolesOf } from '../api/staff-current.ts';
import { STAFF_PAGES } from './staff-paths.ts';

export interface StaffArea {
  label: string;
  path: string;
  /**
   * the contract's `auth` declaration of the call the area's page lists with (the very object its entry names, so
   * the menu loads no schema; `staff-areas.test.ts` checks it is the list entry's)
   */
  auth: { readonly staff: readonly contract.StaffRole[] };
  roles: readonly contract.StaffRole[];
}

const area = (label: string, path: string, auth: StaffArea['auth']): StaffArea => ({
  label,
  path,
  auth,
  roles: staffRolesOf({ auth }),
});

/**
 * The back office's areas in the side menu, each for the roles that may open it: the roles the server admits to the
 * call the area's page lists with (the contract's `auth`, design §8, docs/decisions/route-access.md), never a copy.
 */
export const STAFF_AREAS: readonly StaffArea[] = [
  area('Home', contract.staffPaths.home, contract.ANY_STAFF),
  area('Agents', contract.staffPaths.agents, contract.READ_AGENTS),
  area('Imports', STAFF_PAGES.imports, contract.IMPORT_ROLES),
  // an upload page: its one call publishes
  area('Commission statements', STAFF_PAGES.statements, contract.IMPORT_ROLES),
  // the documents agents see (issue 33, docs/decisions/content-publishing.md)
  area('Content', STAFF_PAGES.content, contract.CONTENT_ROLES),
  // read by everyone who deals with agents, exported by admin only (docs/decisions/audit-log.md)
  area('Audit', contract.staffPaths.audit, contract.READ_AUDIT),
  area('Staff members', contract.staffPaths.members, contract.MANAGE_STAFF),
  area('Jobs', contract.staffPaths.jobs, contract.MANAGE_JOBS),
  area('Supply orders', contract.staffPaths.orders, contract.ORDER_STAFF),
  area('Cases', contract.staffPaths.cases, contract.CASE_STAFF),
  // looked up for an audit (issue 34)
  area('Scope of Appointment', contract.staffPaths.soa, contract.READ_SOA),
  // support reads the queue (to answer an agent's call) and works the enrollments assigned to them
  // (docs/decisions/back-office.md)
  area('Enrollments', contract.staffPaths.enrollments, contract.QUEUE_READERS),
  // the content team's (docs/decisions/information-pages.md)
  area('Training videos', STAFF_PAGES.training, contract.EDIT_MEDIA),
  area('Pages and links', STAFF_PAGES.pages, contract.EDIT_MEDIA),
  // the content team writes and publishes them (docs/decisions/terms.md)
  area('Terms versions', STAFF_PAGES.terms, contract.TERMS_STAFF),
];

export const ROLE_LABELS: Record<contract.StaffRole, string> = {
  admin: 'Admin',
  operations: 'Operations',
  content: 'Content',
  support: 'Support',
};

export const areasFor = (role: contract.StaffRole) => STAFF_AREAS.filter((area) => area.roles.includes(role));

/** The area a back-office path belongs to (the longest matching area path), if any. */
export const areaOf = (pathname: string) =>
  STAFF_AREAS.filter((area) => pathname === area.path || pathname.startsWith(`${area.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
