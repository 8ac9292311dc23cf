import { and, asc, between, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { t65Counties, t65Exports, t65ListInfo, t65Prospects } from '../../db/schema/index.ts';
import { buildPlacesIndex, type PlacesIndex } from './places-index.ts';

/**
 * A row of t65_prospects as the driver reads it: column names, the T65 date as text, `id` (bigint) a string from
 * node-postgres and a number from PGlite.
 */
export type ProspectDbRow = {
  id: string | number;
  t65: string;
  prefix: string;
  first_name: string;
  middle: string;
  last_name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  county_fips: string;
  county_name: string;
  phone: string;
};

/**
 * Every county and ZIP code of the shared places in one read, for the generator and the import (the places
 * service answers one county or ZIP at a time, which would be millions of queries for a list).
 */
export async function loadPlacesIndex(db: Db): Promise<PlacesIndex> {
  const counties = await db.execute<{ fips: string; state: string; name: string }>(
    sql`select fips, state_code as state, name from counties order by fips`,
  );
  const zips = await db.execute<{ zip: string; city: string; state: string; countyFips: string }>(
    sql`select zip, city, state_code as state, county_fips as "countyFips" from zip_codes order by zip`,
  );
  return buildPlacesIndex(counties.rows, zips.rows);
}

/** The state of each of these counties (FIPS codes) that exists in the shared places. */
export async function selectCountyStates(db: Db, fips: string[]): Promise<Map<string, string>> {
  const rows = await db.execute<{ fips: string; state: string }>(
    sql`select fips, state_code as state from counties where fips = any(${sql.param(fips)}::text[])`,
  );
  return new Map(rows.rows.map((r) => [r.fips, r.state]));
}

export interface RangeFilter {
  datefrom: string;
  dateto: string;
}

/**
 * `column = any($1::text[])`: the chosen counties or ZIP codes as one array parameter, so every search of a kind
 * sends the same query text whatever the number of places (`in ($1, …, $n)` made one text per count); the plan is
 * the same (an index scan on the place and T65 date), and bench/prospects.mjs runs this very text directly in SQL.
 */
const anyOf = (column: typeof t65Prospects.zip | typeof t65Prospects.countyFips, values: string[]) =>
  sql`${column} = any(${sql.param(values)}::text[])`;

/** The rows a county search finds (the export checks its ids against the same condition). */
export const countiesMatch = (fips: string[], range: RangeFilter) =>
  and(anyOf(t65Prospects.countyFips, fips), between(t65Prospects.t65, range.datefrom, range.dateto));
/** The rows a ZIP code search finds. */
export const zipsMatch = (zips: string[], range: RangeFilter) =>
  and(anyOf(t65Prospects.zip, zips), between(t65Prospects.t65, range.datefrom, range.dateto));

/** A search: rows in T65 order (then id), at most `limit`; the county and ZIP indexes already hold that order. */
const searchQuery = (db: Db, where: SQL | undefined, limit: number) =>
  db.select().from(t65Prospects).where(where).orderBy(asc(t65Prospects.t65), asc(t65Prospects.id)).limit(limit);

/** The query of a county search (bench/prospects.mjs runs its text directly in SQL). */
export const countySearchQuery = (db: Db, fips: string[], range: RangeFilter, limit: number) =>
  searchQuery(db, countiesMatch(fips, range), limit);

/** The query of a ZIP code search (bench/prospects.mjs runs its text directly in SQL). */
export const zipSearchQuery = (db: Db, zips: string[], range: RangeFilter, limit: number) =>
  searchQuery(db, zipsMatch(zips, range), limit);

/**
 * Runs a select's SQL through `db.execute`, so that the driver builds each row object itself. Drizzle's own
 * execution of a select maps every field of every row through its column objects: 3.3 ms of the server's ~15 ms
 * for a 2,684-row county search (decision 039), more than the query itself on PostgreSQL.
 */
async function rowsOf(db: Db, query: { getSQL(): SQL }): Promise<ProspectDbRow[]> {
  return (await db.execute<ProspectDbRow>(query.getSQL())).rows;
}

export const selectByCounties = (db: Db, fips: string[], range: RangeFilter, limit: number) =>
  rowsOf(db, countySearchQuery(db, fips, range, limit));

export const selectByZips = (db: Db, zips: string[], range: RangeFilter, limit: number) =>
  rowsOf(db, zipSearchQuery(db, zips, range, limit));

/** `id = any($1)`: one array parameter instead of one parameter per id (10,000 of them would slow planning) */
const idIn = (ids: number[]) => sql`${t65Prospects.id} = any(${sql.param(ids)}::bigint[])`;

/**
 * One page of an export: the rows among `ids` that still match the search. Pages keep each query short on the
 * embedded database's single connection.
 */
export const selectExportPage = (db: Db, ids: number[], match: SQL | undefined) =>
  rowsOf(
    db,
    db
      .select()
      .from(t65Prospects)
      .where(and(idIn(ids), match))
      .orderBy(asc(t65Prospects.t65), asc(t65Prospects.id)),
  );

export const selectProspectCounties = (db: Db, state: string) =>
  db
    .select({ id: t65Counties.countyFips, label: t65Counties.name })
    .from(t65Counties)
    .where(eq(t65Counties.state, state))
    .orderBy(asc(t65Counties.name));

export async function selectListInfo(db: Db) {
  const [row] = await db.select().from(t65ListInfo).where(eq(t65ListInfo.id, 1));
  return row;
}

export async function insertExportRecord(db: Db, values: typeof t65Exports.$inferInsert) {
  await db.insert(t65Exports).values(values);
}

export const selectExportRecords = (db: Db, options: { since?: Date; agentId?: string; limit: number }) =>
  db
    .select()
    .from(t65Exports)
    .where(
      and(
        options.since ? gte(t65Exports.exportedAt, options.since) : undefined,
        options.agentId ? eq(t65Exports.agentId, options.agentId) : undefined,
      ),
    )
    .orderBy(desc(t65Exports.exportedAt))
    .limit(options.limit);

export async function selectAgentNpn(db: Db, agentId: string): Promise<string | undefined> {
  const rows = await db.execute<{ npn: string }>(sql`select npn from agents where id = ${agentId}`);
  return rows.rows[0]?.npn;
}

export async function countExportRows(db: Db, ids: number[], match: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t65Prospects)
    .where(and(idIn(ids), match));
  return row?.n ?? 0;
}
