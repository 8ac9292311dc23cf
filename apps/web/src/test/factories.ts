import type { Agent } from '@arc/contract';

/** A valid signed-in agent; override what the test is about. */
export function makeAgent(overrides: Partial<Agent> = {}): Agent {
  return {
    id: 'agt_test',
    ActID: 'ACT-1',
    actData: { FULLNAME: 'Dana Whitfield' },
    avatar: null,
    tos: { document: '<p>Terms</p>', id: 1, stamp: new Date('2026-01-05T10:00:00Z') },
    npn: '17000001',
    username: 'demo',
    email: 'demo@agents.example',
    firstName: 'Dana',
    lastName: 'Whitfield',
    mobilePhone: null,
    status: 'Active',
    memberSupportTier: 'Unlimited',
    mediMinute: true,
    hasMyHealthPlanContracts: true,
    hasSunfireContracts: true,
    activeAnalytics: false,
    isTestUser: false,
    timeZone: 'America/Chicago',
    timeZoneSetting: null,
    defaultTimeZone: 'America/Chicago',
    ...overrides,
  };
}

/** GET /arc/staff/me's zone fields (issue 45): the business zone, no setting of the member's own */
export const STAFF_ZONE = {
  timeZone: 'America/Los_Angeles',
  timeZoneSetting: null,
  defaultTimeZone: 'America/Los_Angeles',
};
