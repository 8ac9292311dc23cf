import { and, asc, eq, gt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, clients, enrollments, soas } from '../../db/schema/index.ts';

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;

/** What a search narrows by, already normalised by the service. */
export interface ClientFilter {
  agentId: string;
  /** a name prefix: one word (first or last name) or two (first and last, either order) */
  nameWords?: string[] | undefined;
  phoneDigits?: string | undefined;
  email?: string | undefined;
  mbiLast4?: string | undefined;
  county?: string | undefined;
  language?: string | undefined;
  status?: string | undefined;
  /** birth dates from..to (inclusive), YYYY-MM-DD */
  birthBetween?: [string, string] | undefined;
}

/** The list's keyset position: lower(last name), lower(first name), id. */
export type ClientPosition = [string, string, string];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const prefix = (column: SQL, value: string) => sql`${column} like ${`${escapeLike(value.toLowerCase())}%`}`;
const lowerLast = sql`lower(${clients.lastName})`;
const lowerFirst = sql`lower(${clients.firstName})`;

function nameCondition(words: string[]): SQL | undefined {
  if (words.length === 1) return or(prefix(lowerLast, words[0]!), prefix(lowerFirst, words[0]!));
  const first = words[0]!;
  const last = words[words.length - 1]!;
  return or(
    and(prefix(lowerFirst, first), prefix(lowerLast, last)),
    and(prefix(lowerLast, first), prefix(lowerFirst, last)),
  );
}

function whereOf(filter: ClientFilter): SQL | undefined {
  const search: (SQL | undefined)[] = [];
  if (filter.nameWords?.length) search.push(nameCondition(filter.nameWords));
  if (filter.phoneDigits) search.push(sql`${clients.phoneDigits} like ${`${filter.phoneDigits}%`}`);
  if (filter.email) search.push(prefix(sql`lower(${clients.email})`, filter.email));
  if (filter.mbiLast4) search.push(eq(clients.mbiLast4, filter.mbiLast4));
  return and(
    eq(clients.agentId, filter.agentId),
    search.length > 0 ? or(...search) : undefined,
    filter.county ? eq(clients.county, filter.county) : undefined,
    filter.language ? eq(clients.language, filter.language) : undefined,
    filter.status ? eq(clients.status, filter.status) : undefined,
    filter.birthBetween
      ? sql`${clients.birthDate} between ${filter.birthBetween[0]} and ${filter.birthBetween[1]}`
      : undefined,
  );
}

/** One page of the agent's clients in the list's order (last name, first name), after `after`. */
export async function selectClientPage(
  db: Db,
  filter: ClientFilter,
  options: { after?: ClientPosition | undefined; limit: number },
): Promise<ClientRow[]> {
  const after = options.after
    ? sql`(${lowerLast}, ${lowerFirst}, ${clients.id}) > (${options.after[0]}, ${options.after[1]}, ${options.after[2]})`
    : undefined;
  return db
    .select()
    .from(clients)
    .where(and(whereOf(filter), after))
    .orderBy(asc(lowerLast), asc(lowerFirst), asc(clients.id))
    .limit(options.limit);
}

export const positionOf = (row: ClientRow): ClientPosition => [
  row.lastName.toLowerCase(),
  row.firstName.toLowerCase(),
  row.id,
];

/** The counties of the agent's clients (the county filter's choices), along the agent + county index. */
export async function selectClientCounties(db: Db, agentId: string): Promise<string[]> {
  const rows = await db.execute<{ county: string }>(sql`
    with recursive found(county) as (
      (select county from clients where agent_id = ${agentId} and county <> '' order by 1 limit 1)
      union all
      select (select c.county from clients c where c.agent_id = ${agentId} and c.county > found.county order by 1 limit 1)
      from found where found.county is not null
    )
    select county from found where county is not null`);
  return rows.rows.map((r) => r.county);
}

/** A client of this agent (or of anyone, for staff: no agentId); `forUpdate` locks the row in a transaction. */
export async function findClient(
  db: Db,
  clientId: string,
  agentId?: string,
  options: { forUpdate?: boolean } = {},
): Promise<ClientRow | undefined> {
  const query = db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), agentId === undefined ? undefined : eq(clients.agentId, agentId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertClient(db: Db, row: NewClientRow): Promise<ClientRow> {
  const [inserted] = await db.insert(clients).values(row).returning();
  return inserted!;
}

export async function setClient(db: Db, clientId: string, values: Partial<NewClientRow>): Promise<ClientRow> {
  const [row] = await db.update(clients).set(values).where(eq(clients.id, clientId)).returning();
  return row!;
}

export async function deleteClient(db: Db, clientId: string): Promise<void> {
  await db.delete(clients).where(eq(clients.id, clientId));
}

/** The agent's other clients of the same name and date of birth: likely duplicates. */
export async function selectDuplicates(db: Db, client: ClientRow): Promise<ClientRow[]> {
  if (!client.birthDate) return [];
  return db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.agentId, client.agentId),
        eq(clients.birthDate, client.birthDate),
        eq(lowerLast, client.lastName.toLowerCase()),
        eq(lowerFirst, client.firstName.toLowerCase()),
        ne(clients.id, client.id),
      ),
    )
    .limit(20);
}

// ── the links: an SOA's or an enrollment's client_id (the column is this area's) ─────────────────────────────────

/** Links the agent's SOA to the client unless it is already another's; answers whether the SOA is the agent's. */
export async function linkSoa(
  tx: Db,
  input: { soaId: string; agentId: string; clientId: string },
): Promise<'linked' | 'not-found' | 'taken'> {
  const [soa] = await tx
    .select({ clientId: soas.clientId })
    .from(soas)
    .where(and(eq(soas.id, input.soaId), eq(soas.agentId, input.agentId)))
    .for('update');
  if (!soa) return 'not-found';
  if (soa.clientId !== null && soa.clientId !== input.clientId) return 'taken';
  await tx.update(soas).set({ clientId: input.clientId }).where(eq(soas.id, input.soaId));
  return 'linked';
}

/**
 * Links the agent's new enrollment to the agent's client: one update that finds both the agent's (answers false when
 * the client is not theirs, or gone).
 */
export async function linkEnrollment(tx: Db, input: { enrollmentId: string; agentId: string; clientId: string }) {
  const rows = await tx
    .update(enrollments)
    .set({ clientId: input.clientId })
    .where(
      and(
        eq(enrollments.id, input.enrollmentId),
        eq(enrollments.agentId, input.agentId),
        sql`exists (select 1 from ${clients} where ${clients.id} = ${input.clientId} and ${clients.agentId} = ${input.agentId})`,
      ),
    )
    .returning({ id: enrollments.id });
  return rows.length === 1;
}

/** Moves every SOA and enrollment of one client to another (a merge). Answers how many of each moved. */
export async function moveLinks(tx: Db, fromId: string, toId: string): Promise<{ soas: number; enrollments: number }> {
  const movedSoas = await tx
    .update(soas)
    .set({ clientId: toId })
    .where(eq(soas.clientId, fromId))
    .returning({ id: soas.id });
  const movedEnrollments = await tx
    .update(enrollments)
    .set({ clientId: toId })
    .where(eq(enrollments.clientId, fromId))
    .returning({ id: enrollments.id });
  return { soas: movedSoas.length, enrollments: movedEnrollments.length };
}

export async function selectClientEnrollments(db: Db, clientId: string) {
  return db
    .select({
      id: enrollments.id,
      receivedAt: enrollments.receivedAt,
      status: enrollments.status,
      reason: enrollments.reason,
      carrierName: enrollments.carrierName,
      productName: enrollments.productName,
      planId: enrollments.planId,
      productType: enrollments.productType,
      effectiveDate: enrollments.effectiveDate,
    })
    .from(enrollments)
    .where(eq(enrollments.clientId, clientId))
    .orderBy(sql`${enrollments.receivedAt} desc`, enrollments.id)
    .limit(500);
}

export async function selectAgentByNpn(db: Db, npn: string) {
  const [row] = await db
    .select({ id: agents.id, npn: agents.npn, firstName: agents.firstName, lastName: agents.lastName })
    .from(agents)
    .where(eq(agents.npn, npn));
  return row;
}

export async function selectAgentById(db: Db, agentId: string) {
  const [row] = await db
    .select({ id: agents.id, npn: agents.npn, firstName: agents.firstName, lastName: agents.lastName })
    .from(agents)
    .where(eq(agents.id, agentId));
  return row;
}

/** Every stored MBI under a key other than `currentKeyId`, a batch at a time (a key rotation). */
export async function selectMbisToRekey(db: Db, currentKeyId: string, afterId: string, limit: number) {
  return db
    .select({ id: clients.id, mbiEncrypted: clients.mbiEncrypted })
    .from(clients)
    .where(
      and(
        gt(clients.id, afterId),
        sql`${clients.mbiEncrypted} is not null`,
        sql`split_part(${clients.mbiEncrypted}, '.', 2) <> ${currentKeyId}`,
      ),
    )
    .orderBy(clients.id)
    .limit(limit);
}
