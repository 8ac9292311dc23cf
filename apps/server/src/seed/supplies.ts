import { Readable } from 'node:stream';
import {
  MEDICARE_ADVANTAGE,
  PRESCRIPTION_DRUG_PLAN,
  READY_TO_SELL_IMPORT_COLUMNS,
  READY_TO_SELL_PRODUCT_TYPES,
  STATES,
} from '@arc/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  agentReadyToSell,
  certifications,
  contracts,
  counties,
  supplyOrderLog,
  supplyOrders,
  supplyProducts,
  zipCodeCounties,
} from '../db/schema/index.ts';
import { importReadyToSell } from '../modules/staff-imports/service.ts';
import { importMaLandscape, LANDSCAPE_COLUMNS, type LandscapeImportReport } from '../modules/supplies/landscape.ts';
import { ensureProductTypes } from '../modules/supplies/product-types.ts';
import { csvText } from '../platform/csv.ts';
import { seededRandom, type Random } from '../platform/random.ts';

/** MA carriers of the demo landscape. The demo agent is Ready to Sell with most (DEMO_NOT_READY lists the others). */
const MA_CARRIERS = [
  { name: 'Humana', short: 'Humana', names: ['Gold Plus', 'Choice', 'Honor', 'Value Plus'] },
  { name: 'UnitedHealthcare', short: 'AARP Medicare Advantage', names: ['Patriot', 'Choice', 'Plan 1', 'Walgreens'] },
  { name: 'Aetna', short: 'Aetna Medicare', names: ['Eagle', 'Value Plus', 'Signature', 'Elite'] },
  { name: 'Anthem', short: 'Anthem MediBlue', names: ['Access', 'Plus', 'Essential', 'Select'] },
  { name: 'Cigna Healthcare', short: 'Cigna', names: ['Preferred Medicare', 'True Choice', 'Courage'] },
  { name: 'Wellcare', short: 'Wellcare', names: ['Giveback', 'Assist', 'No Premium', 'Simple'] },
  { name: 'Devoted Health', short: 'Devoted', names: ['CORE', 'PREMIUM', 'GIVEBACK'] },
  { name: 'Molina Healthcare', short: 'Molina Medicare', names: ['Choice Care', 'Complete Care'] },
  { name: 'Quartz Health Solutions', short: 'Quartz Medicare Advantage', names: ['Prime', 'Essential'] },
  { name: 'Security Health Plan', short: 'Advocare', names: ['Harmony', 'Pinnacle', 'Solutions'] },
];

/**
 * Where a carrier's own Ready-to-Sell flag says not ready although the demo agent holds an active contract with it,
 * certified for the year (say, a state appointment still in process): every state and product type unless narrowed.
 */
export interface DemoNotReady {
  carrier: string;
  states?: string[];
  productType?: 'MA' | 'PDP';
  /** only in the newest plan year (the next year's certification not done yet) */
  isNewestYearOnly?: boolean;
}

/**
 * The demo agent's board (docs/decisions/soa-and-ready-to-sell.md) shows each status, every mark true to demo's
 * contracts and certifications (seed/contracts.ts): Wellcare's contract is pending (Pending, appointment pending);
 * Molina, Quartz and Security Health Plan hold no contract of demo's and Cigna's is terminated (Not appointed); the
 * Devoted Health contract is not certified for next year (Not ready, certification due); Aetna's own flag keeps it not
 * ready in two states next year although demo is certified (Not ready). Everything else demo holds is Ready.
 */
export const DEMO_NOT_READY: DemoNotReady[] = [{ carrier: 'Aetna', states: ['MN', 'IL'], isNewestYearOnly: true }];

/** The states the demo agents are licensed and appointed in: their Ready-to-Sell rows name these alone. */
const READY_TO_SELL_STATES = ['WI', 'MN', 'IL', 'IA', 'MI'];

const PLAN_TYPES = ['HMO', 'HMO-POS', 'Local PPO', 'Regional PPO', 'PFFS'];
const SNP_TYPES = ['Dual-Eligible', 'Chronic or Disabling Condition', 'Institutional'];
const PREMIUMS = ['$0.00', '$0.00', '$19.00', '$29.50', '$45.00', '$87.00', '$142.40', '-', ''];
const DEDUCTIBLES = ['$0.00', '$100.00', '$250.00', '$395.00', '$590.00', '-', ''];
const MOOPS = ['$3,400.00', '$4,900.00', '$5,900.00', '$6,750.00', '$8,850.00', '$9,350.00', '', '-'];

const KIT_CARRIERS: Record<string, string[]> = {
  'Medicare Supplement': ['Mutual of Omaha', 'Aetna', 'Cigna Healthcare', 'Humana', 'Bankers Fidelity'],
  [PRESCRIPTION_DRUG_PLAN]: ['Wellcare', 'Humana', 'UnitedHealthcare', 'Cigna Healthcare'],
  'Dental Vision Hearing': ['Physicians Mutual', 'Humana', 'Ameritas'],
  'Hospital Indemnity': ['Manhattan Life', 'Cigna Healthcare', 'Aetna'],
  'Final Expense': ['Mutual of Omaha', 'Americo', 'Aetna', 'Foresters Financial'],
};

/** Landscape demo states, with one county that lists 100 plans (the benchmark's county). */
const DEMO_LANDSCAPE_STATES = ['WI', 'MN'] as const;
const HUNDRED_PLAN_COUNTY = '55079'; // Milwaukee County, WI
/** Dane County, WI: the demo agent's county, where every carrier has plans. */
const DEMO_HOME_COUNTY = '55025';

/**
 * A year's demo landscape as CMS's CSV (the same columns a provider imports): each carrier files a few plans
 * per state, each serving a run of counties; HUNDRED_PLAN_COUNTY gets plans until it lists 100.
 */
async function demoLandscapeCsv(db: Db, year: number, random: Random): Promise<string> {
  const header = [
    LANDSCAPE_COLUMNS.state[0],
    LANDSCAPE_COLUMNS.county[0],
    LANDSCAPE_COLUMNS.year[0],
    LANDSCAPE_COLUMNS.orgName[0],
    LANDSCAPE_COLUMNS.planName[0],
    LANDSCAPE_COLUMNS.planType[0],
    LANDSCAPE_COLUMNS.premium[0],
    LANDSCAPE_COLUMNS.drugDeductible[0],
    LANDSCAPE_COLUMNS.moop[0],
    LANDSCAPE_COLUMNS.contractId[0],
    LANDSCAPE_COLUMNS.planId[0],
    LANDSCAPE_COLUMNS.segmentId[0],
    LANDSCAPE_COLUMNS.snp[0],
    LANDSCAPE_COLUMNS.snpType[0],
  ];
  const lines: string[][] = [header];
  let contractSeq = 1000 + (year % 100) * 37;
  for (const state of DEMO_LANDSCAPE_STATES) {
    const stateCounties = await db
      .select({ fips: counties.fips, name: counties.name })
      .from(counties)
      .where(eq(counties.stateCode, state))
      .orderBy(counties.fips);
    const hundred = stateCounties.find((c) => c.fips === HUNDRED_PLAN_COUNTY);
    let hundredCount = 0;
    for (const carrier of MA_CARRIERS) {
      contractSeq += random.int(3, 40);
      const contractId = `${random.pick(['H', 'H', 'H', 'R'])}${String(contractSeq).padStart(4, '0')}`;
      const planCount = random.int(2, 6);
      for (let p = 1; p <= planCount + 12; p++) {
        const isExtra = p > planCount;
        if (isExtra && (!hundred || hundredCount >= 100)) break;
        const isSnp = random.bool(0.2);
        const planType = isSnp ? random.pick(['HMO', 'HMO-POS']) : random.pick(PLAN_TYPES);
        const snpType = isSnp ? random.pick(SNP_TYPES) : '';
        const name = `${carrier.short} ${random.pick(carrier.names)}${isSnp ? ' (HMO D-SNP)' : ` (${planType})`}`;
        // a run of neighbouring counties (by FIPS order), or only the hundred-plan county for the extra plans
        const start = random.int(0, stateCounties.length - 1);
        const served = isExtra
          ? [hundred!]
          : stateCounties.slice(start, start + random.int(4, Math.ceil(stateCounties.length / 2)));
        if (!isExtra && hundred && !served.includes(hundred) && random.bool(0.5)) served.push(hundred);
        // every carrier files at least one plan in the demo agent's county, as in a real metro county
        const home = stateCounties.find((c) => c.fips === DEMO_HOME_COUNTY);
        if (!isExtra && home && !served.includes(home) && (p === 1 || random.bool(0.3))) served.push(home);
        if (hundred && served.includes(hundred)) hundredCount++;
        const cells = [
          state,
          '',
          String(year),
          carrier.name,
          name,
          planType,
          random.pick(PREMIUMS),
          random.pick(DEDUCTIBLES),
          random.pick(MOOPS),
          contractId,
          String(p),
          '0',
          isSnp ? 'Yes' : 'No',
          snpType,
        ];
        for (const county of served) {
          cells[1] = county.name;
          lines.push([...cells]);
        }
      }
    }
  }
  return csvText(lines);
}

/** Each state's kits of the non-MA types for a year: a few carriers each. */
function demoKits(year: number, random: Random): (typeof supplyProducts.$inferInsert)[] {
  const rows: (typeof supplyProducts.$inferInsert)[] = [];
  for (const { code } of STATES) {
    for (const [type, carriers] of Object.entries(KIT_CARRIERS)) {
      for (const carrier of carriers) {
        if (random.bool(0.15)) continue;
        rows.push({
          id: `kit_${year}_${code}_${type}_${carrier}`.toLowerCase().replace(/[^a-z0-9_]+/g, '-'),
          year,
          type,
          stateCode: code,
          orgName: carrier,
          planName: `${carrier} ${type} Kit`,
        });
      }
    }
  }
  return rows;
}

/**
 * The stand-alone prescription drug plans (PDPs) of the demo landscape's states: the PDP kit carriers' plans as CMS's
 * PDP landscape lists them, by state (a PDP serves every county of its region, so it has no county lines). The TPMO
 * disclaimer counts them where the agent is Ready to Sell the carrier's PDPs. Fixed values, no draws from the seeded
 * random source (the rest of the demo data stays as it was).
 */
const DEMO_PDPS: { orgName: string; contractId: string; plans: [string, string, string][] }[] = [
  // [plan name, premium, drug deductible]
  {
    orgName: 'Humana',
    contractId: 'S5884',
    plans: [
      ['Humana Basic Rx Plan (PDP)', '$42.30', '$615.00'],
      ['Humana Premier Rx Plan (PDP)', '$98.70', '$0.00'],
      ['Humana Value Rx Plan (PDP)', '$19.80', '$615.00'],
    ],
  },
  {
    orgName: 'UnitedHealthcare',
    contractId: 'S5921',
    plans: [
      ['AARP Medicare Part D from UHC: Saver Plus (PDP)', '$27.90', '$615.00'],
      ['AARP Medicare Part D from UHC: Preferred (PDP)', '$86.40', '$0.00'],
    ],
  },
  {
    orgName: 'Wellcare',
    contractId: 'S4802',
    plans: [
      ['Wellcare Value Script (PDP)', '$0.00', '$615.00'],
      ['Wellcare Classic (PDP)', '$31.60', '$615.00'],
    ],
  },
  {
    orgName: 'Cigna Healthcare',
    contractId: 'S5617',
    plans: [
      ['Cigna Healthcare Saver Rx (PDP)', '$14.50', '$615.00'],
      ['Cigna Healthcare Extra Rx (PDP)', '$67.20', '$250.00'],
    ],
  },
];

/** A year's PDP landscape rows for DEMO_LANDSCAPE_STATES (plan ids numbered per state, as CMS's regions are). */
function demoPdpLandscape(year: number): (typeof supplyProducts.$inferInsert)[] {
  return DEMO_LANDSCAPE_STATES.flatMap((state, stateIndex) =>
    DEMO_PDPS.flatMap(({ orgName, contractId, plans }) =>
      plans.map(([planName, premium, deductible], i) => {
        const planId = String(100 + stateIndex * 10 + i + 1);
        return {
          id: `pdp_${year}_${state}_${contractId}_${planId}_000`,
          year,
          type: PRESCRIPTION_DRUG_PLAN,
          stateCode: state,
          orgName,
          planName,
          contractId,
          planId,
          segmentId: '000',
          planType: 'PDP',
          monthlyPremium: premium,
          drugDeductible: deductible,
        };
      }),
    ),
  );
}

/**
 * The Ready-to-Sell file of the demo agents (docs/data-import.md): every MA carrier of the landscape for MA and
 * every PDP kit carrier for PDP, in each of READY_TO_SELL_STATES and every year; ready only where the agent holds an
 * active contract with the carrier certified for the year and product (`certified`: `agentId|carrier|year|product`
 * keys) and the agent's `notReady` entries leave it, as the Ready-to-Sell rule reads it.
 */
function readyToSellCsv(
  agents: SeedSuppliesOptions['agents'],
  years: number[],
  asOf: string,
  certified: Set<string>,
): string {
  const records: string[][] = [[...READY_TO_SELL_IMPORT_COLUMNS]];
  const byType = [
    ['MA', MA_CARRIERS.map((c) => c.name)],
    ['PDP', KIT_CARRIERS[PRESCRIPTION_DRUG_PLAN]!],
  ] as const;
  const newest = Math.max(...years);
  for (const agent of agents) {
    for (const year of years) {
      for (const code of READY_TO_SELL_STATES) {
        for (const [type, carriers] of byType) {
          for (const carrier of carriers) {
            const isNotReady = agent.notReady.some(
              (n) =>
                n.carrier === carrier &&
                (n.states?.includes(code) ?? true) &&
                (n.productType ?? type) === type &&
                (!n.isNewestYearOnly || year === newest),
            );
            const isCertified = certified.has(`${agent.id}|${carrier}|${year}|${READY_TO_SELL_PRODUCT_TYPES[type]}`);
            const status = isCertified && !isNotReady ? 'ready' : 'not_ready';
            records.push([agent.npn, carrier, code, type, String(year), status, asOf]);
          }
        }
      }
    }
  }
  return csvText(records);
}

/**
 * The certifications of these agents' active contracts, as `agentId|carrier|year|product` keys (the contracts seed runs
 * first: a Ready-to-Sell line without an active contract is rejected).
 */
async function selectCertified(db: Db, agents: SeedSuppliesOptions['agents']): Promise<Set<string>> {
  if (agents.length === 0) return new Set();
  const rows = await db
    .select({
      agentId: contracts.holderAgentId,
      carrier: contracts.carrierName,
      year: certifications.year,
      product: certifications.product,
    })
    .from(certifications)
    .innerJoin(contracts, eq(contracts.id, certifications.contractId))
    .where(
      and(
        inArray(
          contracts.holderAgentId,
          agents.map((a) => a.id),
        ),
        sql`lower(${contracts.status}) = 'active'`,
      ),
    );
  return new Set(rows.map((r) => `${r.agentId}|${r.carrier}|${r.year}|${r.product}`));
}

/** A few past orders in every status, with their logs. */
function demoOrders(agentId: string, now: Date, names: { first: string; last: string }, random: Random) {
  const day = 86_400_000;
  const year = now.getUTCFullYear();
  const specs = [
    {
      ago: 2,
      status: null,
      org: 'Humana',
      plan: 'Humana Gold Plus (HMO)',
      contract: 'H5216',
      planId: '240',
      type: MEDICARE_ADVANTAGE,
    },
    {
      ago: 9,
      status: 'Processing',
      org: 'Aetna',
      plan: 'Aetna Medicare Eagle (PPO)',
      contract: 'H5521',
      planId: '77',
      type: MEDICARE_ADVANTAGE,
    },
    {
      ago: 24,
      status: 'Shipped',
      org: 'Mutual of Omaha',
      plan: 'Mutual of Omaha Medicare Supplement Kit',
      contract: null,
      planId: null,
      type: 'Medicare Supplement',
    },
    {
      ago: 61,
      status: 'Cancelled',
      org: 'UnitedHealthcare',
      plan: 'AARP Medicare Advantage Patriot (HMO-POS)',
      contract: 'H2802',
      planId: '41',
      type: MEDICARE_ADVANTAGE,
    },
  ];
  return specs.map((s) => {
    const orderDate = new Date(now.getTime() - s.ago * day);
    const order: typeof supplyOrders.$inferInsert = {
      agentId,
      status: s.status,
      orderDate,
      orgName: s.org,
      planState: 'WI',
      year: s.ago > 45 ? year : year + 1,
      type: s.type,
      planName: s.plan,
      contractId: s.contract,
      planId: s.planId,
      county: 'Dane County',
      qty: random.int(1, 5),
      streetNum: '1200',
      street: 'John Q Hammons Dr',
      city: 'Madison',
      state: 'WI',
      zip: '53717',
      specialInstructions: s.ago === 9 ? 'Leave at the front desk.' : '',
      carrierOrderNum: s.status === 'Shipped' || s.status === 'Processing' ? `CO-${random.int(100000, 999999)}` : null,
      tracking: s.status === 'Shipped' ? `1Z999AA1${random.int(10000000, 99999999)}` : null,
      shipper: s.status === 'Shipped' ? 'UPS' : null,
      notes: s.status === 'Cancelled' ? 'Carrier discontinued this kit.' : null,
    };
    const log: { action: string; at: Date; by: { first: string; last: string } }[] = [
      { action: 'Order placed', at: orderDate, by: names },
    ];
    const staff = { first: 'Supply', last: 'Desk' };
    if (s.status)
      log.push({ action: 'Status changed to Processing', at: new Date(orderDate.getTime() + day), by: staff });
    if (s.status === 'Shipped')
      log.push({
        action: `Shipped, tracking ${order.tracking}`,
        at: new Date(orderDate.getTime() + 4 * day),
        by: staff,
      });
    if (s.status === 'Cancelled')
      log.push({ action: 'Status changed to Cancelled', at: new Date(orderDate.getTime() + 3 * day), by: staff });
    return { order, log };
  });
}

export interface SeedSuppliesOptions {
  db: Db;
  now: Date;
  years: number[];
  /** agents with Ready to Sell rows; the first gets the demo orders */
  agents: { id: string; npn: string; first: string; last: string; notReady: DemoNotReady[] }[];
}

/**
 * The supplies demo data: product types, the MA landscape of DEMO_LANDSCAPE_STATES for each year (through the
 * same CSV import a provider uses) and their stand-alone drug plans, every state's kits, a few past orders, and the
 * Ready-to-Sell rows through the back office's Ready-to-Sell import. Runs once: a database that already has Ready to Sell rows is left alone; a
 * run cut short repeats safely.
 */
export async function seedSuppliesDemo({
  db,
  now,
  years,
  agents,
}: SeedSuppliesOptions): Promise<LandscapeImportReport[]> {
  // Ready to Sell rows go in last: with them the supplies seed is complete (every step before repeats safely)
  const [done] = await db.select({ n: count() }).from(agentReadyToSell);
  if ((done?.n ?? 0) > 0) return [];
  const random = seededRandom(55_079);
  const reports: LandscapeImportReport[] = [];
  await ensureProductTypes(db);
  for (const year of years) {
    reports.push(await importMaLandscape(db, await demoLandscapeCsv(db, year, random), { year }));
  }
  const [ordered] = await db.select({ n: count() }).from(supplyOrders);
  await db.transaction(async (tx) => {
    const kits = years.flatMap((year) => demoKits(year, random));
    for (let i = 0; i < kits.length; i += 500) {
      await tx
        .insert(supplyProducts)
        .values(kits.slice(i, i + 500))
        .onConflictDoNothing();
    }
    await tx
      .insert(supplyProducts)
      .values(years.flatMap((year) => demoPdpLandscape(year)))
      .onConflictDoNothing();
    const first = agents[0];
    // orders of a run cut short before its Ready-to-Sell import are there already
    if (!first || (ordered?.n ?? 0) > 0) return;
    for (const { order, log } of demoOrders(first.id, now, first, random)) {
      const [row] = await tx.insert(supplyOrders).values(order).returning({ id: supplyOrders.id });
      await tx.insert(supplyOrderLog).values(
        log.map((l) => ({
          orderId: row!.id,
          firstName: l.by.first,
          lastName: l.by.last,
          action: l.action,
          at: l.at,
        })),
      );
    }
  });
  const csv = readyToSellCsv(agents, years, now.toISOString().slice(0, 10), await selectCertified(db, agents));
  const rts = await importReadyToSell({ db, clock: { now: () => now } }, Readable.from([csv]), {
    dryRun: false,
    staffId: null,
    ip: null,
    source: 'seed',
  });
  if (!rts.applied) throw new Error(`The demo Ready-to-Sell file was refused: ${JSON.stringify(rts.rejected)}`);
  return reports;
}

/**
 * ZIPs of the demo landscape's states that cross county lines, with every county each reaches (FIPS), from the
 * Census Bureau's 2010 ZCTA to County Relationship File (zcta_county_rel_10.txt): a sample for the TPMO disclaimer
 * by ZIP (docs/decisions/soa-and-ready-to-sell.md); a provider loads a whole crosswalk into zip_code_counties.
 */
const DEMO_ZIP_COUNTY_SPANS: Record<string, string[]> = {
  '54612': ['55011', '55121'],
  '54615': ['55053', '55081'],
  '54618': ['55057', '55081'],
  '54619': ['55063', '55081', '55123'],
  '54623': ['55063', '55123'],
  '54642': ['55053', '55063', '55121'],
  '54655': ['55023', '55103', '55123'],
  '54666': ['55053', '55057', '55081'],
};

/** The demo's ZIPs that cross county lines (repeats safely). */
export async function seedZipCountySpans(db: Db): Promise<void> {
  const rows = Object.entries(DEMO_ZIP_COUNTY_SPANS).flatMap(([zip, fips]) =>
    fips.map((countyFips) => ({ zip, countyFips })),
  );
  await db.insert(zipCodeCounties).values(rows).onConflictDoNothing();
}
