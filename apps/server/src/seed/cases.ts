import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { caseMessages, cases, staffAccounts } from '../db/schema/index.ts';
import { DEMO_AGENT_ID } from './demo-agents.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Three member-support cases of the demo agent, so the back office's queue and the agent's My cases have content
 * (docs/decisions/cases.md): one Open and unassigned, one In progress with ops's reply and an internal note, one
 * Closed. Added once, when the demo agent has no case yet; after the demo staff (`staffId` is ops's).
 */
export async function seedCasesDemo(options: { db: Db; now: Date; staffId: string; memberSupportEmail: string }) {
  const { db, now, staffId } = options;
  const existing = await db.select({ id: cases.id }).from(cases).where(eq(cases.agentId, DEMO_AGENT_ID)).limit(1);
  if (existing.length > 0) return;
  // the demo staff member who answers them (seedDemoStaff); without them, no demo case
  const staff = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.id, staffId));
  if (staff.length === 0) return;
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 60 * 60 * 1000);
  const common = { agentId: DEMO_AGENT_ID, emailedTo: options.memberSupportEmail, carrierService: '' };
  await db.transaction(async (tx) => {
    await tx.insert(cases).values([
      {
        ...common,
        id: 'case_demo_open',
        memberName: 'Evelyn Parker',
        memberId: 'H5521-018',
        dateOfBirth: '1956-07-14',
        memberPhoneNumber: '(608) 555-0142',
        requestType: 'Provider Search',
        carrier: 'Humana',
        description: 'Looking for an in-network cardiologist within 20 miles of Madison, WI.',
        createdAt: at(1, 3),
        updatedAt: at(1, 3),
      },
      {
        ...common,
        id: 'case_demo_in_progress',
        memberName: 'Harold Jensen',
        memberId: 'A7730-204',
        dateOfBirth: '1951-02-02',
        memberPhoneNumber: '(414) 555-0187',
        requestType: 'Prescription Drugs',
        carrier: 'Aetna',
        description: 'Eliquis is priced as a tier 4 drug at the pharmacy; the formulary lists it as tier 3.',
        carrierService: 'RX-40917',
        status: 'In progress',
        assigneeId: staffId,
        version: 3,
        createdAt: at(4, 5),
        updatedAt: at(3, 1),
      },
      {
        ...common,
        id: 'case_demo_closed',
        memberName: 'Lorraine Adams',
        memberId: 'H5521-877',
        dateOfBirth: '1949-11-23',
        memberPhoneNumber: '(715) 555-0110',
        requestType: 'Billing Support',
        carrier: 'Humana',
        description: 'Premium drafted twice in October.',
        status: 'Closed',
        assigneeId: staffId,
        version: 4,
        createdAt: at(12, 2),
        updatedAt: at(10, 4),
      },
    ]);
    await tx.insert(caseMessages).values([
      {
        caseId: 'case_demo_in_progress',
        kind: 'note',
        body: 'Called Aetna pharmacy help desk; they are checking the tier with the PBM.',
        staffId,
        createdAt: at(3, 2),
      },
      {
        caseId: 'case_demo_in_progress',
        kind: 'reply',
        body: 'We have asked Aetna to review the tier for Eliquis. We will write again as soon as they answer, usually within two business days.',
        staffId,
        emailedTo: 'demo@agents.example',
        createdAt: at(3, 1),
      },
      {
        caseId: 'case_demo_closed',
        kind: 'reply',
        body: 'Humana has refunded the second October draft; it should reach the member’s account within five business days.',
        staffId,
        emailedTo: 'demo@agents.example',
        createdAt: at(10, 4),
      },
    ]);
  });
}
