import { Readable } from 'node:stream';
import { CERTIFICATION_IMPORT_COLUMNS, CONTRACT_IMPORT_COLUMNS } from '@arc/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { agents, certifications, contracts } from '../db/schema/index.ts';
import { CARRIER_BRANDS } from '../modules/dashboard/logos.ts';
import { importCertifications, importContracts } from '../modules/staff-imports/service.ts';
import type { Clock } from '../platform/clock.ts';
import { BASE62, certificationId, crmId } from '../platform/crm-id.ts';
import { csvText } from '../platform/csv.ts';
import { seededRandom, type Random } from '../platform/random.ts';
import { DEMO_AGENT_ID, DEMO2_AGENT_ID } from './demo-agents.ts';
import { CONTRACT_FIRST_NAMES, CONTRACT_LAST_NAMES } from './names.ts';

export type NewContract = typeof contracts.$inferInsert;
export type NewCertification = typeof certifications.$inferInsert;

const CONTRACT_PREFIX = 'a0C';
const REPORT_PREFIX = '00O';

let sequence = 0;

/** A valid contract; pass overrides for what the test cares about (the id comes from a sequence). */
export function makeContract(overrides: Partial<NewContract> = {}): NewContract {
  sequence += 1;
  const key = `factory-${sequence}`;
  return {
    id: crmId(CONTRACT_PREFIX, key),
    holderAgentId: null,
    contactName: `Agent ${sequence}`,
    recordType: 'Person Account',
    carrierName: 'Humana',
    status: 'Active',
    writingNumber: `W${String(100_000 + sequence)}`,
    uplineContractId: null,
    hierarchyReportId: null,
    ...overrides,
  };
}

export const makeCertification = (contractId: string, year: number, product: string): NewCertification => ({
  id: certificationId(contractId, year, product),
  contractId,
  year,
  product,
});

/** Inserts in chunks (a 5,000-contract hierarchy is one call). Parents must come before their downlines. */
export async function insertContracts(db: Pick<Db, 'insert'>, rows: NewContract[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(contracts).values(rows.slice(i, i + 1000));
}

export async function insertCertifications(db: Pick<Db, 'insert'>, rows: NewCertification[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(certifications).values(rows.slice(i, i + 1000));
}

/**
 * An active contract of the agent with a carrier, certified for each plan year and product given (products by name,
 * 'Medicare Advantage', 'Prescription Drug Plan'): what a Ready-to-Sell mark stands for. Answers the contract.
 */
export async function insertCertifiedContract(
  db: Pick<Db, 'insert'>,
  options: { agentId: string; carrier: string; certified: Array<[year: number, product: string]> },
): Promise<NewContract> {
  const contract = makeContract({ holderAgentId: options.agentId, carrierName: options.carrier });
  await insertContracts(db, [contract]);
  if (options.certified.length > 0) {
    await insertCertifications(
      db,
      options.certified.map(([year, product]) => makeCertification(contract.id, year, product)),
    );
  }
  return contract;
}

const AGENCY_WORDS = ['Senior Benefits', 'Insurance Group', 'Health Advisors', 'Medicare Partners', 'Benefit Services'];
const CITIES = ['Sacramento', 'Fresno', 'Boise', 'Reno', 'Tucson', 'Spokane', 'Madison', 'Omaha', 'Tulsa', 'Eugene'];
const PRODUCTS = [
  'Medicare Advantage',
  'Prescription Drug Plan',
  'Medicare Supplement',
  'Dual Special Needs Plan',
  'Chronic Condition Special Needs Plan',
];
const STATUSES = ['Active', 'Active', 'Active', 'Active', 'Active', 'Active', 'Pending', 'Terminated'];

const carrier = (slug: string) => CARRIER_BRANDS[slug]!.name;

/** Writing numbers look like the carriers' own: letters and digits, unique per contract. */
const writingNumber = (random: Random, index: number) =>
  `${BASE62[10 + random.int(0, 25)]}${BASE62[10 + random.int(0, 25)]}${String(100_000 + index * 7 + random.int(0, 6))}`;

interface Tree {
  contracts: NewContract[];
  certifications: NewCertification[];
}

interface DownlineOptions {
  random: Random;
  root: NewContract;
  /** how many contracts below the root */
  size: number;
  /** children per contract, by depth below the root (the last entry repeats) */
  fanOut: Array<[number, number]>;
  years: number[];
  key: string;
}

/**
 * A deterministic downline of `size` contracts below `root`, breadth first, so every upline is inserted before
 * its downlines. The first level is sub-agencies (record type Agency); below them, people.
 */
function downline({ random, root, size, fanOut, years, key }: DownlineOptions): Tree {
  const rows: NewContract[] = [];
  const queue: Array<{ contract: NewContract; depth: number }> = [{ contract: root, depth: 0 }];
  while (rows.length < size && queue.length) {
    const { contract: upline, depth } = queue.shift()!;
    const [min, max] = fanOut[Math.min(depth, fanOut.length - 1)]!;
    const children = random.int(min, max);
    for (let c = 0; c < children && rows.length < size; c++) {
      const index = rows.length + 1;
      const isAgency = depth === 0;
      const last = random.pick(CONTRACT_LAST_NAMES);
      const name = isAgency
        ? `${last} ${random.pick(AGENCY_WORDS)} of ${random.pick(CITIES)}`
        : `${random.pick(CONTRACT_FIRST_NAMES)} ${last}`;
      const id = crmId(CONTRACT_PREFIX, `${key}:${index}`);
      const row: NewContract = {
        id,
        holderAgentId: null,
        contactName: name,
        recordType: isAgency ? 'Agency' : 'Person Account',
        carrierName: root.carrierName,
        status: random.pick(STATUSES),
        writingNumber: random.bool(0.97) ? writingNumber(random, index) : null,
        uplineContractId: upline.id,
        hierarchyReportId: null,
      };
      rows.push(row);
      queue.push({ contract: row, depth: depth + 1 });
    }
  }
  // a report id on every contract with downlines (set after the tree is known)
  const uplines = new Set(rows.map((r) => r.uplineContractId));
  for (const row of [root, ...rows]) {
    if (uplines.has(row.id)) row.hierarchyReportId = crmId(REPORT_PREFIX, row.id);
  }
  const certs: NewCertification[] = [];
  for (const row of rows) {
    for (const year of years) {
      if (!random.bool(0.55)) continue;
      for (const product of new Set([random.pick(PRODUCTS), random.pick(PRODUCTS)])) {
        certs.push(makeCertification(row.id, year, product));
      }
    }
  }
  return { contracts: rows, certifications: certs };
}

/** The size of the demo agency's downline (the benchmark's hierarchy). */
export const DEMO_AGENCY_DOWNLINE_SIZE = 5000;

interface HolderContract {
  slug: string;
  recordType: 'Person Account' | 'Agency';
  status?: string;
  /** contracts below it; 0 for none */
  downline: number;
  fanOut?: Array<[number, number]>;
  products: string[];
  /** the holder has not certified for next year yet (its Ready-to-Sell marks of next year are not Ready) */
  isNextYearDue?: boolean;
}

function holderContracts(
  agent: { id: string; name: string; agencyName: string },
  plan: HolderContract[],
  random: Random,
  years: number[],
): Tree {
  const tree: Tree = { contracts: [], certifications: [] };
  plan.forEach((p, n) => {
    const key = `${agent.id}:${p.slug}:${p.recordType}`;
    const root: NewContract = {
      id: crmId(CONTRACT_PREFIX, key),
      holderAgentId: agent.id,
      contactName: p.recordType === 'Agency' ? agent.agencyName : agent.name,
      recordType: p.recordType,
      carrierName: carrier(p.slug),
      status: p.status ?? 'Active',
      writingNumber: writingNumber(random, 900_000 + n),
      uplineContractId: null,
      hierarchyReportId: null,
    };
    const below = p.downline
      ? downline({ random, root, size: p.downline, fanOut: p.fanOut ?? [[3, 5]], years, key })
      : { contracts: [], certifications: [] };
    tree.contracts.push(root, ...below.contracts);
    // the holder's own certifications reach next year (the plan year sold from October) unless it is due
    const certified = p.isNextYearDue ? years : [...years, Math.max(...years) + 1];
    for (const year of certified)
      for (const product of p.products) tree.certifications.push(makeCertification(root.id, year, product));
    tree.certifications.push(...below.certifications);
  });
  return tree;
}

/**
 * The demo's contracts: Dana Whitfield (demo) holds six individual contracts, two with small downlines, and two
 * agency contracts — Anthem with a 5,000-agent downline six levels deep (sub-agencies, then agents), Humana
 * with none. Marcus Oyelaran (demo2) holds two individual contracts and a small agency. The holders are certified
 * for last year, this year and next, except demo's Devoted Health contract, whose next year is still due; the
 * downlines for last year and this year.
 */
export function demoContracts(year: number): Tree {
  const random = seededRandom(13_000_023);
  const years = [year - 1, year];
  const demo = holderContracts(
    { id: DEMO_AGENT_ID, name: 'Dana Whitfield', agencyName: 'Whitfield Senior Benefits Group' },
    [
      { slug: 'humana', recordType: 'Person Account', downline: 14, products: PRODUCTS.slice(0, 2) },
      { slug: 'aetna', recordType: 'Person Account', downline: 0, products: ['Medicare Advantage'] },
      { slug: 'unitedhealthcare', recordType: 'Person Account', downline: 6, products: PRODUCTS.slice(0, 3) },
      { slug: 'wellcare', recordType: 'Person Account', downline: 0, status: 'Pending', products: [] },
      {
        slug: 'devoted',
        recordType: 'Person Account',
        downline: 0,
        products: ['Medicare Advantage'],
        isNextYearDue: true,
      },
      { slug: 'cigna', recordType: 'Person Account', downline: 0, status: 'Terminated', products: [] },
      {
        slug: 'anthem',
        recordType: 'Agency',
        downline: DEMO_AGENCY_DOWNLINE_SIZE,
        // 8 sub-agencies, 6–10 managers each, then 4–8 agents, 3–5, 1–3: six levels below the agency
        fanOut: [
          [8, 8],
          [6, 10],
          [4, 8],
          [3, 5],
          [1, 3],
        ],
        products: PRODUCTS.slice(0, 3),
      },
      { slug: 'humana', recordType: 'Agency', downline: 0, products: ['Medicare Advantage'] },
    ],
    random,
    years,
  );
  const demo2 = holderContracts(
    { id: DEMO2_AGENT_ID, name: 'Marcus Oyelaran', agencyName: 'Oyelaran Insurance Agency' },
    [
      { slug: 'aetna', recordType: 'Person Account', downline: 3, products: ['Medicare Supplement'] },
      { slug: 'molina', recordType: 'Person Account', downline: 0, products: [] },
      { slug: 'scan', recordType: 'Agency', downline: 9, fanOut: [[3, 3]], products: ['Medicare Advantage'] },
    ],
    random,
    years,
  );
  return {
    contracts: [...demo.contracts, ...demo2.contracts],
    certifications: [...demo.certifications, ...demo2.certifications],
  };
}

/**
 * Seeds the demo contracts once (its own step, so a database seeded before this area gets them too), through the
 * back office's contracts and certifications imports (docs/data-import.md): the files a provider would import.
 */
export async function seedContractsDemo({ db, clock, year }: { db: Db; clock: Clock; year: number }): Promise<void> {
  const [existing] = await db
    .select({ id: certifications.id })
    .from(certifications)
    .innerJoin(contracts, eq(contracts.id, certifications.contractId))
    .where(eq(contracts.holderAgentId, DEMO_AGENT_ID))
    .limit(1);
  if (existing) return;
  const { contracts: rows, certifications: certs } = demoContracts(year);
  const holders = [...new Set(rows.flatMap((r) => (r.holderAgentId ? [r.holderAgentId] : [])))];
  const npnOf = new Map(
    (await db.select({ id: agents.id, npn: agents.npn }).from(agents).where(inArray(agents.id, holders))).map((a) => [
      a.id,
      a.npn,
    ]),
  );
  const contractsCsv = csvText([
    [...CONTRACT_IMPORT_COLUMNS],
    ...rows.map((r) => [
      r.id,
      r.holderAgentId ? (npnOf.get(r.holderAgentId) ?? '') : '',
      r.contactName,
      r.recordType,
      r.carrierName,
      r.status,
      r.writingNumber ?? '',
      r.uplineContractId ?? '',
      r.hierarchyReportId ?? '',
    ]),
  ]);
  const certificationsCsv = csvText([
    [...CERTIFICATION_IMPORT_COLUMNS],
    ...certs.map((c) => [c.contractId, String(c.year), c.product]),
  ]);
  const options = { dryRun: false, staffId: null, ip: null, source: 'seed' } as const;
  for (const [what, report] of [
    ['contracts', await importContracts({ db, clock }, Readable.from([contractsCsv]), options)],
    ['certifications', await importCertifications({ db, clock }, Readable.from([certificationsCsv]), options)],
  ] as const) {
    if (!report.applied) throw new Error(`The demo ${what} file was refused: ${JSON.stringify(report.rejected)}`);
  }
}
