import { or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { agents } from './schema/index.ts';

/** How many agents a search resolves to ids before it leaves the matching to the database (a subquery). */
export const AGENT_IDS_CAP = 500;

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A prefix of the agent's NPN, last name or "first last" (the agents' prefix indexes, migration 0014). */
export const agentPrefixWhere = (q: string): SQL => {
  const pattern = likePrefix(q.toLowerCase());
  return or(
    sql`${agents.npn} like ${pattern}`,
    sql`lower(${agents.lastName}) like ${pattern}`,
    sql`lower(${agents.firstName} || ' ' || ${agents.lastName}) like ${pattern}`,
  )!;
};

/**
 * The condition "the row's agent matches the search" for a queue over a million rows (docs/decisions/enrollments.md):
 * the matching agents are looked up first, through the prefix indexes, and named by id, so the planner sees how few
 * they are and reads their rows through the table's agent index (an NPN: one agent's 500 rows, not a walk of the whole
 * queue); past AGENT_IDS_CAP matches (a prefix such as "l") the rows are dense enough for a walk along the page's
 * order, and the condition stays a subquery.
 */
export async function agentMatch(db: Db, agentIdColumn: AnyColumn, q: string): Promise<SQL | undefined> {
  const rows = await db
    .select({ id: agents.id })
    .from(agents)
    .where(agentPrefixWhere(q))
    .limit(AGENT_IDS_CAP + 1);
  if (rows.length === 0) return undefined;
  if (rows.length > AGENT_IDS_CAP) {
    return sql`${agentIdColumn} in (select ${agents.id} from ${agents} where ${agentPrefixWhere(q)})`;
  }
  return sql`${agentIdColumn} in (${sql.join(
    rows.map((r) => sql`${r.id}`),
    sql`, `,
  )})`;
}
