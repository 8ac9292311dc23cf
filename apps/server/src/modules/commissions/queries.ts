import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commissionStatementLines, commissionStatements, files } from '../../db/schema/index.ts';

export type CommissionStatementRow = typeof commissionStatements.$inferSelect;
export type StatementFileRow = typeof files.$inferSelect;

/** One page of the agent's statements, newest first (ties by id, so pages never overlap). */
export async function findStatementRows(
  db: Db,
  agentId: string,
  options: { offset: number; limit: number },
): Promise<CommissionStatementRow[]> {
  return db
    .select()
    .from(commissionStatements)
    .where(eq(commissionStatements.agentId, agentId))
    .orderBy(desc(commissionStatements.statementDate), desc(commissionStatements.id))
    .limit(options.limit)
    .offset(options.offset);
}

export async function countStatementRows(db: Db, agentId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(commissionStatements)
    .where(eq(commissionStatements.agentId, agentId));
  return row?.total ?? 0;
}

/** The statement and its stored file (none on a published statement), only when it belongs to this agent. */
export async function findOwnStatement(
  db: Db,
  agentId: string,
  id: string,
): Promise<{ statement: CommissionStatementRow; file: StatementFileRow | null } | undefined> {
  const [row] = await db
    .select({ statement: commissionStatements, file: files })
    .from(commissionStatements)
    .leftJoin(files, eq(files.id, commissionStatements.fileId))
    .where(and(eq(commissionStatements.id, id), eq(commissionStatements.agentId, agentId)))
    .limit(1);
  return row;
}

/** A published statement's lines, in the file's order. */
export async function selectStatementLines(db: Db, statementId: string) {
  return db
    .select()
    .from(commissionStatementLines)
    .where(eq(commissionStatementLines.statementId, statementId))
    .orderBy(asc(commissionStatementLines.position));
}
