import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, commissionStatements } from '../../db/schema/index.ts';
import { batches } from '../../platform/csv-import.ts';

/** Ids per IN list. */
const BATCH = 1000;
/** Lines per INSERT: one JSON parameter each, so the size of a batch is bounded by memory only. */
const LINE_BATCH = 10_000;

export interface StatementAgent {
  id: string;
  firstName: string;
  lastName: string;
}

/** The agents by NPN, for the NPNs given (unknown NPNs are absent). */
export async function selectAgentsByNpn(db: Db, npns: string[]): Promise<Map<string, StatementAgent>> {
  const found = new Map<string, StatementAgent>();
  for (const batch of batches(npns, BATCH)) {
    const rows = await db
      .select({ id: agents.id, npn: agents.npn, firstName: agents.firstName, lastName: agents.lastName })
      .from(agents)
      .where(inArray(agents.npn, batch));
    for (const { npn, ...agent } of rows) found.set(npn, agent);
  }
  return found;
}

/** A period's published statements (seeded statements, which have a stored file, are not published ones). */
const publishedOf = (period: string) =>
  and(eq(commissionStatements.statementDate, period), isNull(commissionStatements.fileId));

export async function countPublishedStatements(db: Db, period: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(commissionStatements).where(publishedOf(period));
  return row?.total ?? 0;
}

/**
 * Removes a period's published statements; their lines go with them (ON DELETE CASCADE). Two publishes of one
 * period (two staff members, two replicas) take turns on a lock held until the transaction ends: the later one
 * replaces the earlier one's statements rather than colliding with them.
 */
export async function deletePublishedStatements(tx: Db, period: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`arc.commission-statements.${period}`}))`);
  await tx.delete(commissionStatements).where(publishedOf(period));
}

export async function insertStatements(tx: Db, rows: (typeof commissionStatements.$inferInsert)[]): Promise<void> {
  for (const batch of batches(rows, BATCH)) await tx.insert(commissionStatements).values(batch);
}

export interface StatementLineInsert {
  statement_id: string;
  position: number;
  carrier: string;
  policy_number: string;
  client: string;
  product: string;
  effective_date: string;
  transaction: string;
  premium: string;
  commission: string;
}

/**
 * The lines, LINE_BATCH rows per statement: the rows travel as one JSON parameter that PostgreSQL expands with
 * `jsonb_to_recordset`, so a batch is not bounded by the 65,535 parameters of a statement and is planned once.
 */
export async function insertStatementLines(tx: Db, rows: StatementLineInsert[]): Promise<void> {
  for (const batch of batches(rows, LINE_BATCH)) {
    await tx.execute(sql`
      insert into commission_statement_lines
        (statement_id, position, carrier, policy_number, client, product, effective_date, transaction, premium, commission)
      select statement_id, position, carrier, policy_number, client, product, effective_date, transaction, premium, commission
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(
        statement_id text, position integer, carrier text, policy_number text, client text, product text,
        effective_date date, transaction text, premium numeric, commission numeric)`);
  }
}
