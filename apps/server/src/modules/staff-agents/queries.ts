import {
  AGENTS_PAGE_SIZE,
  AGENTS_TOTAL_CAP,
  type AgentSort,
  type AgentStatus,
  type ReadyToSellRow,
  type StaffAgentDetail,
  type StaffAgentRow,
} from '@arc/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  agentReadyToSell,
  agents,
  auditLog,
  certifications,
  contracts,
  signInThrottle,
} from '../../db/schema/index.ts';
import { isActiveStatus } from '../../identity/account.ts';
import { throttleKey } from '../../identity/throttle.ts';

export type AgentRecord = typeof agents.$inferSelect;

/** The stored status of each status staff set (the spec's user info shows it as written: `Active`). */
export const STORED_STATUS: Record<AgentStatus, string> = { active: 'Active', inactive: 'Inactive' };
export const agentStatusOf = (stored: string | null): AgentStatus => (isActiveStatus(stored) ? 'active' : 'inactive');

/** isActiveStatus in SQL: an empty or `inactive` status (any case) is inactive. */
const isActiveSql = sql`coalesce(lower(trim(${agents.status})), '') not in ('', 'inactive')`;

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search: a prefix of the NPN, the e-mail, the last name or "first last", each served by its
 * `text_pattern_ops` index (migration 0014), so a search stays an index lookup at 50,000 agents.
 */
function searchWhere(q: string | undefined, status: AgentStatus | undefined): SQL | undefined {
  const conditions: SQL[] = [];
  if (q) {
    const pattern = likePrefix(q.toLowerCase());
    conditions.push(
      sql`(${agents.npn} like ${pattern} or lower(${agents.email}) like ${pattern} or lower(${agents.lastName}) like ${pattern} or lower(${agents.firstName} || ' ' || ${agents.lastName}) like ${pattern})`,
    );
  }
  if (status === 'active') conditions.push(isActiveSql);
  if (status === 'inactive') conditions.push(sql`not ${isActiveSql}`);
  return conditions.length ? and(...conditions) : undefined;
}

function orderBy(sort: AgentSort): SQL[] {
  const isDesc = sort.startsWith('-');
  const key = isDesc ? sort.slice(1) : sort;
  const dir = isDesc ? desc : asc;
  const columns: Record<string, SQL[]> = {
    npn: [dir(agents.npn)],
    name: [dir(agents.lastName), dir(agents.firstName), dir(agents.npn)],
    email: [isDesc ? sql`lower(${agents.email}) desc` : sql`lower(${agents.email})`, dir(agents.npn)],
    state: [dir(agents.state), dir(agents.npn)],
    tier: [dir(agents.memberSupportTier), dir(agents.npn)],
    status: [dir(agents.status), dir(agents.npn)],
  };
  return columns[key] ?? columns.name!;
}

/** How far the count goes for a page: {@link AGENTS_TOTAL_CAP}, or to the page's end when deeper. */
const countCap = (offset: number) => Math.max(AGENTS_TOTAL_CAP, offset + AGENTS_PAGE_SIZE);

/**
 * The number of matching agents, exact up to {@link countCap}: the count reads at most that many rows, not the
 * 45,000 active agents on every page. `capped`: there are more.
 */
async function countMatches(
  db: Db,
  where: SQL | undefined,
  offset: number,
): Promise<{ total: number; capped: boolean }> {
  const cap = countCap(offset);
  const limited = db
    .select({ one: sql`1` })
    .from(agents)
    .where(where)
    .limit(cap + 1)
    .as('limited');
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(limited);
  const total = count?.total ?? 0;
  return total > cap ? { total: cap, capped: true } : { total, capped: false };
}

/**
 * A search's page and count in one pass, when it matches at most {@link countCap} agents: the matches are read first
 * (the prefix indexes' bitmap, into a `materialized` CTE), then counted and sorted. Otherwise the planner walks the
 * sort's index and filters, which reads tens of thousands of rows when the matches sit together at the other end of
 * the name order (bench/README.md). The CTE takes the table's name, so the sort's columns (`"agents"."npn"`) name its
 * rows; inside it, `agents` is still the table (a CTE is not in scope in its own body). `'over the cap'`: more
 * matches than that, for the caller to page along the sort's index (they are then a fifth of the table or more).
 */
async function searchPage(
  db: Db,
  where: SQL,
  sort: AgentSort,
  offset: number,
): Promise<{ ids: string[]; total: number } | 'over the cap'> {
  const cap = countCap(offset);
  const found = await db.execute<{ id: string; total: number }>(sql`
    with ${agents} as materialized (
      select ${sql.join(
        [
          agents.id,
          agents.npn,
          agents.lastName,
          agents.firstName,
          agents.email,
          agents.state,
          agents.memberSupportTier,
          agents.status,
        ].map((column) => sql.identifier(column.name)),
        sql`, `,
      )}
      from ${agents} where ${where} limit ${cap + 1}
    )
    select ${agents.id}, count(*) over ()::int as total from ${agents}
    order by ${sql.join(orderBy(sort), sql`, `)} limit ${AGENTS_PAGE_SIZE} offset ${offset}`);
  const total = Number(found.rows[0]?.total ?? 0);
  if (total > cap) return 'over the cap';
  // past the last match there is no row to carry the count: count again (a page past the end, rare)
  if (found.rows.length === 0 && offset > 0) return { ids: [], total: (await countMatches(db, where, offset)).total };
  return { ids: found.rows.map((row) => row.id), total };
}

/** One page of the table, and the number of matching agents (exact up to a cap: `totalCapped`). */
export async function selectAgentsPage(
  db: Db,
  query: { q?: string | undefined; status?: AgentStatus | undefined; page: number; sort: AgentSort },
  now: Date,
): Promise<{ rows: StaffAgentRow[]; total: number; totalCapped: boolean }> {
  const where = searchWhere(query.q, query.status);
  const offset = (query.page - 1) * AGENTS_PAGE_SIZE;
  const searched = query.q && where ? await searchPage(db, where, query.sort, offset) : undefined;
  let page: AgentRecord[];
  let count: { total: number; capped: boolean };
  if (searched && searched !== 'over the cap') {
    const found = searched.ids.length ? await db.select().from(agents).where(inArray(agents.id, searched.ids)) : [];
    const byId = new Map(found.map((a) => [a.id, a]));
    page = searched.ids.flatMap((id) => byId.get(id) ?? []);
    count = { total: searched.total, capped: false };
  } else {
    // no search, or one matching more than the cap: the sort's index finds a page in a few rows
    [page, count] = await Promise.all([
      db
        .select()
        .from(agents)
        .where(where)
        .orderBy(...orderBy(query.sort))
        .limit(AGENTS_PAGE_SIZE)
        .offset(offset),
      searched ? { total: countCap(offset), capped: true } : countMatches(db, where, offset),
    ]);
  }
  const extras = await signInFacts(
    db,
    page.map((a) => a.id),
    now,
  );
  return { rows: page.map((a) => toRow(a, extras.get(a.id))), total: count.total, totalCapped: count.capped };
}

interface SignInFacts {
  lockedUntil: Date | null;
  lastSignInAt: Date | null;
}

/** The lock and last sign-in of a page of agents: two small reads by key, not a join over the whole roster. */
async function signInFacts(db: Db, agentIds: string[], now: Date): Promise<Map<string, SignInFacts>> {
  const facts = new Map<string, SignInFacts>(agentIds.map((id) => [id, { lockedUntil: null, lastSignInAt: null }]));
  if (agentIds.length === 0) return facts;
  const [locks, signIns] = await Promise.all([
    db
      .select({ key: signInThrottle.key, lockedUntil: signInThrottle.lockedUntil })
      .from(signInThrottle)
      .where(
        inArray(
          signInThrottle.key,
          agentIds.map((agentId) => throttleKey({ agentId, login: '' })),
        ),
      ),
    db
      .select({ agentId: auditLog.agentId, at: sql<Date>`max(${auditLog.occurredAt})` })
      .from(auditLog)
      .where(and(inArray(auditLog.agentId, agentIds), eq(auditLog.action, 'sign-in.succeeded')))
      .groupBy(auditLog.agentId),
  ]);
  for (const lock of locks) {
    const fact = facts.get(lock.key.slice('agent:'.length));
    if (fact && lock.lockedUntil && lock.lockedUntil > now) fact.lockedUntil = lock.lockedUntil;
  }
  for (const signIn of signIns) {
    const fact = signIn.agentId ? facts.get(signIn.agentId) : undefined;
    if (fact) fact.lastSignInAt = new Date(signIn.at);
  }
  return facts;
}

function toRow(agent: AgentRecord, facts: SignInFacts | undefined): StaffAgentRow {
  return {
    npn: agent.npn,
    firstName: agent.firstName,
    lastName: agent.lastName,
    email: agent.email,
    state: agent.state,
    tier: agent.memberSupportTier,
    status: agentStatusOf(agent.status),
    registered: agent.passwordHash !== null,
    lockedUntil: facts?.lockedUntil ?? null,
    lastSignInAt: facts?.lastSignInAt ?? null,
  };
}

export async function findAgentRecordByNpn(db: Db, npn: string): Promise<AgentRecord | undefined> {
  const [agent] = await db.select().from(agents).where(eq(agents.npn, npn)).limit(1);
  return agent;
}

const RECENT_AUDIT_EVENTS = 20;

/**
 * An agent's page: the row, the contracts it holds with their certifications, its Ready-to-Sell rows and its
 * latest audit events.
 */
export async function selectAgentDetail(db: Db, agent: AgentRecord, now: Date): Promise<StaffAgentDetail> {
  const [facts, held, events, readyToSell] = await Promise.all([
    signInFacts(db, [agent.id], now),
    db
      .select({
        id: contracts.id,
        carrierName: contracts.carrierName,
        status: contracts.status,
        writingNumber: contracts.writingNumber,
      })
      .from(contracts)
      .where(eq(contracts.holderAgentId, agent.id))
      .orderBy(contracts.carrierName, contracts.id),
    db
      .select({
        occurredAt: auditLog.occurredAt,
        action: auditLog.action,
        subject: auditLog.subject,
        staffId: auditLog.staffId,
      })
      .from(auditLog)
      .where(eq(auditLog.agentId, agent.id))
      .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
      .limit(RECENT_AUDIT_EVENTS),
    db
      .select({
        carrier: agentReadyToSell.orgName,
        state: agentReadyToSell.stateCode,
        productType: agentReadyToSell.productType,
        planYear: agentReadyToSell.year,
        status: agentReadyToSell.status,
        asOf: agentReadyToSell.asOf,
      })
      .from(agentReadyToSell)
      .where(eq(agentReadyToSell.agentId, agent.id))
      .orderBy(
        desc(agentReadyToSell.year),
        agentReadyToSell.orgName,
        agentReadyToSell.stateCode,
        agentReadyToSell.productType,
      ),
  ]);
  const certs = held.length
    ? await db
        .select({ contractId: certifications.contractId, year: certifications.year, product: certifications.product })
        .from(certifications)
        .where(
          inArray(
            certifications.contractId,
            held.map((c) => c.id),
          ),
        )
        .orderBy(desc(certifications.year), certifications.product)
    : [];
  return {
    ...toRow(agent, facts.get(agent.id)),
    username: agent.username,
    phone: agent.mobilePhone,
    createdAt: agent.createdAt,
    contracts: held.map((c) => ({
      ...c,
      certifications: certs.filter((x) => x.contractId === c.id).map(({ year, product }) => ({ year, product })),
    })),
    readyToSell: readyToSell.map((row) => ({
      ...row,
      productType: row.productType as ReadyToSellRow['productType'],
      status: row.status as ReadyToSellRow['status'],
    })),
    auditEvents: events,
  };
}
