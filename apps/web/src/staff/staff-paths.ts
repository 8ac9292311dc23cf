import { staffPaths } from '@arc/contract';

/**
 * The back office's pages beside the contract's `staffPaths` (kept here: the contract's paths load with the agents'
 * routes, these only with the back office).
 */
export const STAFF_PAGES = {
  agents: staffPaths.agents,
  agent: (npn: string) => `${staffPaths.agents}/${encodeURIComponent(npn)}`,
  newAgent: `${staffPaths.agents}/new`,
  imports: '/staff/imports',
  statements: '/staff/statements',
  training: '/staff/training',
  pages: '/staff/pages',
  terms: '/staff/terms',
  newTermsVersion: '/staff/terms/new',
  termsVersion: (id: number) => `/staff/terms/${id}`,
  content: '/staff/content',
} as const;
