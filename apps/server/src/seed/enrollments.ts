import type { Db } from '../db/client.ts';
import { enrollments } from '../db/schema/index.ts';
import { seededRandom, type Random } from '../platform/random.ts';
import { randomId } from '../platform/tokens.ts';

export type EnrollmentRow = typeof enrollments.$inferSelect;
export type NewEnrollment = typeof enrollments.$inferInsert;

const CLIENT_FIRST = ['Ruth', 'Walter', 'Alma', 'Harold', 'Dolores', 'Eugene', 'Marjorie', 'Frank', 'Irene', 'Leon'];
const CLIENT_LAST = ['Kowalski', 'Okafor', 'Reyes', 'Lindqvist', 'Brennan', 'Takahashi', 'Moreau', 'Haddad'];
const STATES = ['WI', 'MN', 'IL', 'IA', 'MI', 'FL', 'AZ', 'TX'];
const PRODUCTS: Array<[carrier: string, product: string]> = [
  ['Humana', 'Humana Gold Plus (HMO)'],
  ['Aetna', 'Aetna Medicare Eagle (PPO)'],
  ['UnitedHealthcare', 'AARP Medicare Advantage Choice (PPO)'],
  ['Anthem', 'Anthem MediBlue Access (PPO)'],
  ['Wellcare', 'Wellcare Value Script (PDP)'],
  ['Mutual of Omaha', 'Medicare Supplement Plan G'],
];
export const PENDED_REASONS = [
  'Missing signature',
  'Invalid Medicare number',
  'Effective date outside the enrollment period',
  'Missing scope of appointment',
];

const factoryRandom = seededRandom(20261123);

/** A valid enrollment of `agentId` as staff would have recorded it (client details filled in). */
export function makeEnrollment(
  overrides: Partial<NewEnrollment> & { agentId: string },
  random: Random = factoryRandom,
): NewEnrollment {
  const [carrierName, productName] = random.pick(PRODUCTS);
  const status = overrides.status ?? 'Received';
  return {
    id: `enr_${randomId()}`,
    status,
    reason: status === 'Pended' ? random.pick(PENDED_REASONS) : null,
    mode: 'newapp',
    clientFirst: random.pick(CLIENT_FIRST),
    clientLast: random.pick(CLIENT_LAST),
    clientState: random.pick(STATES),
    carrierName,
    productName,
    fileId: null,
    receivedAt: new Date(),
    updatedAt: new Date(),
    ...overrides,
  };
}

export async function insertEnrollment(
  db: Db,
  overrides: Partial<NewEnrollment> & { agentId: string },
): Promise<EnrollmentRow> {
  const [row] = await db.insert(enrollments).values(makeEnrollment(overrides)).returning();
  return row!;
}

/**
 * Demo enrollments: a season's worth for the demo agent in every status, three of them pended with reasons,
 * and a few for the second agent (never shown to the first). Dates count back from `now`.
 */
export function demoEnrollments(agents: { demo: string; demo2: string }, now: Date, random: Random): NewEnrollment[] {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000 - random.int(0, 3599) * 1000);
  const plan: Array<{ status: string; reason?: string; hours: number }> = [
    { status: 'Pended', reason: 'Missing signature', hours: 20 },
    { status: 'Pended', reason: 'Invalid Medicare number', hours: 70 },
    { status: 'Pended', reason: 'Effective date outside the enrollment period', hours: 200 },
    { status: 'Received', hours: 3 },
    { status: 'In Review', hours: 30 },
    { status: 'Submitted', hours: 96 },
    { status: 'Submitted', hours: 150 },
    { status: 'Enrolled', hours: 320 },
    { status: 'Enrolled', hours: 500 },
    { status: 'Enrolled', hours: 760 },
    { status: 'Declined', hours: 900 },
    { status: 'Enrolled', hours: 1200 },
  ];
  const rows = plan.map(({ status, reason, hours }, i) => {
    const receivedAt = hoursAgo(hours);
    return makeEnrollment(
      {
        id: `enr_demo_${String(i + 1).padStart(2, '0')}`,
        agentId: agents.demo,
        status,
        reason: reason ?? null,
        receivedAt,
        updatedAt: receivedAt,
      },
      random,
    );
  });
  for (let i = 0; i < 3; i += 1) {
    const receivedAt = hoursAgo(50 + i * 100);
    rows.push(
      makeEnrollment(
        {
          id: `enr_demo2_${i + 1}`,
          agentId: agents.demo2,
          status: i === 0 ? 'Pended' : 'Enrolled',
          reason: i === 0 ? 'Missing scope of appointment' : null,
          receivedAt,
          updatedAt: receivedAt,
        },
        random,
      ),
    );
  }
  return rows;
}
