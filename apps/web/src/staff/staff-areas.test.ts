import * as contract from '@arc/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { staffMay, staffRolesOf } from '../api/staff-current.ts';
import { areaOf, STAFF_AREAS } from './staff-areas.ts';
import { STAFF_ROUTES } from './staff-routes.tsx';

/** The pages in the back office's frame: the routes below the layout (the one route without a path). */
const framed = STAFF_ROUTES.find((route) => route.path === undefined)?.children ?? [];
/** A route's path as a browser shows it, a sample value in each `:parameter`. */
const pathOf = (route: RouteObject) =>
  route.index ? contract.staffPaths.home : `/staff/${route.path!.replace(/:[^/]+/g, 'sample')}`;
const pages = framed.filter((route) => route.index || (route.path && route.path !== '*'));

/** Each area's list (the call its page opens with) in the contract, kept here apart from `staff-areas.ts`. */
const LISTS: Record<string, contract.RouteEntry> = {
  '/staff': contract.getCurrentStaff,
  '/staff/agents': contract.listStaffAgents,
  '/staff/imports': contract.listImportJobs,
  '/staff/statements': contract.publishCommissionStatements,
  '/staff/content': contract.listStaffDashboardDocuments,
  '/staff/audit': contract.findAuditEntries,
  '/staff/members': contract.listStaffMembers,
  '/staff/jobs': contract.listStaffJobs,
  '/staff/orders': contract.listStaffOrders,
  '/staff/cases': contract.listStaffCases,
  '/staff/soa': contract.findStaffSoas,
  '/staff/enrollments': contract.listStaffEnrollments,
  '/staff/training': contract.listStaffTraining,
  '/staff/pages': contract.listStaffPages,
  '/staff/terms': contract.listStaffTermsVersions,
};

describe('the side menu, the routes and the contract agree', () => {
  it('gives every area of the menu a route', () => {
    const routed = new Set(pages.map(pathOf));
    for (const area of STAFF_AREAS) expect(routed, area.label).toContain(area.path);
  });

  it('reaches every page below the layout (but home) from an area of its own', () => {
    expect(pages.length).toBeGreaterThan(STAFF_AREAS.length);
    for (const route of pages.filter((page) => !page.index)) {
      expect(areaOf(pathOf(route))?.path, pathOf(route)).not.toBe(contract.staffPaths.home);
    }
  });

  it("opens each area to exactly the roles of its list's contract entry", () => {
    expect(STAFF_AREAS.map((area) => area.path).sort()).toEqual(Object.keys(LISTS).sort());
    for (const area of STAFF_AREAS) {
      const list = LISTS[area.path]!;
      // the very declaration the list's entry names, not a copy of its roles
      expect(area.auth, area.label).toBe(list.auth);
      expect([...area.roles].sort(), area.label).toEqual([...staffRolesOf(list)].sort());
    }
  });

  it('shows what a role sees today (the e2e suite checks the same on screen)', () => {
    const labels = (role: contract.StaffRole) => STAFF_AREAS.filter((a) => a.roles.includes(role)).map((a) => a.path);
    expect(labels('support')).toEqual([
      '/staff',
      '/staff/agents',
      '/staff/audit',
      '/staff/cases',
      '/staff/soa',
      '/staff/enrollments',
    ]);
    expect(labels('content')).toEqual(['/staff', '/staff/content', '/staff/training', '/staff/pages', '/staff/terms']);
    expect(labels('operations')).toEqual([
      '/staff',
      '/staff/agents',
      '/staff/imports',
      '/staff/statements',
      '/staff/audit',
      '/staff/orders',
      '/staff/cases',
      '/staff/enrollments',
    ]);
    expect(labels('admin')).toHaveLength(STAFF_AREAS.length);
  });
});

describe('staffMay', () => {
  it("answers from the entry's auth: staff roles only, never for an agent's or a public call", () => {
    expect(staffMay(contract.exportAuditEntries, 'admin')).toBe(true);
    expect(staffMay(contract.exportAuditEntries, 'operations')).toBe(false);
    expect(staffMay(contract.listStaffCases, undefined)).toBe(false);
    expect(staffMay(contract.listEnrollments, 'admin')).toBe(false);
  });

  it("lets the enrollment queue's one flag gate both the actions and the PDF (their entries admit the same roles)", () => {
    expect(staffRolesOf(contract.getStaffEnrollmentFile)).toEqual(staffRolesOf(contract.actOnStaffEnrollment));
  });
});
