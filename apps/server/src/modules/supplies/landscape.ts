import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_REPORT_LINES, MEDICARE_ADVANTAGE, rejectedLineContent, STATES } from '@arc/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { counties, supplyProductCounties, supplyProducts } from '../../db/schema/index.ts';
import { csvReader, csvRecords } from '../../platform/csv.ts';

/**
 * The provider loads a year's Medicare Advantage plans from CMS's public MA landscape file (one line per plan
 * and county), saved as CSV. Headers are matched by name (CMS renames a few between years, so each field has
 * its known aliases); other columns are ignored. Every line is checked; the lines that fail are reported with
 * their line number and reason and the rest are loaded, in one transaction. See docs/data-import.md.
 */
export const LANDSCAPE_COLUMNS = {
  state: ['State Territory Abbreviation', 'State Territory Name', 'State'],
  county: ['County Name', 'County'],
  year: ['Contract Year'],
  orgName: ['Organization Marketing Name', 'Organization Name', 'Parent Organization Name'],
  planName: ['Plan Name'],
  planType: ['Plan Type', 'Type of Medicare Health Plan'],
  premium: ['Monthly Consolidated Premium (Part C + D)', 'Monthly Consolidated Premium (Includes Part C + D)'],
  drugDeductible: ['Annual Part D Deductible Amount', 'Annual Drug Deductible'],
  moop: ['In-network MOOP Amount', 'In-Network Maximum Out-of-Pocket (MOOP) Amount'],
  contractId: ['Contract ID'],
  planId: ['Plan ID'],
  segmentId: ['Segment ID'],
  snp: ['Special Needs Plan (SNP) Indicator', 'SNP Indicator', 'Special Needs Plan'],
  snpType: ['Special Needs Plan (SNP) Type', 'Special Needs Plan Type', 'SNP Type'],
} as const;

type Field = keyof typeof LANDSCAPE_COLUMNS;
const REQUIRED: Field[] = ['state', 'county', 'orgName', 'planName', 'planType', 'contractId', 'planId'];

export interface RejectedLine {
  /** 1-based line number in the file (the header is line 1) */
  line: number;
  reason: string;
  /** the line as it stands in the file (the first rejected lines only) */
  content?: string;
}

export interface LandscapeImportReport {
  year: number;
  /** landscape lines loaded (plan × county) */
  imported: number;
  /** distinct plans among them */
  plans: number;
  rejected: RejectedLine[];
}

/** "In-network MOOP Amount **" and "Monthly Consolidated Premium\n(Includes Part C + D)" name their column. */
const normaliseHeader = (header: string) =>
  header
    .replace(/[*\d]+$/, '')
    .replace(/\s+/g, ' ')
    .replace(/\* /g, ' ')
    .trim()
    .toLowerCase();

const STATE_BY_NAME = new Map<string, string>(
  STATES.flatMap((s) => [
    [s.code.toLowerCase(), s.code],
    [s.label.toLowerCase(), s.code],
  ]),
);

const MONEY = /^\$?\s*-?[\d,]*(\.\d+)?$/;
/** Keeps the landscape's text, checked: an amount like "$25.00" or "0", a dash, or empty (stored as null). */
function moneyText(value: string | undefined): { value: string | null } | { error: string } {
  const text = (value ?? '').trim();
  if (text === '' || text === '-' || /^not applicable$/i.test(text)) return { value: text === '-' ? '-' : null };
  if (!MONEY.test(text) || !/\d/.test(text)) return { error: `"${text}" is not an amount` };
  return { value: text };
}

const countyKey = (state: string, name: string) =>
  `${state}|${name
    .toLowerCase()
    .replace(/\s+(county|parish|borough|census area|municipality|city and borough)$/, '')
    .replace(/[^a-z0-9]/g, '')}`;

/** A stable product id from the plan's identity, so a re-import keeps carts and orders pointing at it. */
const maProductId = (year: number, state: string, contractId: string, planId: string, segmentId: string) =>
  `ma_${year}_${state}_${contractId}_${planId}_${segmentId}`;

interface PlanLine {
  id: string;
  state: string;
  countyFips: string;
  values: typeof supplyProducts.$inferInsert;
}

/**
 * Loads a landscape CSV for `year` (lines of another Contract Year are rejected), read as a stream (a file, or
 * the text of a small one). Existing plans of that year in the file's states are replaced by the file's
 * version; their county lists are rebuilt.
 */
export async function importMaLandscape(
  db: Db,
  csv: Readable | string,
  options: {
    year: number;
    /** more work in the load's transaction (an import job marks itself done there, so it is applied once) */
    inTransaction?: (tx: Db) => Promise<void>;
    /** every line is checked (lines read below the header, the rejected ones), before anything is written */
    onChecked?: (linesRead: number, rejected: RejectedLine[]) => void;
  },
): Promise<LandscapeImportReport> {
  const { year } = options;
  const rejected: RejectedLine[] = [];
  const reader = csvReader();
  const source = typeof csv === 'string' ? Readable.from([csv]) : csv;
  // a read error of the file ends the reader with that error, which the loop below throws
  source.on('error', (err) => reader.destroy(err));
  const rows = csvRecords(source.pipe(reader));
  const first = await rows.next();
  if (first.done) return { year, imported: 0, plans: 0, rejected: [{ line: 1, reason: 'The file is empty' }] };
  if ('error' in first.value) {
    source.destroy();
    return { year, imported: 0, plans: 0, rejected: [{ line: 1, reason: `The header line: ${first.value.error}` }] };
  }
  const headers = first.value.cells.map(normaliseHeader);
  const columnOf = {} as Record<Field, number>;
  for (const [field, names] of Object.entries(LANDSCAPE_COLUMNS) as [Field, readonly string[]][]) {
    columnOf[field] = names.map((n) => headers.indexOf(normaliseHeader(n))).find((i) => i >= 0) ?? -1;
  }
  const missing = REQUIRED.filter((f) => columnOf[f] < 0);
  if (missing.length > 0) {
    const names = missing.map((f) => `"${LANDSCAPE_COLUMNS[f][0]}"`).join(', ');
    source.destroy();
    return { year, imported: 0, plans: 0, rejected: [{ line: 1, reason: `Missing column ${names}` }] };
  }

  const countyRows = await db
    .select({ fips: counties.fips, state: counties.stateCode, name: counties.name })
    .from(counties);
  const fipsByName = new Map(countyRows.map((c) => [countyKey(c.state, c.name), c.fips]));

  const lines: PlanLine[] = [];
  for await (const record of rows) {
    const { line: lineNo } = record;
    // the line's text for the rejects CSV: the first lines only, so a file of bad lines is never held whole
    const reject = (reason: string) =>
      rejected.push({
        line: lineNo,
        reason,
        ...(rejected.length < IMPORT_REPORT_LINES ? { content: rejectedLineContent(record.raw) } : {}),
      });
    if ('error' in record) {
      reject(record.error);
      continue;
    }
    const { cells } = record;
    const get = (f: Field) => (columnOf[f] >= 0 ? (cells[columnOf[f]] ?? '').trim() : '');
    const blank = REQUIRED.find((f) => get(f) === '');
    if (blank) {
      reject(`${LANDSCAPE_COLUMNS[blank][0]} is empty`);
      continue;
    }
    const lineYear = get('year');
    if (lineYear !== '' && Number(lineYear) !== year) {
      reject(`Contract Year ${lineYear} is not ${year}`);
      continue;
    }
    const state = STATE_BY_NAME.get(get('state').toLowerCase());
    if (!state) {
      reject(`Unknown state "${get('state')}"`);
      continue;
    }
    const countyFips = fipsByName.get(countyKey(state, get('county')));
    if (!countyFips) {
      reject(`Unknown county "${get('county')}" in ${state}`);
      continue;
    }
    const contractId = get('contractId').toUpperCase();
    if (!/^[HRE]\d{4}$/.test(contractId)) {
      reject(`Contract ID "${contractId}" is not a letter H, R or E and 4 digits`);
      continue;
    }
    const planId = get('planId');
    if (!/^\d{1,3}$/.test(planId)) {
      reject(`Plan ID "${planId}" is not 1 to 3 digits`);
      continue;
    }
    const segmentId = get('segmentId') || '0';
    if (!/^\d{1,3}$/.test(segmentId)) {
      reject(`Segment ID "${segmentId}" is not 1 to 3 digits`);
      continue;
    }
    const premium = moneyText(get('premium'));
    const deductible = moneyText(get('drugDeductible'));
    const moop = moneyText(get('moop'));
    const moneyError = [premium, deductible, moop].find((m) => 'error' in m);
    if (moneyError && 'error' in moneyError) {
      reject(moneyError.error);
      continue;
    }
    const isSnp = /^(yes|y|true|1)$/i.test(get('snp')) || get('snpType') !== '';
    const paddedPlan = planId.padStart(3, '0');
    const paddedSegment = segmentId.padStart(3, '0');
    const id = maProductId(year, state, contractId, paddedPlan, paddedSegment);
    lines.push({
      id,
      state,
      countyFips,
      values: {
        id,
        year,
        type: MEDICARE_ADVANTAGE,
        stateCode: state,
        orgName: get('orgName'),
        planName: get('planName'),
        contractId,
        planId: paddedPlan,
        segmentId: paddedSegment,
        planType: get('planType'),
        snpType: isSnp ? get('snpType') || 'SNP' : null,
        monthlyPremium: 'value' in premium ? premium.value : null,
        drugDeductible: 'value' in deductible ? deductible.value : null,
        inNetworkMoop: 'value' in moop ? moop.value : null,
      },
    });
  }

  options.onChecked?.(lines.length + rejected.length, rejected);
  const plans = new Map(lines.map((l) => [l.id, l.values]));
  const links = [...new Map(lines.map((l) => [`${l.countyFips}|${l.id}`, l])).values()];
  const states = [...new Set(lines.map((l) => l.state))];
  await db.transaction(async (tx) => {
    if (states.length > 0) {
      // the file is the year's whole landscape for its states: plans no longer offered lose their counties
      const existing = tx
        .select({ id: supplyProducts.id })
        .from(supplyProducts)
        .where(
          and(
            eq(supplyProducts.year, year),
            eq(supplyProducts.type, MEDICARE_ADVANTAGE),
            inArray(supplyProducts.stateCode, states),
          ),
        );
      await tx.delete(supplyProductCounties).where(inArray(supplyProductCounties.productId, existing));
    }
    const values = [...plans.values()];
    for (let i = 0; i < values.length; i += 500) {
      await tx
        .insert(supplyProducts)
        .values(values.slice(i, i + 500))
        .onConflictDoUpdate({
          target: supplyProducts.id,
          set: {
            orgName: sql`excluded.org_name`,
            planName: sql`excluded.plan_name`,
            planType: sql`excluded.plan_type`,
            snpType: sql`excluded.snp_type`,
            monthlyPremium: sql`excluded.monthly_premium`,
            drugDeductible: sql`excluded.drug_deductible`,
            inNetworkMoop: sql`excluded.in_network_moop`,
          },
        });
    }
    for (let i = 0; i < links.length; i += 1000) {
      await tx
        .insert(supplyProductCounties)
        .values(links.slice(i, i + 1000).map((l) => ({ countyFips: l.countyFips, productId: l.id })))
        .onConflictDoNothing();
    }
    await options.inTransaction?.(tx);
  });
  return { year, imported: links.length, plans: plans.size, rejected };
}

/** A short fingerprint of a file, for the import log (read as a stream). */
export async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex').slice(0, 12);
}
