import { MY_CASES_PAGE_SIZE } from '@arc/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { caseMessages, cases, staffAccounts } from '../../db/schema/index.ts';

export type NewCase = typeof cases.$inferInsert;

export async function insertCase(db: Db, row: NewCase): Promise<void> {
  await db.insert(cases).values(row);
}

/**
 * How many replies a case has, and when the last came (internal notes are not counted: the agent never sees them).
 * Spelled out with table names: drizzle leaves a one-table select's columns unqualified, which a subquery would
 * read as its own.
 */
const replyCount = sql<number>`(select count(*)::int from "case_messages" m where m."case_id" = "cases"."id" and m."kind" = 'reply')`;
const lastReplyAt = sql<Date | null>`(select max(m."created_at") from "case_messages" m where m."case_id" = "cases"."id" and m."kind" = 'reply')`;

const myCaseColumns = {
  row: cases,
  replyCount,
  // read like the column itself (a timestamptz the driver may give as text)
  lastReplyAt: lastReplyAt.mapWith(caseMessages.createdAt),
};

/** A page of the agent's own cases, newest first (`cases_agent_idx`), and how many there are. */
export async function selectMyCasesPage(db: Db, agentId: string, page: number) {
  const rows = await db
    .select(myCaseColumns)
    .from(cases)
    .where(eq(cases.agentId, agentId))
    .orderBy(desc(cases.createdAt), desc(cases.id))
    .limit(MY_CASES_PAGE_SIZE)
    .offset((page - 1) * MY_CASES_PAGE_SIZE);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(cases)
    .where(eq(cases.agentId, agentId));
  return { rows, total: count?.total ?? 0 };
}

/** One of the agent's cases; undefined when it is no case of theirs. */
export async function selectMyCase(db: Db, agentId: string, id: string) {
  const [row] = await db
    .select(myCaseColumns)
    .from(cases)
    .where(and(eq(cases.id, id), eq(cases.agentId, agentId)))
    .limit(1);
  return row;
}

/** A case's replies with their authors, oldest first: never its internal notes. */
export const selectReplies = (db: Db, caseId: string) =>
  db
    .select({
      id: caseMessages.id,
      body: caseMessages.body,
      staffEmail: staffAccounts.email,
      createdAt: caseMessages.createdAt,
    })
    .from(caseMessages)
    .innerJoin(staffAccounts, eq(staffAccounts.id, caseMessages.staffId))
    .where(and(eq(caseMessages.caseId, caseId), eq(caseMessages.kind, 'reply')))
    .orderBy(asc(caseMessages.id));
