import { PROSPECT_ROW_CAP } from '@arc/contract';
import { and, asc, between, desc, eq, fillPlaceholders, gte, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { counties, t65Counties, t65Exports, t65ListInfo, t65Prospects, zipCodes } from '../../db/schema/index.ts';
import { auditInsertWithin } from '../audit/service.ts';
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
 * the same (an index scan on the place and T65 date). The searches' prepared text (`searchStatement`) has the same
 * condition with placeholders.
 */
const anyOf = (column: typeof t65Prospects.zip | typeof t65Prospects.countyFips, values: string[]) =>
  sql`${column} = any(${sql.param(values)}::text[])`;

/** The rows a county search finds (the export checks its ids against the same condition). */
export const countiesMatch = (fips: string[], range: RangeFilter) =>
  and(anyOf(t65Prospects.countyFips, fips), between(t65Prospects.t65, range.datefrom, range.dateto));
/** The rows a ZIP code search finds. */
export const zipsMatch = (zips: string[], range: RangeFilter) =>
  and(anyOf(t65Prospects.zip, zips), between(t65Prospects.t65, range.datefrom, range.dateto));

export type SearchKind = 'county' | 'zip';

/** What a search statement is given: the search and its audit row's values. */
export interface SearchValues extends RangeFilter {
  /** the chosen counties (FIPS codes) or ZIP codes, each once */
  places: string[];
  /** a county search's state: every county must lie in it (null: any state; ignored by a ZIP search) */
  state: string | null;
  /** the audit row: when, who, from where, and the search as the agent sent it (JSON text) */
  occurredAt: string;
  agentId: string;
  ip: string | null;
  search: string;
}

/** A row a search statement answers: a prospect, and whether the search names a place it must refuse. */
export type SearchRow = ProspectDbRow & {
  /** true when a place is no county or ZIP code, or a county lies outside the state named: nothing was recorded */
  refused: boolean;
};

const value = (name: keyof SearchValues) => sql.placeholder(name);
const placesOf = sql`${value('places')}::text[]`;

/**
 * A search as one statement, so that it costs one round trip (docs/decisions/prospects.md): the rows of `places` with a
 * T65 date in the range, in T65 order (then id), at most PROSPECT_ROW_CAP and one more to tell a capped search, read
 * by the plain ordered query (the county and ZIP indexes hold that order: no sort, no copy of the rows); whether a
 * place does not exist (or, for counties, lies outside the state named); and the search's audit row, written only
 * when no place is refused, with how many rows the agent gets. The audit row's count is read from the index alone
 * (`counted`: an index-only scan of the same range, no row fetched), not from a materialised copy of the rows.
 */
function searchStatement(kind: SearchKind): SQL {
  const p = t65Prospects;
  const place = kind === 'county' ? p.countyFips : p.zip;
  const known =
    kind === 'county'
      ? sql`select from ${counties} where ${counties.fips} = place`
      : sql`select from ${zipCodes} where ${zipCodes.zip} = place`;
  const elsewhere =
    kind === 'county'
      ? sql`exists (select from ${counties} where ${counties.fips} = any(${placesOf})
          and ${counties.stateCode} <> ${value('state')}::text)`
      : sql`false`;
  // the contract's cap, written into the text: the planner knows how many rows at most a search reads
  const cap = sql.raw(String(PROSPECT_ROW_CAP));
  const matches = sql`${place} = any(${placesOf}) and ${p.t65} between ${value('datefrom')} and ${value('dateto')}`;
  const recorded = auditInsertWithin(
    {
      occurredAt: sql`${value('occurredAt')}::timestamptz`,
      agentId: sql`${value('agentId')}::text`,
      ip: sql`${value('ip')}::text`,
      action: sql`'prospects.searched'`,
      subject: sql.raw(`'${kind}'`),
      detail: sql`jsonb_build_object('search', ${value('search')}::jsonb, 'rows', least(found.n, ${cap}),
        'isCapped', found.n > ${cap})`,
    },
    sql`counted as found`,
    sql`not (select refused from checked)`,
  );
  return sql`with counted as (
      select count(*) as n from (select from ${p} where ${matches} limit ${cap} + 1) as matching
    ),
    checked as (
      select exists (select from unnest(${placesOf}) as place where not exists (${known})) or ${elsewhere} as refused
    ),
    recorded as (${recorded})
    select ${p}.*, (select refused from checked) as refused from ${p}
    where ${matches}
    order by ${p.t65} asc, ${p.id} asc
    limit ${cap} + 1`;
}

/** Each kind of search as one query text, whatever the number of places (they are one array parameter). */
const dialect = new PgDialect();
const SEARCH_SQL: Record<SearchKind, Query> = {
  county: dialect.sqlToQuery(searchStatement('county')),
  zip: dialect.sqlToQuery(searchStatement('zip')),
};

/**
 * The searches' prepared statements on PostgreSQL (PGlite takes no names): each connection parses and plans a
 * search once, then only binds its values. The plan PostgreSQL keeps after a few searches (its generic plan) is
 * the same index scan on the place and T65 date (docs/decisions/prospects.md). A list replaced by the import (a table
 * renamed into place) makes PostgreSQL analyse and plan the statement again.
 */
export const SEARCH_STATEMENT: Record<SearchKind, string> = { county: 't65_county_search', zip: 't65_zip_search' };

/**
 * The statement name, text and parameters a search sends to PostgreSQL: bench/prospects.mjs runs exactly these
 * directly in SQL.
 */
export const searchQuery = (
  kind: SearchKind,
  values: SearchValues,
): { name: string; sql: string; params: unknown[] } => ({
  name: SEARCH_STATEMENT[kind],
  sql: SEARCH_SQL[kind].sql,
  params: fillPlaceholders(SEARCH_SQL[kind].params, { ...values }),
});

/**
 * The two searches as prepared queries of each database (docs/decisions/prospects.md): built once, so a search only
 * binds its values, and named, so that PostgreSQL parses and plans each once per connection.
 */
const preparedSearches = new WeakMap<Db, Record<SearchKind, PgPreparedQuery<PreparedQueryConfig>>>();

/** Runs a search: its rows, its check of the places and its audit row in one statement (`searchStatement`). */
export async function runSearch(db: Db, kind: SearchKind, values: SearchValues): Promise<SearchRow[]> {
  let prepared = preparedSearches.get(db);
  if (!prepared) {
    const prepare = (k: SearchKind) => db._.session.prepareQuery(SEARCH_SQL[k], undefined, SEARCH_STATEMENT[k], false);
    prepared = { county: prepare('county'), zip: prepare('zip') };
    preparedSearches.set(db, prepared);
  }
  const result = (await prepared[kind].execute({ ...values })) as { rows: SearchRow[] };
  return result.rows;
}

/**
 * Runs a select's SQL through `db.execute`, so that the driver builds each row object itself. Drizzle's own
 * execution of a select maps every field of every row through its column objects: 3.3 ms of the server's ~15 ms
 * for a 2,684-row county search (docs/decisions/prospects.md), more than the query itself on PostgreSQL.
 */
async function rowsOf(db: Db, query: { getSQL(): SQL }): Promise<ProspectDbRow[]> {
  return (await db.execute<ProspectDbRow>(query.getSQL())).rows;
}

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
