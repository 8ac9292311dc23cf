import { gzipSync } from 'node:zlib';
import type { commissionStatements, files } from '../db/schema/index.ts';
import { csvText } from '../platform/csv.ts';
import type { Random } from '../platform/random.ts';
import type { Storage } from '../platform/storage.ts';
import { storeFile } from './factories.ts';

const CARRIERS = ['Humana', 'Aetna', 'UnitedHealthcare', 'Wellcare', 'Cigna Healthcare', 'Anthem', 'Devoted Health'];
const PRODUCTS = ['Medicare Advantage', 'Part D', 'Medicare Supplement', 'Dental', 'Final Expense'];
const CLIENT_FIRST = ['Mary', 'Robert', 'Patricia', 'John', 'Linda', 'Michael', 'Barbara', 'William', 'Susan', 'David'];
const CLIENT_LAST = ['Anderson', 'Thomas', 'Jackson', 'White', 'Harris', 'Martin', 'Thompson', 'Moore', 'Clark'];

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** A statement's CSV: one line per paid policy, with a total line. */
export function statementCsv(random: Random, date: string): string {
  const header = [
    'Carrier',
    'Policy Number',
    'Client',
    'Product',
    'Effective Date',
    'Transaction',
    'Premium',
    'Commission',
  ];
  const lines: string[][] = [header];
  let total = 0;
  const count = random.int(4, 14);
  for (let i = 0; i < count; i += 1) {
    const product = random.pick(PRODUCTS);
    const commission = product === 'Medicare Advantage' ? random.pick([320.5, 611, 56.25]) : random.int(8, 95);
    total += commission;
    lines.push([
      random.pick(CARRIERS),
      `P${random.int(10_000_000, 99_999_999)}`,
      `${random.pick(CLIENT_LAST)}, ${random.pick(CLIENT_FIRST)}`,
      product,
      date.slice(0, 8) + '01',
      random.pick(['New', 'Renewal', 'Renewal', 'Chargeback']),
      (random.int(0, 180) + random.int(0, 99) / 100).toFixed(2),
      commission.toFixed(2),
    ]);
  }
  lines.push(['Total', '', '', '', '', '', '', total.toFixed(2)]);
  return csvText(lines);
}

export interface StatementPlan {
  agentId: string;
  /** names that appear on the statements (the agent and the agents in their downline) */
  names: Array<[string, string]>;
  count: number;
  /** the newest statement date; older ones go back about two years */
  newest: Date;
}

type FileInsert = typeof files.$inferInsert;
type StatementInsert = typeof commissionStatements.$inferInsert;

/**
 * Statements spread over the two years before `newest`, each CSV stored gzip-compressed (design §3). Writes run
 * a few at a time so the first start stays quick.
 */
export async function demoCommissionStatements(
  storage: Storage,
  random: Random,
  plan: StatementPlan,
): Promise<{ fileRows: FileInsert[]; statements: StatementInsert[] }> {
  const items = Array.from({ length: plan.count }, (_, i) => {
    const date = isoDate(new Date(plan.newest.getTime() - Math.floor((i * 730) / plan.count) * 86_400_000));
    const [first, last] = i % 3 === 0 ? plan.names[0]! : random.pick(plan.names);
    const id = `cms_${plan.agentId.replace(/^agt_/, '')}_${String(i).padStart(4, '0')}`;
    return { id, first, last, date, csv: statementCsv(random, date) };
  });
  const fileRows: FileInsert[] = [];
  const statements: StatementInsert[] = [];
  const BATCH = 25;
  for (let i = 0; i < items.length; i += BATCH) {
    const written = await Promise.all(
      items.slice(i, i + BATCH).map((item) =>
        storeFile(storage, {
          id: `fil_${item.id}`,
          name: `${item.first}_${item.last}_${item.date}.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: gzipSync(item.csv),
          contentEncoding: 'gzip',
          ownerAgentId: plan.agentId,
        }),
      ),
    );
    fileRows.push(...written);
  }
  items.forEach((item, index) => {
    statements.push({
      id: item.id,
      agentId: plan.agentId,
      firstName: item.first,
      lastName: item.last,
      statementDate: item.date,
      fileId: fileRows[index]!.id,
    });
  });
  return { fileRows, statements };
}
