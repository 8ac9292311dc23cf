import * as contract from '@arc/contract';
import { staffRolesOf } from '../api/staff-current.ts';
import { STAFF_PAGES } from './staff-paths.ts';

export interface StaffArea {
  label: string;
  path: string;
  /** the contract entry the area's page opens with (its list); the area's roles are the roles it admits */
  entry: contract.RouteEntry;
  roles: readonly contract.StaffRole[];
}

const area = (label: string, path: string, entry: contract.RouteEntry): StaffArea => ({
  label,
  path,
  entry,
  roles: staffRolesOf(entry),
});

/**
 * The back office's areas in the side menu, each for the roles that may open it: the roles the server admits to the
 * call the area's page lists with (the contract's `auth`, design §8, docs/decisions/route-access.md), never a copy.
 */
export const STAFF_AREAS: readonly StaffArea[] = [
  area('Home', contract.staffPaths.home, contract.getCurrentStaff),
  area('Agents', contract.staffPaths.agents, contract.listStaffAgents),
  area('Imports', STAFF_PAGES.imports, contract.listImportJobs),
  // an upload page: the publish call is its only one
  area('Commission statements', STAFF_PAGES.statements, contract.publishCommissionStatements),
  // the documents agents see (issue 33, docs/decisions/content-publishing.md)
  area('Content', STAFF_PAGES.content, contract.listStaffDashboardDocuments),
  // read by everyone who deals with agents, exported by admin only (docs/decisions/audit-log.md)
  area('Audit', contract.staffPaths.audit, contract.findAuditEntries),
  area('Staff members', contract.staffPaths.members, contract.listStaffMembers),
  area('Jobs', contract.staffPaths.jobs, contract.listStaffJobs),
  area('Supply orders', contract.staffPaths.orders, contract.listStaffOrders),
  area('Cases', contract.staffPaths.cases, contract.listStaffCases),
  // looked up for an audit (issue 34)
  area('Scope of Appointment', contract.staffPaths.soa, contract.findStaffSoas),
  // support reads the queue (to answer an agent's call) but neither acts nor opens the PDF
  // (docs/decisions/enrollments.md)
  area('Enrollments', contract.staffPaths.enrollments, contract.listStaffEnrollments),
  // the content team's (docs/decisions/information-pages.md)
  area('Training videos', STAFF_PAGES.training, contract.listStaffTraining),
  area('Pages and links', STAFF_PAGES.pages, contract.listStaffPages),
  // the content team writes and publishes them (docs/decisions/terms.md)
  area('Terms versions', STAFF_PAGES.terms, contract.listStaffTermsVersions),
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
