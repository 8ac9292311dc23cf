import { soaRuleSetFor } from '@arc/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { clients, enrollments, soas, soaVersions } from '../db/schema/index.ts';
import { encryptMbi } from '../modules/clients/mbi-cipher.ts';
import { makeEnrollment } from './enrollments.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoClient {
  id: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  phone: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  county: string;
  language: string;
  mbi: string | null;
  status: string;
  notes: string;
}

/** The birth date of someone who turns 65 `days` from `now`. */
const turning65In = (now: Date, days: number) => {
  const at = new Date(now.getTime() + days * DAY_MS);
  at.setUTCFullYear(at.getUTCFullYear() - 65);
  return at.toISOString().slice(0, 10);
};

function demoClients(now: Date): DemoClient[] {
  const base = {
    street: '',
    city: 'Milwaukee',
    state: 'WI',
    zip: '53202',
    county: 'Milwaukee',
    language: 'en',
    notes: '',
  };
  return [
    {
      ...base,
      id: 'cli_demo_linda_berg',
      firstName: 'Linda',
      lastName: 'Berg',
      birthDate: '1959-03-14',
      phone: '(414) 555-0142',
      email: 'linda.berg@example.org',
      street: '1200 N Prospect Ave',
      mbi: '1EG4-TE5-MK73',
      status: 'Active',
      notes: 'Prefers calls in the morning. Daughter Karen helps with paperwork.',
    },
    {
      ...base,
      id: 'cli_demo_walter_okafor',
      firstName: 'Walter',
      lastName: 'Okafor',
      birthDate: turning65In(now, 12),
      phone: '(414) 555-0187',
      email: 'walter.okafor@example.org',
      street: '2230 S Kinnickinnic Ave',
      mbi: null,
      status: 'Prospect',
      notes: 'Turning 65: Part B starts the first of his birthday month.',
    },
    {
      ...base,
      id: 'cli_demo_alma_reyes',
      firstName: 'Alma',
      lastName: 'Reyes',
      birthDate: '1954-11-02',
      phone: '(262) 555-0110',
      email: '',
      street: '415 W Main St',
      city: 'Waukesha',
      zip: '53186',
      county: 'Waukesha',
      language: 'es',
      mbi: '4QF7-RT2-WX58',
      status: 'Active',
      notes: '',
    },
    {
      ...base,
      id: 'cli_demo_harold_lindqvist',
      firstName: 'Harold',
      lastName: 'Lindqvist',
      birthDate: '1957-06-21',
      phone: '(608) 555-0199',
      email: 'harold.lindqvist@example.net',
      street: '12 E Mifflin St',
      city: 'Madison',
      zip: '53703',
      county: 'Dane',
      mbi: null,
      status: 'Prospect',
      notes: '',
    },
    // a likely duplicate pair (same name and birth date), for the merge
    {
      ...base,
      id: 'cli_demo_ruth_kowalski',
      firstName: 'Ruth',
      lastName: 'Kowalski',
      birthDate: '1952-08-30',
      phone: '(414) 555-0123',
      email: '',
      mbi: '7HN2-PK4-CD19',
      status: 'Active',
      notes: '',
    },
    {
      ...base,
      id: 'cli_demo_ruth_kowalski_2',
      firstName: 'Ruth',
      lastName: 'Kowalski',
      birthDate: '1952-08-30',
      phone: '',
      email: 'ruth.k@example.org',
      mbi: null,
      status: 'Active',
      notes: 'Entered again from a seminar sign-in sheet.',
    },
  ];
}

/**
 * The demo agent's book of business (issue 46), on its own and once: Linda Berg with a signed SOA and an enrollment
 * in review, a client turning 65 within the month, a Spanish speaker, one with an unsigned SOA, and a duplicate pair.
 */
export async function seedClientsDemo(options: {
  db: Db;
  now: Date;
  agentId: string;
  config: Pick<Config, 'clientDataKeys' | 'businessTimeZone'>;
}): Promise<void> {
  const { db, now, agentId, config } = options;
  const [existing] = await db.select({ id: clients.id }).from(clients).where(eq(clients.agentId, agentId)).limit(1);
  if (existing || !config.clientDataKeys.current) return;
  const rows = demoClients(now).map(({ mbi, ...client }) => ({
    ...client,
    agentId,
    phoneDigits: client.phone.replace(/\D/g, ''),
    mbiEncrypted: mbi ? encryptMbi(config.clientDataKeys, client.id, mbi.replace(/-/g, '')) : null,
    mbiLast4: mbi ? mbi.slice(-4) : null,
    consentToContact: client.email !== '' || client.phone !== '',
    consentMethods: client.phone ? ['phone'] : ['email'],
    source: 'manual',
    createdAt: new Date(now.getTime() - 30 * DAY_MS),
    updatedAt: new Date(now.getTime() - 30 * DAY_MS),
  }));
  const soa = (id: string, clientId: string, name: string, email: string, daysAgo: number, signed: boolean) => {
    const appointmentAt = new Date(now.getTime() - (daysAgo - 3) * DAY_MS);
    const sentAt = new Date(now.getTime() - daysAgo * DAY_MS);
    const signedAt = signed ? new Date(sentAt.getTime() + DAY_MS) : null;
    return {
      soa: {
        id,
        agentId,
        beneficiaryName: name,
        email,
        mobile: '',
        language: 'en',
        currentVersion: 1,
        createdAt: sentAt,
        clientId,
      },
      version: {
        soaId: id,
        version: 1,
        appointmentAt,
        appointmentKind: 'in-person',
        products: ['medicare-advantage', 'part-d'],
        ruleSet: soaRuleSetFor(appointmentAt, config.businessTimeZone).id,
        sentAt,
        // an unsigned one's link still open
        linkExpiresAt: new Date(now.getTime() + 7 * DAY_MS),
        signedAt,
        signerName: signed ? name : null,
        productsAgreed: signed ? ['medicare-advantage', 'part-d'] : null,
        validUntil: signedAt ? new Date(signedAt.getTime() + 365 * DAY_MS) : null,
        retainUntil: new Date(sentAt.getTime() + 3653 * DAY_MS),
      },
    };
  };
  const soaRows = [
    soa('soa_demo_linda_berg', 'cli_demo_linda_berg', 'Linda Berg', 'linda.berg@example.org', 20, true),
    soa(
      'soa_demo_harold_lindqvist',
      'cli_demo_harold_lindqvist',
      'Harold Lindqvist',
      'harold.lindqvist@example.net',
      2,
      false,
    ),
  ];
  await db.transaction(async (tx) => {
    await tx.insert(clients).values(rows);
    await tx.insert(soas).values(soaRows.map((row) => row.soa));
    await tx.insert(soaVersions).values(soaRows.map((row) => row.version));
    await tx.insert(enrollments).values([
      makeEnrollment({
        agentId,
        clientId: 'cli_demo_linda_berg',
        status: 'In Review',
        clientFirst: 'Linda',
        clientLast: 'Berg',
        clientState: 'WI',
        carrierName: 'Humana',
        productName: 'Humana Gold Plus (HMO)',
        receivedAt: new Date(now.getTime() - 15 * DAY_MS),
        updatedAt: new Date(now.getTime() - 14 * DAY_MS),
      }),
      makeEnrollment({
        agentId,
        clientId: 'cli_demo_alma_reyes',
        status: 'Pended',
        reason: 'Missing signature',
        clientFirst: 'Alma',
        clientLast: 'Reyes',
        clientState: 'WI',
        carrierName: 'Aetna',
        productName: 'Aetna Medicare Eagle (PPO)',
        receivedAt: new Date(now.getTime() - 6 * DAY_MS),
        updatedAt: new Date(now.getTime() - 5 * DAY_MS),
      }),
    ]);
  });
}
