import type { Random } from '../platform/random.ts';
import { makeAgent, type NewAgent } from './factories.ts';
import { ROSTER_FIRST_NAMES, ROSTER_LAST_NAMES } from './names.ts';

export const DEMO_PASSWORD = 'Demo-Agent-2026!';
export const DEMO_NPN = '17000001';
export const DEMO_AGENT_ID = 'agt_demo';
export const DEMO2_AGENT_ID = 'agt_demo2';
export const DEMO2_NPN = '17000002';
/** On the roster, not registered: the newcomer tries register → e-mail link → create password → terms gate. */
export const NEWCOMER_NPN = '17000003';

const AREA_CODES = ['916', '503', '602', '702', '208', '775', '559', '541'];

const phone = (random: Random) => `(${random.pick(AREA_CODES)}) 555-01${String(random.int(10, 99))}`;

/** The demo agents (README.md, Demo sign-in) and a dozen more on the roster who have not registered. */
export function demoRoster(random: Random, passwordHash: string): NewAgent[] {
  const roster: NewAgent[] = [
    makeAgent(
      {
        id: DEMO_AGENT_ID,
        npn: DEMO_NPN,
        username: 'demo',
        email: 'demo@agents.example',
        firstName: 'Dana',
        lastName: 'Whitfield',
        mobilePhone: '(916) 555-0142',
        status: 'Active',
        memberSupportTier: 'Unlimited',
        actId: 'ACT-0017000001',
        mediMinute: true,
        hasMyHealthPlanContracts: true,
        hasSunfireContracts: true,
        activeAnalytics: true,
        passwordHash,
      },
      random,
    ),
    makeAgent(
      {
        id: DEMO2_AGENT_ID,
        npn: DEMO2_NPN,
        username: 'demo2',
        email: 'demo2@agents.example',
        firstName: 'Marcus',
        lastName: 'Oyelaran',
        mobilePhone: '(503) 555-0187',
        status: 'Active',
        memberSupportTier: 'Standard',
        actId: 'ACT-0017000002',
        passwordHash,
      },
      random,
    ),
    makeAgent(
      {
        id: 'agt_newcomer',
        npn: NEWCOMER_NPN,
        username: null,
        email: 'newcomer@agents.example',
        firstName: 'Priya',
        lastName: 'Raman',
        mobilePhone: '(559) 555-0119',
        status: 'Active',
        memberSupportTier: 'Standard',
        actId: 'ACT-0017000003',
        passwordHash: null,
      },
      random,
    ),
  ];
  for (let n = 4; n <= 15; n += 1) {
    const npn = String(17_000_000 + n);
    const firstName = random.pick(ROSTER_FIRST_NAMES);
    const lastName = random.pick(ROSTER_LAST_NAMES);
    roster.push(
      makeAgent(
        {
          id: `agt_${npn}`,
          npn,
          username: null,
          email: `${firstName}.${lastName}.${n}@agents.example`.toLowerCase(),
          firstName,
          lastName,
          mobilePhone: phone(random),
          status: 'Active',
          memberSupportTier: random.bool(0.3) ? 'Unlimited' : 'Standard',
          actId: `ACT-00${npn}`,
          hasMyHealthPlanContracts: random.bool(0.6),
          hasSunfireContracts: random.bool(0.5),
          passwordHash: null,
        },
        random,
      ),
    );
  }
  return roster;
}
